import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReimbursementReport } from '@lokaler/domain/reimbursement';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { call } from '../../../test/admin-test-support';
import { createAsset, createLocation } from '../../../test/factories/places';
import { addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { citizenSession } from '../../../test/factories/applicant';
import { approvedBooking, cost, enable, monthOfDate, prices, run, type Price } from '../../../test/invoicing-support';
import { findBookingRows, loadDocumentData, selvkostOf, termsFromApproval } from '../../bookings';
import { queryRows, type Db } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { seedDemoDataIfEmpty } from '../../seed/index';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { monthsBetween } from './admin-invoicing';

/** What each booking owes by the invoices and the basis: its invoices less its credit notes, plus its OPEN lines (decision 071). */
async function owedByInvoices(db: Db, locationId: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ booking_id: number; ore: number }>(
    db,
    sql`
    select booking_id, sum(ore)::int as ore from (
      select i.booking_id, case i.kind when 'INVOICE' then i.total_ore else -i.total_ore end as ore
      from invoices i where i.location_id = ${locationId}
      union all
      select l.booking_id, l.amount_ore from invoice_basis_lines l join bookings b on b.id = l.booking_id
      where b.location_id = ${locationId} and l.status = 'OPEN'
    ) x group by booking_id`,
  );
  return new Map(rows.filter((r) => Number(r.ore) !== 0).map((r) => [Number(r.booking_id), Number(r.ore)]));
}

async function reimbursement(
  ctx: TestContext,
  token: string,
  locationId: number,
  from: string,
  toExclusive: string,
): Promise<Map<number, number>> {
  const res = await call(
    ctx.app,
    token,
    'GET',
    `/api/location/${locationId}/reimbursement?fromDateInclusive=${from}&toDateExclusive=${toExclusive}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const report = res.json<ReimbursementReport>();
  return new Map(report.rows.filter((r) => r.amountOre !== 0).map((r) => [r.bookingId, r.amountOre]));
}

const firstDayAfter = (period: string) => `${monthsBetween(period, '9999-12')[1]}-01`;

/** Runs every month from `from` to `to` in order, as the city does once a month. */
async function runMonths(ctx: TestContext, token: string, locationId: number, from: string, to: string): Promise<void> {
  for (const period of monthsBetween(from, to)) await run(ctx.app, token, locationId, period);
}

describe('invoices agree with the contract and the reimbursement report', () => {
  let ctx: TestContext;
  let siri: string;
  let kariId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    kariId = (await citizenSession(ctx.app, testCitizens[0]!)).userId;
  });
  afterAll(() => ctx.close());

  it('bills an approved booking line by line as its contract states the price', async () => {
    const db = ctx.database.db;
    const locationId = (await createLocation(db, { name: 'Kontraktshuset' })).id;
    await setOpeningHours(db, locationId, '08:00', '23:00');
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    await enable(ctx.app, siri, locationId);
    const small = (await createAsset(db, locationId, { name: 'Møterom', squareMeters: 40 })).id;
    const large = (await createAsset(db, locationId, { name: 'Storsal', squareMeters: 250 })).id;
    const period = monthOfDate(inDays(40));
    const body = {
      ...cost,
      hasTilsynsvakt: true,
      tilsynsvaktWeekdays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
    };
    const bookingId = await approvedBooking(ctx.app, db, siri, {
      locationId,
      userId: kariId,
      price: body as Price,
      times: [
        { bookableAssetId: small, date: `${period}-11`, startTime: '17:00:00', durationMinutes: 95 },
        { bookableAssetId: large, date: `${period}-12`, startTime: '18:00:00', durationMinutes: 150 },
        { bookableAssetId: large, date: `${period}-19`, startTime: '18:00:00', durationMinutes: 45 },
      ],
    });
    const [invoice] = (await run(ctx.app, siri, locationId, period)).made;
    const [stored] = await db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    const [row] = await findBookingRows(db, [bookingId]);
    const contract = selvkostOf(await loadDocumentData(db, row!), termsFromApproval({ ...body, retroactiveContract: false } as never))!;
    expect(contract.lines.map((l) => l.kind)).toEqual(['ROOM', 'ROOM', 'ETABLERING', 'TILSYNSVAKT']);
    expect(stored!.lines.map((l) => [l.element, l.quantity, l.unitPriceOre, l.amountOre])).toEqual([
      ['LOKALKATEGORI_1', contract.lines[0]!.quantity, contract.lines[0]!.unitPriceOre, contract.lines[0]!.amountOre],
      ['LOKALKATEGORI_3', contract.lines[1]!.quantity, contract.lines[1]!.unitPriceOre, contract.lines[1]!.amountOre],
      ['ETABLERING', 1, contract.lines[2]!.unitPriceOre, contract.lines[2]!.amountOre],
      ['TILSYNSVAKT', contract.lines[3]!.quantity, contract.lines[3]!.unitPriceOre, contract.lines[3]!.amountOre],
    ]);
    expect(stored!.totalOre).toBe(contract.totalOre);
    expect(stored!.lines.reduce((s, l) => s + l.amountOre, 0)).toBe(contract.totalOre);
  });

  it('agrees with the reimbursement report over a generated year of bookings, holds and monthly runs', { timeout: 240_000 }, async () => {
    const db = ctx.database.db;
    const locationId = (await createLocation(db, { name: 'Årshuset' })).id;
    await setOpeningHours(db, locationId, '08:00', '23:00');
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    await enable(ctx.app, siri, locationId);
    const rooms = [
      (await createAsset(db, locationId, { name: 'Lite rom', squareMeters: 30 })).id,
      (await createAsset(db, locationId, { name: 'Mellomrom', squareMeters: 120 })).id,
      (await createAsset(db, locationId, { name: 'Salen', squareMeters: 400 })).id,
    ];
    const start = inDays(15);
    const end = addDays(start, 360);
    const booking = fc.record({
      times: fc.uniqueArray(fc.record({ room: fc.nat({ max: 2 }), day: fc.nat({ max: 359 }), minutes: fc.integer({ min: 2, max: 16 }) }), {
        minLength: 1,
        maxLength: 8,
        selector: (t) => `${t.room}|${t.day}`,
      }),
      market: fc.option(fc.integer({ min: 1, max: 2_000_000 }), { freq: 4 }),
      hold: fc.boolean(),
    });
    const [plans] = fc.sample(
      fc.uniqueArray(booking, { minLength: 30, maxLength: 30, selector: (b) => b.times.map((t) => `${t.room}|${t.day}`).join() }),
      { seed: 71, numRuns: 1 },
    );
    const taken = new Set<string>();
    const held: { bookingId: number; period: string }[] = [];
    for (const plan of plans!) {
      const times = plan.times
        .filter((t) => !taken.has(`${t.room}|${t.day}`))
        .map((t) => {
          taken.add(`${t.room}|${t.day}`);
          return { bookableAssetId: rooms[t.room]!, date: addDays(start, t.day), startTime: '10:00:00', durationMinutes: t.minutes * 15 };
        });
      if (times.length === 0) continue;
      const price: Price = plan.market
        ? { costCategory: 'MARKET', marketPrice: plan.market }
        : { costCategory: 'COST', costBasedPrices: prices };
      const bookingId = await approvedBooking(ctx.app, db, siri, { locationId, userId: kariId, times, price });
      if (plan.hold) {
        const period = monthOfDate(times[0]!.date);
        const element = plan.market ? 'MARKEDSPRIS' : 'ETABLERING';
        await call(ctx.app, siri, 'PUT', `/api/admin/booking/${bookingId}/invoice-basis/hold`, {
          held: true,
          period,
          element,
          reason: 'Kontrolleres',
        });
        held.push({ bookingId, period });
      }
    }
    // The first half of the year is run, then the holds are released and the rest is run: released lines come along.
    const months = monthsBetween(monthOfDate(start), monthOfDate(end));
    const middle = months[6]!;
    await runMonths(ctx, siri, locationId, months[0]!, middle);
    for (const h of held.filter((_, i) => i % 2 === 0)) {
      const element = (
        await queryRows<{ element: string }>(db, sql`select element::text from invoice_holds where booking_id = ${h.bookingId}`)
      )[0]!.element;
      await call(ctx.app, siri, 'PUT', `/api/admin/booking/${h.bookingId}/invoice-basis/hold`, { held: false, period: h.period, element });
    }
    await runMonths(ctx, siri, locationId, months[7]!, months.at(-1)!);
    const report = await reimbursement(ctx, siri, locationId, start, addDays(end, 1));
    expect(report.size).toBeGreaterThan(20);
    expect(await owedByInvoices(db, locationId)).toEqual(report);
    // Month by month, for the bookings whose times all fall in the month, the report's month is the invoices' month.
    for (const period of months) {
      const inMonth = await queryRows<{ id: number }>(
        db,
        sql`select b.id from bookings b join reservations r on r.booking_id = b.id where b.location_id = ${locationId}
            group by b.id having min(to_char(r.date, 'YYYY-MM')) = ${period} and max(to_char(r.date, 'YYYY-MM')) = ${period}`,
      );
      const ids = new Set(inMonth.map((r) => Number(r.id)));
      const monthReport = await reimbursement(ctx, siri, locationId, `${period}-01`, firstDayAfter(period));
      const owed = await owedByInvoices(db, locationId);
      for (const id of ids) expect([id, owed.get(id) ?? 0]).toEqual([id, monthReport.get(id) ?? 0]);
    }
    // Something was invoiced in every month with bookings, and nothing was billed twice.
    const lines = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from invoice_basis_lines where status = 'INVOICED' and invoice_id is null`,
    );
    expect(lines[0]!.n).toBe(0);
  });

  it('agrees with the reimbursement report over the demo data', { timeout: 240_000 }, async () => {
    await ctx.close();
    ctx = await createTestApp();
    const db = ctx.database.db;
    await seedDemoDataIfEmpty(db);
    const locations = await queryRows<{ location_id: number; first: string; last: string }>(
      db,
      sql`select b.location_id, min(l.period) as first, max(l.period) as last from invoice_basis_lines l join bookings b on b.id = l.booking_id group by 1 order by 1`,
    );
    expect(locations.length).toBeGreaterThan(2);
    let compared = 0;
    // Siri administers every location with priced bookings, and runs each one's months in order.
    for (const l of locations) {
      const locationId = Number(l.location_id);
      const admins = await queryRows<{ email: string }>(db, sql`select email from location_admins where location_id = ${locationId}`);
      if (!admins.some((a) => a.email === testAdmins[0]!.email.toLowerCase())) await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    }
    const token = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    for (const l of locations) {
      const locationId = Number(l.location_id);
      await enable(ctx.app, token, locationId);
      await runMonths(ctx, token, locationId, l.first, l.last);
      const report = await reimbursement(ctx, token, locationId, `${l.first}-01`, firstDayAfter(l.last));
      expect(await owedByInvoices(db, locationId)).toEqual(report);
      compared += report.size;
    }
    expect(compared).toBeGreaterThan(10);
    expect((await db.select().from(invoices)).length).toBeGreaterThan(10);
  });
});
