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
import { findBookingRows, loadDocumentData, loadReservationRows, selvkostOf, termsFromApproval } from '../../bookings';
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

/**
 * Each booking's basis of the months [first, last] by its lines (debits less credits, invoiced or open, manual
 * lines too): what its invoices and its open lines say of those months, the report's figure (decision 063 §6).
 */
async function basisOfMonths(db: Db, locationId: number, first: string, last: string): Promise<Map<number, number>> {
  const rows = await queryRows<{ booking_id: number; ore: number }>(
    db,
    sql`select l.booking_id, sum(l.amount_ore)::int as ore from invoice_basis_lines l join bookings b on b.id = l.booking_id
        where b.location_id = ${locationId} and l.period >= ${first} and l.period <= ${last} group by 1`,
  );
  return new Map(rows.filter((r) => Number(r.ore) !== 0).map((r) => [Number(r.booking_id), Number(r.ore)]));
}

/** Every invoice is the sum of its lines (a credit note's total given back), and no line is invoiced outside an invoice. */
async function expectInvoicesAreTheirLines(db: Db, locationId: number): Promise<void> {
  const rows = await queryRows<{ id: number; total: number; lines: number }>(
    db,
    sql`select i.id, case i.kind when 'INVOICE' then i.total_ore else -i.total_ore end as total, coalesce(sum(l.amount_ore), 0)::int as lines
        from invoices i left join invoice_basis_lines l on l.invoice_id = i.id where i.location_id = ${locationId}
        group by i.id, i.kind, i.total_ore order by i.id`,
  );
  for (const r of rows) expect([r.id, Number(r.lines)]).toEqual([r.id, Number(r.total)]);
  const loose = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from invoice_basis_lines where status = 'INVOICED' and invoice_id is null`,
  );
  expect(loose[0]!.n).toBe(0);
}

/**
 * The report against the invoices and open lines for every month, for random ranges of whole months, and for
 * random ranges that split a month, whose parts add up to the month within one øre per booking (decision 063 §6).
 */
async function expectAgreementByMonth(ctx: TestContext, token: string, locationId: number, months: readonly string[], seed: number) {
  const db = ctx.database.db;
  await expectInvoicesAreTheirLines(db, locationId);
  let compared = 0;
  for (const period of months) {
    const report = await reimbursement(ctx, token, locationId, `${period}-01`, firstDayAfter(period));
    expect([period, report]).toEqual([period, await basisOfMonths(db, locationId, period, period)]);
    compared += report.size;
  }
  expect(compared).toBeGreaterThan(0);
  const ranges = fc.sample(
    fc.record({ at: fc.nat({ max: months.length - 1 }), length: fc.nat({ max: 11 }), day: fc.integer({ min: 2, max: 28 }) }),
    { seed, numRuns: 8 },
  );
  for (const { at, length, day } of ranges) {
    const first = months[at]!;
    const last = months[Math.min(at + length, months.length - 1)]!;
    const report = await reimbursement(ctx, token, locationId, `${first}-01`, firstDayAfter(last));
    expect([first, last, report]).toEqual([first, last, await basisOfMonths(db, locationId, first, last)]);
    const split = `${first}-${String(day).padStart(2, '0')}`;
    const [before, after] = [
      await reimbursement(ctx, token, locationId, `${first}-01`, split),
      await reimbursement(ctx, token, locationId, split, firstDayAfter(first)),
    ];
    for (const [id, ore] of await basisOfMonths(db, locationId, first, first)) {
      const sum = (before.get(id) ?? 0) + (after.get(id) ?? 0);
      expect([id, Math.abs(sum - ore) <= 1]).toEqual([id, true]);
    }
  }
}

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
    const bookingIds: number[] = [];
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
      bookingIds.push(bookingId);
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
    // After approval and after the first half was invoiced, times are added, moved and cancelled, in invoiced
    // months and in later ones: the basis corrects the invoiced months with open lines (decision 058).
    const changes = fc.sample(
      fc.array(
        fc.record({
          kind: fc.constantFrom('add' as const, 'move' as const, 'remove' as const),
          booking: fc.nat(),
          pick: fc.nat(),
          room: fc.nat({ max: 2 }),
          day: fc.nat({ max: 359 }),
          hours: fc.integer({ min: 1, max: 3 }),
        }),
        { minLength: 18, maxLength: 18 },
      ),
      { seed: 72, numRuns: 1 },
    )[0]!;
    const evening = new Set<string>();
    const change = async (c: (typeof changes)[number]) => {
      const bookingId = bookingIds[c.booking % bookingIds.length]!;
      const active = (await loadReservationRows(db, [bookingId])).filter((r) => r.status === 'APPROVED');
      const picked = active[c.pick % active.length];
      const room = c.kind === 'move' && picked ? picked.bookableAssetId : rooms[c.room]!;
      const key = `${room}|${c.day}`;
      if (c.kind !== 'remove' && evening.has(key)) return;
      evening.add(key);
      const date = addDays(start, c.day);
      const res =
        c.kind === 'remove' && picked
          ? await call(ctx.app, siri, 'DELETE', `/api/reservation?id=${picked.id}`)
          : c.kind === 'move' && picked
            ? await call(ctx.app, siri, 'PUT', `/api/reservation/${picked.id}`, {
                updateReservations: [{ newDate: date, newStartTime: '18:00:00', newDuration: `PT${c.hours}H` }],
              })
            : await call(ctx.app, siri, 'POST', `/api/booking/${bookingId}/reservations`, {
                availabilityData: {
                  probablyAvailable: [
                    {
                      bookableAssetId: room,
                      datesAndTimes: [{ date, startTime: '18:00:00', duration: `PT${c.hours}H`, initialRepetitionDate: null }],
                    },
                  ],
                },
                isRepeating: false,
              });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    for (const c of changes) await change(c);
    const corrections = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from invoice_basis_lines l join bookings b on b.id = l.booking_id
          where b.location_id = ${locationId} and l.kind = 'CREDIT' and l.status = 'OPEN' and l.period <= ${middle}`,
    );
    expect(corrections[0]!.n).toBeGreaterThan(0);
    // The invoiced months now have open corrections: the report follows them month by month.
    await expectAgreementByMonth(ctx, siri, locationId, months, 73);
    await runMonths(ctx, siri, locationId, months[7]!, months.at(-1)!);
    const report = await reimbursement(ctx, siri, locationId, start, addDays(end, 1));
    expect(report.size).toBeGreaterThan(20);
    expect(await owedByInvoices(db, locationId)).toEqual(report);
    // Once every month is invoiced, the corrections with them, every month and range agrees again.
    await expectAgreementByMonth(ctx, siri, locationId, months, 74);
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
      // Month by month and over random ranges too, the demo's invoices and open lines are the report's.
      await expectAgreementByMonth(ctx, token, locationId, monthsBetween(l.first, l.last), locationId);
    }
    expect(compared).toBeGreaterThan(10);
    expect((await db.select().from(invoices)).length).toBeGreaterThan(10);
  });
});
