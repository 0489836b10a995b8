import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloseRoundResponse } from '@lokaler/domain/application-rounds';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { createAsset, createLocation } from '../../../test/factories/places';
import { addBlockedTime, addLocationAdmin, setOpeningHours } from '../../../test/factories/calendar';
import { addRoundApplication, createRound, semesterDates } from '../../../test/factories/application-rounds';
import { queryRows, type Db } from '../../db/client';
import { bookingDocuments } from '../../db/schema/admin-decisions';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { call, trailOf } from '../../../test/admin-test-support';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { closeRound } from './close-round';
import { busyAtClosingReason } from './decide-application';
import { ROUND_CLOSING_JOB } from './round-closing-job';

/**
 * Decision 043: closing a round writes the vedtak of every decided application
 * at a location that writes vedtak — approvals and rejections, so a refused club can appeal — and the
 * contract of the approved ones where the location requires one, through the one renderer, stored
 * with their hash in the batch's transaction; the applicant reads them on the booking page. A
 * location that requires neither gets none.
 */
describe('the documents of a closed round', () => {
  let ctx: TestContext;
  let db: Db;
  let siri: string;
  let kari: CitizenSession;
  let school: number;
  let plain: number;
  let gym: number;
  let hall: number;
  let plainRoom: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    school = (
      await createLocation(db, { name: 'Sagene skole', enableVedtak: true, requireContract: true, contactEmail: 'sagene@example.no' })
    ).id;
    plain = (await createLocation(db, { name: 'Bjølsen skole' })).id;
    gym = (await createAsset(db, school, { name: 'Gymsal', externalAssetNumber: 'G1' })).id;
    hall = (await createAsset(db, school, { name: 'Aula' })).id;
    plainRoom = (await createAsset(db, plain, { name: 'Musikkrom' })).id;
    for (const l of [school, plain]) {
      await setOpeningHours(db, l, '08:00', '22:00');
      await addLocationAdmin(db, l, testAdmins[0]!.email);
    }
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
  });
  afterAll(() => ctx.close());

  let shift = 0;
  async function freshRound() {
    shift += 70;
    const semesterStart = semesterDates(addDays('2027-01-04', shift), '2030-01-01', 1)[0]!;
    return createRound(db, { locationIds: [school, plain], semesterStart, semesterEnd: addDays(semesterStart, 27) });
  }
  const allocate = (roundId: number, changes: unknown[]) =>
    call(ctx.app, siri, 'PUT', `/api/admin/rounds/${roundId}/allocations`, { changes });
  const documentsOf = (ids: number[]) => db.select().from(bookingDocuments).where(inArray(bookingDocuments.bookingId, ids));
  const vedtakOf = async (bookingId: number) => {
    const res = await kari.request({ method: 'GET', url: `/api/user/vedtak/${bookingId}` });
    return { status: res.statusCode, html: res.statusCode === 200 ? res.json<{ vedtakHtml: string }>().vedtakHtml : '' };
  };

  it('writes the vedtak of approvals, partial approvals and rejections, and the contract of the approved, where the location asks for them', async () => {
    const round = await freshRound();
    // Kari applies as herself (a club's application is seen by whoever acts for the club).
    const club = (activity: string) => ({ userId: kari.userId, activity });
    const approved = await addRoundApplication(db, {
      round,
      locationId: school,
      ...club('Sagene IF'),
      wishes: [{ roomId: gym, weekday: 2, startTime: '18:00', endTime: '20:00' }],
    });
    const partly = await addRoundApplication(db, {
      round,
      locationId: school,
      ...club('Skolekorpset'),
      wishes: [{ roomId: hall, weekday: 1, startTime: '17:00', endTime: '18:00' }],
    });
    const rejected = await addRoundApplication(db, {
      round,
      locationId: school,
      ...club('Sjakklubben'),
      wishes: [{ roomId: gym, weekday: 2, startTime: '19:00', endTime: '20:00' }],
    });
    const plainApproved = await addRoundApplication(db, {
      round,
      locationId: plain,
      ...club('Koret'),
      wishes: [{ roomId: plainRoom, weekday: 3, startTime: '18:00', endTime: '19:00' }],
    });
    const plainRejected = await addRoundApplication(db, {
      round,
      locationId: plain,
      ...club('Bandet'),
      wishes: [{ roomId: plainRoom, weekday: 3, startTime: '18:30', endTime: '19:30' }],
    });
    const mondays = semesterDates(round.semesterStart, round.semesterEnd, 1);
    await addBlockedTime(db, hall, mondays[2]!, '17:00', 60);
    const allocated = await allocate(round.id, [
      { wishId: approved.wishIds[0], version: 0, decision: 'ASKED' },
      { wishId: partly.wishIds[0], version: 0, decision: 'ASKED' },
      { wishId: rejected.wishIds[0], version: 0, decision: 'NONE', reason: 'Rommet er tildelt barn og unge.' },
      { wishId: plainApproved.wishIds[0], version: 0, decision: 'ASKED' },
      { wishId: plainRejected.wishIds[0], version: 0, decision: 'NONE', reason: 'Rommet er tatt.' },
    ]);
    expect(allocated.statusCode, allocated.body).toBe(200);

    const closed = await call(ctx.app, siri, 'POST', `/api/admin/rounds/${round.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<CloseRoundResponse>()).toEqual({ status: 'CLOSED', approved: 2, partlyApproved: 1, rejected: 2 });

    // The approval: the granted times, the price, how to appeal — the applicant's and the administrator's read.
    const a = await vedtakOf(approved.bookingId);
    expect(a.status).toBe(200);
    expect(a.html).toContain('<h1>Vedtak om lån av lokale</h1>');
    expect(a.html).toContain('Sagene skole innvilger søknaden om lån av lokale for tidene nedenfor.');
    expect(a.html).toContain('<h3>Gymsal (G1)</h3>');
    expect(a.html).toContain('Lånet er gratis.');
    expect(a.html).toContain('Klagen sendes til Sagene skole (sagene@example.no).');
    expect(a.html).not.toContain('Ikke innvilget');
    const admin = await call(ctx.app, siri, 'GET', `/api/vedtak/${approved.bookingId}`);
    expect(admin.statusCode).toBe(200);
    expect(admin.json<{ vedtakHtml: string }>().vedtakHtml).toBe(a.html);
    // The same renderer and rules as a single approval: the preview of that approval is the same bytes.
    const preview = await call(ctx.app, siri, 'GET', `/api/vedtak-preview/${approved.bookingId}?vedtakType=APPROVAL&costCategory=FREE`);
    expect(preview.json<{ html: string }>().html).toBe(a.html);

    // Granted in part: what was refused, and why.
    const p = await vedtakOf(partly.bookingId);
    expect(p.status).toBe(200);
    expect(p.html).toContain('<h2>Ikke innvilget</h2><h3>Aula</h3>');
    expect(p.html).toContain(`Begrunnelse: ${busyAtClosingReason}`);

    // The rejection, with the reason the club can appeal.
    const r = await vedtakOf(rejected.bookingId);
    expect(r.status).toBe(200);
    expect(r.html).toContain('<h1>Vedtak om avslag på søknad om lån av lokale</h1>');
    expect(r.html).toContain('<h2>Begrunnelse</h2><p>Rommet er tildelt barn og unge.</p>');
    expect(r.html).toContain('Du kan klage på vedtaket.');

    // The contract of each approved application at a location that requires one, none for the rejected.
    for (const id of [approved.bookingId, partly.bookingId]) {
      const contract = await kari.request({ method: 'GET', url: `/api/user/contract/${id}` });
      expect(contract.statusCode, contract.body).toBe(200);
      expect(contract.json<{ contractHtml: string; isSigned: boolean }>()).toMatchObject({
        contractHtml: expect.stringContaining('<h1>Kontrakt for lån og leie av lokale</h1>'),
        isSigned: false,
      });
    }
    expect((await kari.request({ method: 'GET', url: `/api/user/contract/${rejected.bookingId}` })).statusCode).toBe(404);

    // Stored as a single approval stores them: the HTML with its SHA-256, one current document per kind.
    const stored = await documentsOf([approved.bookingId, partly.bookingId, rejected.bookingId]);
    expect(stored.map((d) => `${d.bookingId} ${d.kind}`).sort()).toEqual(
      [
        `${approved.bookingId} CONTRACT`,
        `${approved.bookingId} VEDTAK`,
        `${partly.bookingId} CONTRACT`,
        `${partly.bookingId} VEDTAK`,
        `${rejected.bookingId} VEDTAK`,
      ].sort(),
    );
    for (const d of stored) {
      expect(d.hash).toBe(createHash('sha256').update(d.html, 'utf8').digest('hex'));
      expect(d.revokedAt).toBeNull();
    }

    // The booking page offers them.
    const page = await kari.request({ method: 'GET', url: `/api/user/booking/${approved.bookingId}` });
    expect(page.json<{ vedtakExists: boolean; contractExists: boolean }>()).toMatchObject({ vedtakExists: true, contractExists: true });
    const rejectedPage = await kari.request({ method: 'GET', url: `/api/user/booking/${rejected.bookingId}` });
    expect(rejectedPage.json<{ vedtakExists: boolean; contractExists: boolean }>()).toMatchObject({
      vedtakExists: true,
      contractExists: false,
    });
    const [mail] = await queryRows<{ body: string }>(
      db,
      sql`select body from mail_outbox where (topic ->> 'bookingId')::int = ${approved.bookingId}`,
    );
    expect(mail!.body).toContain('Vedtaket sier hvordan du kan klage.');
    // The link to the vedtak's page, where it is read and downloaded as PDF (decision 055).
    expect(mail!.body).toMatch(
      new RegExp(`Les vedtaket eller last det ned som PDF: https?://\\S+/bookinger/${approved.bookingId}/vedtak\\n`),
    );
    expect(mail!.body).toContain('Du må signere kontrakten før lånet er bindende.');

    // A location that requires neither: nothing written, 404 as before, and the e-mail does not promise one.
    for (const id of [plainApproved.bookingId, plainRejected.bookingId]) expect((await vedtakOf(id)).status).toBe(404);
    expect(await documentsOf([plainApproved.bookingId, plainRejected.bookingId])).toEqual([]);
    const [plainMail] = await queryRows<{ body: string }>(
      db,
      sql`select body from mail_outbox where (topic ->> 'bookingId')::int = ${plainRejected.bookingId}`,
    );
    expect(plainMail!.body).not.toContain('Vedtaket');
    expect((await trailOf(db, plainApproved.bookingId)).status).toBe('APPROVED');
  });

  it("a crash midway leaves no decision without its vedtak; the job writes the rest's, as 'System'", async () => {
    const round = await freshRound();
    const apps = [];
    for (let i = 0; i < 4; i++) {
      apps.push(
        await addRoundApplication(db, {
          round,
          locationId: school,
          userId: kari.userId,
          wishes: [{ roomId: gym, weekday: 1 + i, startTime: '10:00', endTime: '11:00' }],
        }),
      );
    }
    expect(
      (
        await allocate(
          round.id,
          apps.map((a, i) => ({
            wishId: a.wishIds[0],
            version: 0,
            decision: i % 2 ? 'ASKED' : 'NONE',
            reason: i % 2 ? null : 'Ikke plass.',
          })),
        )
      ).statusCode,
    ).toBe(200);
    const failing = apps[1]!.bookingId;
    const user: AuthenticatedUser = {
      userId: kari.userId,
      sub: 'x',
      name: 'Siri Saksbehandler',
      email: null,
      portal: 'ADMIN',
      clientId: 'admin',
      adminLocationIds: [school, plain],
      cityAdmin: false,
    };
    await expect(
      closeRound({
        db,
        user,
        roundId: round.id,
        publicUrl: 'http://localhost',
        beforeDecision: async (_tx, bookingId) => {
          if (bookingId === failing) throw new Error('the process died here');
        },
      }),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    for (const app of apps) {
      const decided = (await trailOf(db, app.bookingId)).status !== 'UNPROCESSED';
      expect(
        (await documentsOf([app.bookingId])).some((d) => d.kind === 'VEDTAK'),
        `booking ${app.bookingId}`,
      ).toBe(decided);
    }
    expect(await documentsOf([failing])).toEqual([]);

    await ctx.app.jobs.runNow(ROUND_CLOSING_JOB);
    for (const [i, app] of apps.entries()) {
      const kinds = (await documentsOf([app.bookingId])).map((d) => d.kind).sort();
      expect(kinds).toEqual(i % 2 ? ['CONTRACT', 'VEDTAK'] : ['VEDTAK']);
    }
    const [byJob] = await db.select().from(bookingDocuments).where(eq(bookingDocuments.bookingId, failing));
    expect(byJob!.createdByUserId).toBeNull();
    expect((await vedtakOf(failing)).html).toContain('innvilger');
  });
});
