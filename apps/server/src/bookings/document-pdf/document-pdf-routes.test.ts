import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractMessages, DOCUMENT_NOT_APPROVED } from '@lokaler/domain/contract';
import type { ApiError } from '@lokaler/domain/api-error';
import { bookingDocuments } from '../../db/schema/admin-decisions';
import { testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { storeApprovedContract } from '../../../test/factories/documents';
import { inspectPdf } from '../../../test/pdf-inspection';
import { sha256Hex } from '../documents/html';
import { bookingDocumentPdf } from './booking-document-pdf';

describe('the documents as PDF: GET /api/user/vedtak/{id}/pdf, /api/user/contract/{id}/pdf (decision 055)', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let per: CitizenSession;
  let locationId: number;
  let hall: number;
  const vedtakHtml = '<article><h1>Vedtak om lån av lokale</h1><p>Bjølsen skole innvilger søknaden.</p><p>Æøå ÆØÅ</p></article>';

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Bjølsen skole', requireContract: true })).id;
    hall = (await createAsset(db, locationId, { name: 'Gymsal' })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    per = await citizenSession(ctx.app, testCitizens[3]!);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(
      sql`truncate bookings, reservations, requirements, change_log, mail_outbox, signed_contracts, booking_documents restart identity cascade`,
    );
  });

  const approved = async ({ vedtak = true, contract = true, day = 20 } = {}) => {
    const db = ctx.database.db;
    const booking = await applicantBooking(db, {
      locationId,
      userId: kari.userId,
      status: 'APPROVED',
      requirements: [{ type: 'CONTRACT' }],
      times: [{ bookableAssetId: hall, date: inDays(day), startTime: '17:00:00', durationMinutes: 120 }],
    });
    if (vedtak)
      await db.insert(bookingDocuments).values({ bookingId: booking.id, kind: 'VEDTAK', html: vedtakHtml, hash: sha256Hex(vedtakHtml) });
    const stored = contract ? await storeApprovedContract(db, booking.id) : null;
    return { ...booking, contract: stored };
  };
  const get = (url: string, who: CitizenSession | null = kari) =>
    who ? who.request({ method: 'GET', url }) : ctx.app.inject({ method: 'GET', url });

  it('gives the applicant the vedtak as a PDF attachment made from the issued HTML, with its Norwegian letters', async () => {
    const booking = await approved();
    const res = await get(`/api/user/vedtak/${booking.id}/pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="vedtak-${booking.caseNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await inspectPdf(res.rawPayload);
    expect(pdf.text).toContain('Vedtak om lån av lokale');
    expect(pdf.text).toContain('Bjølsen skole innvilger søknaden.');
    expect(pdf.text).toContain('Æøå ÆØÅ');
    expect(pdf.text).toContain(sha256Hex(vedtakHtml));
    expect(pdf.info['Title']).toBe(`Vedtak om lån av lokale, saksnummer ${booking.caseNumber}`);
  });

  it("is 404 for another person's booking, for a booking without a vedtak and for one that does not exist; 401 anonymous", async () => {
    const booking = await approved({ vedtak: false });
    const mine = await approved({ day: 21 });
    expect((await get(`/api/user/vedtak/${mine.id}/pdf`, per)).statusCode).toBe(404);
    expect((await get(`/api/user/contract/${mine.id}/pdf`, per)).statusCode).toBe(404);
    expect((await get(`/api/user/vedtak/${booking.id}/pdf`)).statusCode).toBe(404);
    expect((await get(`/api/user/vedtak/999999/pdf`)).statusCode).toBe(404);
    expect((await get(`/api/user/vedtak/${mine.id}/pdf`, null)).statusCode).toBe(401);
    expect((await get(`/api/user/contract/${mine.id}/pdf`, null)).statusCode).toBe(401);
  });

  it('gives the unsigned contract with its hash, and after signing the signed copy with signer, Oslo time and the same hash', async () => {
    const booking = await approved();
    const unsigned = await inspectPdf((await get(`/api/user/contract/${booking.id}/pdf`)).rawPayload);
    expect(unsigned.text).toContain('Kontrakt for lån og leie av lokale');
    expect(unsigned.text).toContain('Kontrakten er ikke signert.');
    expect(unsigned.text).toContain(booking.contract!.hash);

    const signing = await kari.request({ method: 'POST', url: `/api/user/contract/confirm/${booking.id}` });
    expect(signing.statusCode, signing.body).toBe(200);
    const { signedTimeUtc } = signing.json<{ signedTimeUtc: string }>();
    const res = await get(`/api/user/contract/${booking.id}/pdf`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kontrakt-${booking.caseNumber}.pdf"`);
    const signed = await inspectPdf(res.rawPayload);
    const oslo = new Intl.DateTimeFormat('nb-NO', {
      timeZone: 'Europe/Oslo',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(new Date(signedTimeUtc));
    const part = (type: string) => oslo.find((p) => p.type === type)!.value;
    expect(signed.text).toContain(
      `Signert digitalt av ${kari.name} ${part('day')}.${part('month')}.${part('year')} kl. ${part('hour')}:${part('minute')}`,
    );
    expect(signed.text).toContain(booking.contract!.hash);
    expect(signed.text).not.toContain('Kontrakten er ikke signert.');
    // The signed contract is a fixed document: the same bytes on every download.
    expect((await get(`/api/user/contract/${booking.id}/pdf`)).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('answers like the contract itself without one: 409 DOCUMENT_NOT_APPROVED before approval of its text', async () => {
    const booking = await approved({ contract: false });
    const res = await get(`/api/user/contract/${booking.id}/pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiError>()).toMatchObject({ code: DOCUMENT_NOT_APPROVED, userMsg: contractMessages.notApprovedYet });
  });

  it('bookingDocumentPdf, for other areas: the document with its name and hash, null without one', async () => {
    const booking = await approved({ vedtak: false });
    const db = ctx.database.db;
    expect(await bookingDocumentPdf(db, { bookingId: booking.id, kind: 'vedtak' })).toBeNull();
    const contract = await bookingDocumentPdf(db, { bookingId: booking.id, kind: 'contract' });
    expect(contract).toMatchObject({
      fileName: `kontrakt-${booking.caseNumber}.pdf`,
      title: `Kontrakt for lån og leie av lokale, saksnummer ${booking.caseNumber}`,
      sha256OfApprovedText: booking.contract!.hash,
    });
    expect(Buffer.from(contract!.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });
});
