import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceMessage, UserInvoice } from '@lokaler/domain/invoices';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { call } from '../../../test/admin-test-support';
import { createAsset, createLocation } from '../../../test/factories/places';
import { addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { approvedBooking, enable, monthOfDate, run } from '../../../test/invoicing-support';
import {
  InvoiceDeliveryRefused,
  LocalAccessPoint,
  LocalErp,
  type AccessPointClient,
  type EhfMessage,
  type ErpClient,
} from '../../integrations/invoicing/index';
import { localOrganizations } from '../../integrations/org-registry/local-org-registry';
import { testAdmins, testCitizens } from '../../seed/test-users';
import type { InvoiceDelivery } from './deliver';

const club = localOrganizations.sageneSjakklubb;

/** The invoice outbox's delivery job (decision 071): once, retried with the same message id, refused for good. */
describe('delivering invoices: the EHF documents and the run’s ERP file', () => {
  let ctx: TestContext;
  let siri: string;
  let kari: CitizenSession;
  let ola: CitizenSession;
  let locationId: number;
  let hall: number;
  let local: InvoiceDelivery;
  const period = monthOfDate(inDays(40));
  let made = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Sagene samfunnshus' })).id;
    await setOpeningHours(db, locationId, '08:00', '23:00');
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    hall = (await createAsset(db, locationId, { name: 'Salen', squareMeters: 150 })).id;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    ola = await citizenSession(ctx.app, testCitizens[1]!);
    local = ctx.app.invoiceDelivery!;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(
      sql`truncate bookings, reservations, change_log, invoice_runs, invoice_outbox, location_invoice_settings restart identity cascade`,
    );
    ctx.app.invoiceDelivery = { accessPoint: new LocalAccessPoint(), erp: new LocalErp() };
    made = 0;
    await enable(ctx.app, siri, locationId);
  });

  const book = (userId: number, organization?: { number: string; name: string }) =>
    approvedBooking(ctx.app, ctx.database.db, siri, {
      locationId,
      userId,
      times: [{ bookableAssetId: hall, date: `${period}-${10 + made++}`, startTime: '18:00:00', durationMinutes: 120 }],
      ...(organization ? { organization } : {}),
    });
  const messages = async (bookingId: number) =>
    (await call(ctx.app, siri, 'GET', `/api/booking-log/${bookingId}/invoice-messages`)).json<InvoiceMessage[]>();
  const due = () => ctx.database.db.execute(sql`update invoice_outbox set next_attempt_at = now() where sent_at is null`);

  it("sends an organisation's invoice as EHF and the persons' in one ERP file, once, and the citizen sees it sent", async () => {
    expect(local.accessPoint).toBeInstanceOf(LocalAccessPoint);
    const clubBooking = await book(kari.userId, { number: club.orgnr, name: club.orgNavn });
    const kariBooking = await book(kari.userId);
    await book(ola.userId);
    const result = await run(ctx.app, siri, locationId, period);
    expect(await ctx.app.flushInvoices()).toEqual({ sent: 2, failed: 0 });
    const { accessPoint, erp } = ctx.app.invoiceDelivery as { accessPoint: LocalAccessPoint; erp: LocalErp };
    const ehfInvoice = result.made.find((i) => i.channel === 'EHF')!;
    expect(accessPoint.received.map((m) => [m.receiverOrgnr, m.kind, m.invoiceNumber])).toEqual([
      [club.orgnr, 'INVOICE', ehfInvoice.number],
    ]);
    expect(accessPoint.received[0]!.xml).toContain(`<cbc:PaymentID>${ehfInvoice.kid}</cbc:PaymentID>`);
    expect(erp.received).toHaveLength(1);
    for (const i of result.made.filter((x) => x.channel === 'ERP')) expect(erp.received[0]!.content).toContain(i.kid);
    const [ehf] = await messages(clubBooking);
    expect(ehf).toMatchObject({
      channel: 'EHF',
      status: 'SENT',
      attempts: 1,
      receiptId: `local-${ehf!.messageId}`,
      nextAttemptTimeUtc: null,
    });
    expect(await messages(kariBooking)).toMatchObject([{ channel: 'ERP', status: 'SENT' }]);
    const mine = (await kari.request({ method: 'GET', url: `/api/user/booking/${kariBooking}/invoices` })).json<UserInvoice[]>();
    expect(mine.map((i) => i.status)).toEqual(['SENDT']);
    // Nothing is sent twice.
    expect(await ctx.app.flushInvoices()).toEqual({ sent: 0, failed: 0 });
    expect(accessPoint.received).toHaveLength(1);
  });

  it('tries a failed delivery again with back-off and the same message id, and marks a refusal FAILED with its words', async () => {
    const attempts: EhfMessage[] = [];
    let failNext = true;
    const flaky: AccessPointClient = {
      send: (message) => {
        attempts.push(message);
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('Aksesspunktet svarte 503'));
        }
        return Promise.resolve({ receiptId: `ap-${attempts.length}` });
      },
    };
    const refusing: ErpClient = { deliver: () => Promise.reject(new InvoiceDeliveryRefused('Filen mangler kolonnen KID')) };
    ctx.app.invoiceDelivery = { accessPoint: flaky, erp: refusing };
    const clubBooking = await book(kari.userId, { number: club.orgnr, name: club.orgNavn });
    const kariBooking = await book(kari.userId);
    await run(ctx.app, siri, locationId, period);
    expect(await ctx.app.flushInvoices()).toEqual({ sent: 0, failed: 2 });
    const [retrying] = await messages(clubBooking);
    expect(retrying).toMatchObject({ status: 'RETRYING', attempts: 1, lastError: 'Aksesspunktet svarte 503' });
    const wait = new Date(retrying!.nextAttemptTimeUtc!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(30_000);
    expect(wait).toBeLessThanOrEqual(61_000);
    expect(await messages(kariBooking)).toMatchObject([
      { status: 'FAILED', lastError: 'Filen mangler kolonnen KID', nextAttemptTimeUtc: null },
    ]);
    // Not due yet: nothing happens; due: sent with the same message id; the refused file is never tried again.
    expect(await ctx.app.flushInvoices()).toEqual({ sent: 0, failed: 0 });
    await due();
    expect(await ctx.app.flushInvoices()).toEqual({ sent: 1, failed: 0 });
    expect(attempts.map((m) => m.messageId)).toEqual([retrying!.messageId, retrying!.messageId]);
    expect(await messages(clubBooking)).toMatchObject([
      { status: 'SENT', attempts: 2, receiptId: 'ap-2', lastError: 'Aksesspunktet svarte 503' },
    ]);
    expect(await messages(kariBooking)).toMatchObject([{ status: 'FAILED', attempts: 1 }]);
  });
});
