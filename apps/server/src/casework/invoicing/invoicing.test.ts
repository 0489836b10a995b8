import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isValidMod10Kid, kidForInvoiceNumber, type InvoicingSummaryResponse, type UserInvoice } from '@lokaler/domain/invoices';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { call } from '../../../test/admin-test-support';
import { createAsset, createLocation } from '../../../test/factories/places';
import { addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { approvedBooking, enable, monthOf, monthOfDate, run } from '../../../test/invoicing-support';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { loadReservationRows } from '../../bookings';
import { runInvoices } from './run-invoices';
import { changeLog } from '../../db/schema/bookings';
import { invoiceOutbox, invoices } from '../../db/schema/invoices';
import { localOrganizations, type LocalOrgRegistry } from '../../integrations/org-registry/local-org-registry';
import { testAdmins, testCitizens } from '../../seed/test-users';

const club = localOrganizations.sageneSjakklubb;
const choir = localOrganizations.frognerDamekor;
const korps = localOrganizations.stovnerSkolekorps;

/** The month's invoices of a location through the real routes (decision 071), on both engines. */
describe('invoicing: Fakturagrunnlag, holds, adjustments and the run', () => {
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let kari: CitizenSession;
  let ola: CitizenSession;
  let locationId: number;
  let otherLocationId: number;
  let hall: number;
  // Two days of one month, far enough ahead for every change.
  const period = monthOfDate(inDays(40));
  // Each booking of a test on its own days (the room is one): the first on the 10th and 17th, the next on the 11th and 18th …
  let made = 0;
  const day1 = `${period}-10`;
  const at = () => {
    const n = made++;
    return [
      { bookableAssetId: hall, date: `${period}-${10 + n}`, startTime: '18:00:00', durationMinutes: 120 },
      { bookableAssetId: hall, date: `${period}-${17 + n}`, startTime: '18:00:00', durationMinutes: 90 },
    ];
  };
  /** The Norwegian text a client shows: the field's message of a schema's 400, else the answer's userMsg. */
  const messageOf = (res: { json: <T>() => T }) => {
    const body = res.json<{ userMsg: string; fields?: { message: string }[] }>();
    return body.fields?.[0]?.message ?? body.userMsg;
  };
  const registry = () => ctx.app.orgRegistry as LocalOrgRegistry;

  beforeAll(async () => {
    // Frogner Damekor is invoiced everywhere (INVOICE_ORGANIZATIONS); Sagene Sjakklubb only where the location's switch is on.
    ctx = await createTestApp({ INVOICE_ORGANIZATIONS: choir.orgnr });
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Bjølsen samfunnshus' })).id;
    otherLocationId = (await createLocation(db, { name: 'Torshov bydelshus' })).id;
    await setOpeningHours(db, locationId, '08:00', '23:00');
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    await addLocationAdmin(db, otherLocationId, testAdmins[1]!.email);
    hall = (await createAsset(db, locationId, { name: 'Storsalen', squareMeters: 300 })).id;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    ola = await citizenSession(ctx.app, testCitizens[1]!);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(
      sql`truncate bookings, reservations, change_log, mail_outbox, invoice_runs, invoice_outbox, location_invoice_settings restart identity cascade`,
    );
    registry().setInvoiceAddress(korps.orgnr, undefined);
    made = 0;
  });

  const book = (options: { organization?: { number: string; name: string }; userId?: number } = {}) =>
    approvedBooking(ctx.app, ctx.database.db, siri, { locationId, userId: options.userId ?? kari.userId, times: at(), ...options });
  const org = (o: { orgnr: string; orgNavn: string }) => ({ number: o.orgnr, name: o.orgNavn });
  const outbox = () => ctx.database.db.select().from(invoiceOutbox).orderBy(invoiceOutbox.id);

  it('keeps the location switch off with 14 days until set, and refuses terms outside 7–60 days in Norwegian', async () => {
    const url = `/api/admin/location/${locationId}/invoice-settings`;
    expect((await call(ctx.app, siri, 'GET', url)).json()).toEqual({ enabled: false, paymentTermsDays: 14 });
    const bad = await call(ctx.app, siri, 'PUT', url, { enabled: true, paymentTermsDays: 5 });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toBe('Betalingsfristen må være minst 7 dager.');
    expect((await call(ctx.app, siri, 'GET', url)).json()).toEqual({ enabled: false, paymentTermsDays: 14 });
    await enable(ctx.app, siri, locationId, 30);
    expect((await call(ctx.app, siri, 'GET', url)).json()).toEqual({ enabled: true, paymentTermsDays: 30 });
    expect((await call(ctx.app, jonas, 'PUT', url, { enabled: false, paymentTermsDays: 14 })).statusCode).toBe(403);
  });

  it('shows the month per booking with its channel: EHF for a listed organisation anywhere, nothing else until the switch is on', async () => {
    const listed = await book({ organization: org(choir) });
    const person = await book();
    let month = await monthOf(ctx.app, siri, locationId, period);
    expect(month.bookings.map((b) => [b.bookingId, b.recipientType, b.channel, b.problem])).toEqual([
      [listed, 'ORGANIZATION', 'EHF', null],
      [person, 'PERSON', null, null],
    ]);
    expect(month.bookings[1]!.toInvoiceOre).toBe(75_000 + 180_000 + 135_000);
    // A run now bills the listed organisation only; the person's booking is neither billed nor reported as skipped.
    const first = await run(ctx.app, siri, locationId, period);
    expect(first.made.map((i) => [i.bookingId, i.channel])).toEqual([[listed, 'EHF']]);
    expect(first.skipped).toEqual([]);
    await enable(ctx.app, siri, locationId);
    month = await monthOf(ctx.app, siri, locationId, period);
    expect(month.bookings.map((b) => b.channel)).toEqual(['EHF', 'ERP']);
    expect((await run(ctx.app, siri, locationId, period)).made.map((i) => [i.bookingId, i.channel])).toEqual([[person, 'ERP']]);
    const bad = await call(ctx.app, siri, 'GET', `/api/admin/location/${locationId}/invoicing?period=2026-13`);
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toBe('Perioden må være en måned (ÅÅÅÅ-MM).');
    expect((await call(ctx.app, jonas, 'GET', `/api/admin/location/${locationId}/invoicing?period=${period}`)).statusCode).toBe(403);
  });

  it("sends an organisation's invoice as EHF and the persons' in one ERP file, with KID, due date and the log", async () => {
    await enable(ctx.app, siri, locationId, 21);
    const clubBooking = await book({ organization: org(club) });
    const kariBooking = await book();
    const olaBooking = await book({ userId: ola.userId });
    const result = await run(ctx.app, siri, locationId, period);
    expect(result.skipped).toEqual([]);
    expect(result.made.map((i) => [i.bookingId, i.kind, i.channel, i.amountOre, i.delivery])).toEqual([
      [clubBooking, 'INVOICE', 'EHF', 390_000, 'QUEUED'],
      [kariBooking, 'INVOICE', 'ERP', 390_000, 'QUEUED'],
      [olaBooking, 'INVOICE', 'ERP', 390_000, 'QUEUED'],
    ]);
    for (const i of result.made) {
      expect(i.kid).toBe(kidForInvoiceNumber(i.number));
      expect(isValidMod10Kid(i.kid)).toBe(true);
      expect(i.dueDate > i.issueDate).toBe(true);
    }
    const [first] = result.made;
    expect(new Date(`${first!.dueDate}T12:00Z`).getTime() - new Date(`${first!.issueDate}T12:00Z`).getTime()).toBe(21 * 86_400_000);
    const rows = await outbox();
    expect(rows.map((r) => [r.kind, r.invoiceId])).toEqual([
      ['EHF', result.made[0]!.id],
      ['ERP', null],
    ]);
    const [stored] = await ctx.database.db.select().from(invoices).where(eq(invoices.bookingId, clubBooking));
    expect(stored!.buyer).toEqual({
      name: club.orgNavn,
      orgnr: club.orgnr,
      address: { addressLine: 'Postboks 4420 Torshov', postalCode: '0403', city: 'Oslo', countryCode: 'NO' },
      email: 'kontakt@example.no',
    });
    const log = await ctx.database.db.select().from(changeLog).where(eq(changeLog.bookingId, clubBooking));
    expect(log.filter((e) => e.type === 'InvoiceIssued').map((e) => e.comment)).toEqual([
      `Faktura ${first!.number} for ${period}: 3 900,00 kr, sendes som EHF.`,
    ]);
    // The applicant's own timeline leaves the administrator's invoicing entries out.
    const timeline = await kari.request({ method: 'GET', url: `/api/user/booking/${kariBooking}/changes` });
    expect(timeline.body).not.toContain('Faktura');
    // Every line of the month is invoiced, each on its booking's invoice.
    const month = await monthOf(ctx.app, siri, locationId, period);
    expect(
      month.bookings.every((b) => b.toInvoiceOre === 0 && b.lines.every((l) => l.status === 'INVOICED' && l.invoiceNumber !== null)),
    ).toBe(true);
    expect(month.invoices.map((i) => i.number)).toEqual(result.made.map((i) => i.number));
  });

  it('bills nothing twice: a second run, and two runs at once, make each invoice once', async () => {
    await enable(ctx.app, siri, locationId);
    const ids = [await book(), await book({ userId: ola.userId }), await book({ organization: org(club) })];
    const [a, b] = await Promise.all([run(ctx.app, siri, locationId, period), run(ctx.app, siri, locationId, period)]);
    expect([...a.made, ...b.made].map((i) => i.bookingId).sort()).toEqual(ids.sort());
    expect((await run(ctx.app, siri, locationId, period)).made).toEqual([]);
    const all = await ctx.database.db.select().from(invoices);
    expect(all).toHaveLength(3);
    expect((await outbox()).filter((r) => r.kind === 'ERP')).toHaveLength(1);
  });

  it('bills nothing twice when two runs have read the same open lines before either takes the lock', async () => {
    await enable(ctx.app, siri, locationId);
    const ids = [await book({ organization: org(club) }), await book({ organization: org(choir) }), await book()];
    // Each run waits in its address lookup (before its transaction) until both have read the month.
    let waiting: (() => void)[] = [];
    const local = registry();
    const slow = {
      invoiceAddressOf: async (orgnr: string) => {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length === 4) for (const go of waiting) go();
        });
        return local.invoiceAddressOf(orgnr);
      },
    };
    const user = (await ctx.app.authenticator.authenticate({ headers: { authorization: `Bearer ${siri}` } } as never)) as AuthenticatedUser;
    const once = () => runInvoices({ db: ctx.database.db, user, orgRegistry: slow, organizations: [choir.orgnr], locationId, period });
    const [a, b] = await Promise.all([once(), once()]);
    waiting = [];
    expect([...a.made, ...b.made].map((i) => i.bookingId).sort()).toEqual(ids.sort());
    expect(await ctx.database.db.select().from(invoices)).toHaveLength(3);
  });

  it('credits a cancelled time after its invoice: a credit note naming the invoice, positive, through the same channel', async () => {
    await enable(ctx.app, siri, locationId);
    const bookingId = await book();
    const [invoice] = (await run(ctx.app, siri, locationId, period)).made;
    const [, second] = await loadReservationRows(ctx.database.db, [bookingId]);
    expect((await call(ctx.app, siri, 'DELETE', `/api/reservation?id=${second!.id}`)).statusCode).toBe(200);
    const result = await run(ctx.app, siri, locationId, period);
    expect(result.made.map((i) => [i.kind, i.channel, i.amountOre])).toEqual([['CREDIT_NOTE', 'ERP', 135_000]]);
    const [note] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, result.made[0]!.id));
    expect(note!.creditsInvoiceId).toBe(invoice!.id);
    expect(note!.lines.map((l) => [l.element, l.quantity, l.amountOre])).toEqual([['LOKALKATEGORI_3', 1.5, 135_000]]);
  });

  it('skips an organisation without an invoice address, 0 kr and a booking without a required cost category, each with its reason, sending nothing', async () => {
    await enable(ctx.app, siri, locationId);
    const korpsBooking = await book({ organization: org(korps) });
    const zero = await book();
    const adjust = await call(ctx.app, siri, 'POST', `/api/admin/booking/${zero}/invoice-basis/adjustments`, {
      period,
      element: 'JUSTERING',
      amountOre: -390_000,
      reason: 'Leien er ettergitt etter vannlekkasje.',
    });
    expect(adjust.statusCode, adjust.body).toBe(201);
    await ctx.database.db.execute(sql`update locations set require_cost_category = true where id = ${locationId}`);
    // An administrator's loan approved with the rule overridden: no approval's terms, no category.
    const uncategorised = (
      await applicantBooking(ctx.database.db, {
        locationId,
        userId: ola.userId,
        status: 'APPROVED',
        times: at(),
        onBehalfOf: { name: 'Per Hansen', email: 'per@example.no' },
      })
    ).id;
    await ctx.database.db.execute(
      sql`update bookings set cost_category = null, purpose = 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN' where id = ${uncategorised}`,
    );
    const month = await monthOf(ctx.app, siri, locationId, period);
    expect(month.bookings.find((b) => b.bookingId === uncategorised)!.problem).toBe(
      'Bookingen mangler kostnadskategori, som lokalet krever. Sett kategorien før den kan faktureres.',
    );
    const result = await run(ctx.app, siri, locationId, period);
    expect(result.made).toEqual([]);
    expect(result.skipped.map((s) => [s.bookingId, s.reason])).toEqual([
      [
        korpsBooking,
        `Stovner Skolekorps (org.nr. ${korps.orgnr}) har ingen fakturaadresse i Enhetsregisteret. Ingen faktura er sendt; be organisasjonen registrere en postadresse.`,
      ],
      [zero, 'Beløpet er 0 kr, så ingen faktura sendes.'],
      [uncategorised, 'Bookingen mangler kostnadskategori, som lokalet krever. Sett kategorien før den kan faktureres.'],
    ]);
    expect(await outbox()).toEqual([]);
    // A register that does not answer: skipped with "try again", the lines still open.
    registry().setInvoiceAddress(korps.orgnr, 'fail');
    const again = await run(ctx.app, siri, locationId, period);
    expect(again.skipped[0]!.reason).toContain('Enhetsregisteret svarte ikke');
  });

  it('holds a line by element and month through a later change, and bills it once released', async () => {
    await enable(ctx.app, siri, locationId);
    const bookingId = await book();
    const url = `/api/admin/booking/${bookingId}/invoice-basis/hold`;
    const noReason = await call(ctx.app, siri, 'PUT', url, { held: true, period, element: 'LOKALKATEGORI_3', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(messageOf(noReason)).toBe('Skriv hvorfor linjen holdes tilbake.');
    expect((await call(ctx.app, jonas, 'PUT', url, { held: true, period, element: 'LOKALKATEGORI_3', reason: 'Nei' })).statusCode).toBe(
      403,
    );
    const held = await call(ctx.app, siri, 'PUT', url, {
      held: true,
      period,
      element: 'LOKALKATEGORI_3',
      reason: 'Søkeren klager på varmen.',
    });
    expect(held.statusCode, held.body).toBe(204);
    // The reconciliation replaces the OPEN line (a time made longer); the hold stays on the element and month.
    const [first] = await loadReservationRows(ctx.database.db, [bookingId]);
    const moved = await call(ctx.app, siri, 'PUT', `/api/reservation/${first!.id}`, {
      updateReservations: [{ newDate: day1, newStartTime: '17:00:00', newDuration: 'PT3H' }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    let month = await monthOf(ctx.app, siri, locationId, period);
    const hour = month.bookings[0]!.lines.find((l) => l.element === 'LOKALKATEGORI_3')!;
    expect([hour.quantity, hour.held, hour.holdReason]).toEqual([270, true, 'Søkeren klager på varmen.']);
    expect(month.bookings[0]!.toInvoiceOre).toBe(75_000);
    expect((await run(ctx.app, siri, locationId, period)).made.map((i) => i.amountOre)).toEqual([75_000]);
    expect((await call(ctx.app, siri, 'PUT', url, { held: false, period, element: 'LOKALKATEGORI_3' })).statusCode).toBe(204);
    month = await monthOf(ctx.app, siri, locationId, period);
    expect(month.bookings[0]!.toInvoiceOre).toBe(405_000);
    expect((await run(ctx.app, siri, locationId, period)).made.map((i) => i.amountOre)).toEqual([405_000]);
    const log = await ctx.database.db.select().from(changeLog).where(eq(changeLog.bookingId, bookingId));
    expect(log.filter((e) => e.type === 'InvoiceHold').map((e) => e.comment)).toEqual([
      `Holdt tilbake fra fakturering: leie, lokalkategori 3 for ${period}. Begrunnelse: Søkeren klager på varmen.`,
      `Frigitt for fakturering: leie, lokalkategori 3 for ${period}.`,
    ]);
  });

  it('adds a manual line with its reason that the reconciliation never touches, and refuses one without reason or of 0 kr', async () => {
    await enable(ctx.app, siri, locationId);
    const bookingId = await book();
    const url = `/api/admin/booking/${bookingId}/invoice-basis/adjustments`;
    const cases: [unknown, string][] = [
      [{ period, element: 'EKSTRA_RENHOLD', amountOre: 50_000, reason: '' }, 'Skriv hvorfor linjen legges til.'],
      [{ period, element: 'EKSTRA_RENHOLD', amountOre: 0, reason: 'Renhold' }, 'Beløpet kan ikke være 0.'],
      [{ period: '2026-1', element: 'EKSTRA_RENHOLD', amountOre: 50_000, reason: 'Renhold' }, 'Perioden må være en måned (ÅÅÅÅ-MM).'],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx.app, siri, 'POST', url, body);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
    expect((await call(ctx.app, jonas, 'POST', url, { period, element: 'JUSTERING', amountOre: 100, reason: 'x' })).statusCode).toBe(403);
    const added = await call(ctx.app, siri, 'POST', url, {
      period,
      element: 'EKSTRA_RENHOLD',
      amountOre: 50_000,
      reason: 'Ekstra renhold etter fest, 1 time.',
    });
    expect(added.statusCode, added.body).toBe(201);
    // Changes of the booking after it: the manual line stays as it was.
    const [, second] = await loadReservationRows(ctx.database.db, [bookingId]);
    expect((await call(ctx.app, siri, 'DELETE', `/api/reservation?id=${second!.id}`)).statusCode).toBe(200);
    const month = await monthOf(ctx.app, siri, locationId, period);
    const manual = month.bookings[0]!.lines.filter((l) => l.manual);
    expect(manual.map((l) => [l.element, l.amountOre, l.reason, l.status])).toEqual([
      ['EKSTRA_RENHOLD', 50_000, 'Ekstra renhold etter fest, 1 time.', 'OPEN'],
    ]);
    const [invoice] = (await run(ctx.app, siri, locationId, period)).made;
    expect(invoice!.amountOre).toBe(75_000 + 180_000 + 50_000);
    const [stored] = await ctx.database.db.select().from(invoices);
    expect(stored!.lines.at(-1)).toMatchObject({
      element: 'EKSTRA_RENHOLD',
      description: 'Ekstra renhold: Ekstra renhold etter fest, 1 time.',
      amountOre: 50_000,
    });
  });

  it("states 'Fakturert / kreditert / ikke fakturert' per month exactly", async () => {
    await enable(ctx.app, siri, locationId);
    const invoiced = await book();
    await book({ userId: ola.userId });
    await call(ctx.app, siri, 'PUT', `/api/admin/booking/${invoiced}/invoice-basis/hold`, {
      held: true,
      period,
      element: 'ETABLERING',
      reason: 'Venter',
    });
    await run(ctx.app, siri, locationId, period);
    const [, second] = await loadReservationRows(ctx.database.db, [invoiced]);
    await call(ctx.app, siri, 'DELETE', `/api/reservation?id=${second!.id}`);
    await run(ctx.app, siri, locationId, period);
    const res = await call(ctx.app, siri, 'GET', `/api/admin/location/${locationId}/invoicing/summary?from=${period}&to=${period}`);
    expect(res.statusCode, res.body).toBe(200);
    // Invoiced: Kari's hours (315 000, etablering held) and Ola's 390 000; credited: Kari's second time; open: the held etablering.
    expect(res.json<InvoicingSummaryResponse>().months).toEqual([
      { period, invoicedOre: 315_000 + 390_000, creditedOre: 135_000, notInvoicedOre: 75_000 },
    ]);
    expect(
      (await call(ctx.app, siri, 'GET', `/api/admin/location/${locationId}/invoicing/summary?from=${period}&to=2026-1`)).statusCode,
    ).toBe(400);
  });

  it("shows the citizen their own invoices only, as a person or for the organisation they act for; 404 for another's", async () => {
    await enable(ctx.app, siri, locationId);
    const own = await book();
    const clubs = await book({ organization: org(club) });
    const olas = await book({ userId: ola.userId });
    await run(ctx.app, siri, locationId, period);
    const mine = await kari.request({ method: 'GET', url: '/api/user/invoices' });
    expect(mine.statusCode, mine.body).toBe(200);
    const list = mine.json<UserInvoice[]>();
    expect(list.map((i) => [i.bookingId, i.status, i.amountOre, i.accountNumber])).toEqual([
      [own, 'UNDER_SENDING', 390_000, '12345678903'],
    ]);
    expect(list[0]!.pdfUrl).toBe(`/api/user/invoices/${list[0]!.id}/pdf`);
    expect((await kari.request({ method: 'GET', url: `/api/user/booking/${olas}/invoices` })).statusCode).toBe(404);
    await kari.request({ method: 'POST', url: '/api/user/impersonation', payload: { orgNo: club.orgnr, orgName: club.orgNavn } });
    const forClub = await kari.request({ method: 'GET', url: `/api/user/booking/${clubs}/invoices` });
    expect(forClub.json<UserInvoice[]>().map((i) => i.bookingId)).toEqual([clubs]);
    expect((await kari.request({ method: 'GET', url: '/api/user/invoices' })).json<UserInvoice[]>().map((i) => i.bookingId)).toEqual([
      clubs,
    ]);
    await kari.request({ method: 'POST', url: '/api/user/impersonation', payload: { orgNo: '', orgName: 'NO_IMPERSONATION' } });
    expect((await ola.request({ method: 'GET', url: `/api/user/booking/${own}/invoices` })).statusCode).toBe(404);
    // The PDF: the owner's, as an attachment; 404 for another citizen; the location's administrators only.
    const pdf = await kari.request({ method: 'GET', url: list[0]!.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="faktura-${list[0]!.number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await ola.request({ method: 'GET', url: list[0]!.pdfUrl })).statusCode).toBe(404);
    expect((await call(ctx.app, siri, 'GET', `/api/admin/invoices/${list[0]!.id}/pdf`)).statusCode).toBe(200);
    expect((await call(ctx.app, jonas, 'GET', `/api/admin/invoices/${list[0]!.id}/pdf`)).statusCode).toBe(403);
    expect((await call(ctx.app, siri, 'GET', `/api/admin/invoices/99999/pdf`)).statusCode).toBe(404);
    // Each side's routes refuse the other's token: a citizen's on the administrator's PDF, an administrator's on the citizen's list.
    expect((await call(ctx.app, kari.token, 'GET', `/api/admin/invoices/${list[0]!.id}/pdf`)).statusCode).toBe(403);
    expect((await call(ctx.app, siri, 'GET', '/api/user/invoices')).statusCode).toBe(401);
  });

  it("lists the booking's deliveries in the administrator's log, for its location's administrators only", async () => {
    await enable(ctx.app, siri, locationId);
    const bookingId = await book({ organization: org(club) });
    const [invoice] = (await run(ctx.app, siri, locationId, period)).made;
    const res = await call(ctx.app, siri, 'GET', `/api/booking-log/${bookingId}/invoice-messages`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject([
      { channel: 'EHF', invoiceNumbers: [invoice!.number], status: 'PENDING', attempts: 0, sentTimeUtc: null },
    ]);
    expect((await call(ctx.app, jonas, 'GET', `/api/booking-log/${bookingId}/invoice-messages`)).statusCode).toBe(403);
  });
});
