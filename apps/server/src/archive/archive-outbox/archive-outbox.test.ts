import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ArchiveMessageStatus } from '@lokaler/domain/archive-message';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { arkivmeldingSchemaErrors } from '../../../test/arkivmelding-schema';
import { bookingWithTimes, call } from '../../../test/admin-test-support';
import { addLocationAdmin, inDays } from '../../../test/factories/calendar';
import { storeApprovedContract } from '../../../test/factories/documents';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { loginAs } from '../../../test/login';
import { bookingDocumentPdf, changeStatus, recordApplicationReceived, sha256Hex } from '../../bookings';
import { recordChange } from '../../bookings/bookings';
import { archiveOutbox } from '../../db/schema/archive-outbox';
import { bookingDocuments } from '../../db/schema/admin-decisions';
import { bookings } from '../../db/schema/bookings';
import { writeTransaction } from '../../db/write-transaction';
import { ArchiveDeliveryError, type ArchiveClient, type ArchiveMessage } from '../../integrations/archive/archive-client';
import { LocalArchive } from '../../integrations/archive/local-archive';
import { testAdmins } from '../../seed/test-users';
import { deliverDueArchiveMessages } from './deliver';

describe('the archive outbox (decision 056): each application a case with its journal posts', () => {
  let ctx: TestContext;
  let folder: string;
  let locationId: number;
  let room: number;
  let userId: number;
  let adminToken: string;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-archive-'));
    ctx = await createTestApp({ LOCAL_ARCHIVE_DIR: folder });
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Torshov kulturhus' })).id;
    room = (await createAsset(db, locationId, { name: 'Salen' })).id;
    userId = (await createUser(db)).id;
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    adminToken = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await ctx.database.db.delete(archiveOutbox);
  });

  const db = () => ctx.database.db;
  let day = 30;
  const newBooking = () =>
    bookingWithTimes(db(), locationId, userId, [{ bookableAssetId: room, date: inDays(day++), startTime: '18:00', durationMinutes: 60 }]);
  const receive = (bookingId: number) => writeTransaction(db(), (tx) => recordApplicationReceived(tx, bookingId));
  const approve = (bookingId: number) =>
    writeTransaction(db(), (tx) =>
      changeStatus(tx, {
        bookingId,
        by: 'administrator',
        booking: { to: 'APPROVED', fields: { costCategory: 'FREE' } },
        reservations: { from: ['UNPROCESSED'], to: 'APPROVED' },
        log: { type: 'BookingApproval', userName: 'Saksbehandler' },
      }),
    );
  const storeVedtak = async (bookingId: number) => {
    const html = '<article><h1>Vedtak om lån av lokale</h1><p>Søknaden er godkjent.</p></article>';
    await db()
      .insert(bookingDocuments)
      .values({ bookingId, kind: 'VEDTAK', html, hash: sha256Hex(html) });
  };
  const sign = (bookingId: number) =>
    writeTransaction(db(), (tx) => recordChange(tx, { bookingId, type: 'CONTRACT', userId, userName: 'Kari Nordmann' }));
  const rows = (bookingId: number) =>
    db().select().from(archiveOutbox).where(eq(archiveOutbox.bookingId, bookingId)).orderBy(archiveOutbox.id);
  const adminLog = async (bookingId: number) => {
    const response = await call(ctx.app, adminToken, 'GET', `/api/booking-log/${bookingId}/archive-messages`);
    expect(response.statusCode).toBe(200);
    return response.json<ArchiveMessageStatus[]>();
  };

  it('writes a folder per message: arkivmelding.xml valid against the published schema, with the case number, and the PDF it names', async () => {
    const { bookingId, caseNumber } = await newBooking();
    await receive(bookingId);
    await storeVedtak(bookingId);
    await approve(bookingId);
    await storeApprovedContract(db(), bookingId);
    await sign(bookingId);
    expect((await rows(bookingId)).map((r) => [r.kind, r.createsCase, r.caseNumber])).toEqual([
      ['application', true, caseNumber],
      ['vedtak', false, caseNumber],
      ['contract', false, caseNumber],
    ]);

    expect(await ctx.app.flushArchive()).toEqual({ sent: 3, failed: 0 });
    const sent = await rows(bookingId);
    const expectedPdf = {
      vedtak: (await bookingDocumentPdf(db(), { bookingId, kind: 'vedtak' }))!.bytes,
      contract: (await bookingDocumentPdf(db(), { bookingId, kind: 'contract' }))!.bytes,
    };
    for (const row of sent) {
      expect(row.sentAt).not.toBeNull();
      const messageFolder = path.join(folder, row.messageId);
      const xml = fs.readFileSync(path.join(messageFolder, 'arkivmelding.xml'), 'utf8');
      expect(await arkivmeldingSchemaErrors(xml)).toEqual([]);
      expect(xml).toContain(`<n5mdk:noekkel>${caseNumber}</n5mdk:noekkel>`);
      expect(xml.includes('<mappe xsi:type="saksmappe">')).toBe(row.createsCase);
      const references = [...xml.matchAll(/<referanseDokumentfil>([^<]+)<\/referanseDokumentfil>/g)].map((m) => m[1]!);
      expect(references).toHaveLength(1);
      expect(fs.readdirSync(messageFolder).sort()).toEqual(['arkivmelding.xml', references[0]].sort());
      const pdf = fs.readFileSync(path.join(messageFolder, references[0]!));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(xml).toContain(`<sjekksum>${createHash('sha256').update(pdf).digest('hex')}</sjekksum>`);
      if (row.kind !== 'application') expect(new Uint8Array(pdf)).toEqual(expectedPdf[row.kind]);
    }
    expect(fs.readdirSync(folder).filter((name) => name.startsWith('.'))).toEqual([]);
    // Sent once: a second run has nothing to do, and the admin's log says when each went.
    expect(await ctx.app.flushArchive()).toEqual({ sent: 0, failed: 0 });
    expect((await adminLog(bookingId)).map((m) => [m.kind, m.status, m.caseNumber])).toEqual([
      ['application', 'SENT', caseNumber],
      ['vedtak', 'SENT', caseNumber],
      ['contract', 'SENT', caseNumber],
    ]);
  });

  it("queues in the transition's transaction: a rolled-back transition queues nothing", async () => {
    const { bookingId } = await newBooking();
    await expect(
      writeTransaction(db(), async (tx) => {
        await recordApplicationReceived(tx, bookingId);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rows(bookingId)).toEqual([]);
    // An abandoned hold's AUTOREJECTED is no decision: nothing for the archive.
    await db().update(bookings).set({ status: 'AUTOREJECTED' }).where(eq(bookings.id, bookingId));
    await writeTransaction(db(), (tx) => recordChange(tx, { bookingId, type: 'BookingRejection', userName: 'System' }));
    expect(await rows(bookingId)).toEqual([]);
  });

  it("two runners at once send each message once, and a booking's posts in order", async () => {
    const bookingIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { bookingId } = await newBooking();
      await receive(bookingId);
      await storeVedtak(bookingId);
      await approve(bookingId);
      bookingIds.push(bookingId);
    }
    const seen: ArchiveMessage[] = [];
    const counting: ArchiveClient = {
      async send(message) {
        seen.push(message);
        // The case must have reached the archive before a post names it.
        if (!message.xml.includes('<mappe '))
          expect(seen.filter((m) => m.caseNumber === message.caseNumber && m.xml.includes('<mappe '))).toHaveLength(1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { receiptId: `r-${message.messageId}` };
      },
    };
    const run = async () => {
      let sent = 0;
      for (let round = 0; round < 4; round++) sent += (await deliverDueArchiveMessages(db(), counting, { limit: 2 })).sent;
      return sent;
    };
    const [a, b] = await Promise.all([run(), run()]);
    expect(a + b).toBe(6);
    expect(new Set(seen.map((m) => m.messageId)).size).toBe(6);
    expect(seen).toHaveLength(6);
  });

  it('an archive that refuses a message leaves it to be retried, with its reason visible to the admin; a later run sends it', async () => {
    const { bookingId, caseNumber } = await newBooking();
    await receive(bookingId);
    const refusing: ArchiveClient = { send: () => Promise.reject(new ArchiveDeliveryError('Arkivet svarte 503: prøv igjen senere')) };
    expect(await deliverDueArchiveMessages(db(), refusing)).toEqual({ sent: 0, failed: 1 });
    const [row] = await rows(bookingId);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: 'Arkivet svarte 503: prøv igjen senere' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    const [shown] = await adminLog(bookingId);
    expect(shown).toMatchObject({
      kind: 'application',
      caseNumber,
      status: 'RETRYING',
      attempts: 1,
      lastError: 'Arkivet svarte 503: prøv igjen senere',
      sentTimeUtc: null,
      nextAttemptTimeUtc: row!.nextAttemptAt.toISOString(),
    });
    // Not due yet: nothing is sent before its time.
    expect(await deliverDueArchiveMessages(db(), new LocalArchive())).toEqual({ sent: 0, failed: 0 });
    await db()
      .update(archiveOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(archiveOutbox.id, row!.id));
    const archive = new LocalArchive();
    expect(await deliverDueArchiveMessages(db(), archive)).toEqual({ sent: 1, failed: 0 });
    expect(archive.received.map((m) => m.caseNumber)).toEqual([caseNumber]);
    expect((await adminLog(bookingId))[0]).toMatchObject({ status: 'SENT', attempts: 2, receiptId: `local-${row!.messageId}` });
  });

  it("the admin log is for the administrators of the booking's location", async () => {
    const { bookingId } = await newBooking();
    const other = await createLocation(db());
    await db().update(bookings).set({ locationId: other.id }).where(eq(bookings.id, bookingId));
    const response = await call(ctx.app, adminToken, 'GET', `/api/booking-log/${bookingId}/archive-messages`);
    expect(response.statusCode).toBe(403);
  });
});
