import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contractMessages, DOCUMENT_NOT_APPROVED, type ContractResponse } from '@lokaler/domain/contract';
import { queryRows } from '../../db/client';
import { testCitizens } from '../../seed/test-users';
import { localOrganizations } from '../../integrations/org-registry/local-org-registry';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { storeApprovedContract } from '../../../test/factories/documents';
import { contractAllowedTags } from '@lokaler/domain/contract';

describe('the contract: GET /api/user/contract/{id}, POST /api/user/contract/confirm/{id}', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let per: CitizenSession;
  let locationId: number;
  let hall: number;
  let otherRoom: number;
  const club = { number: localOrganizations.sageneSjakklubb.orgnr, name: localOrganizations.sageneSjakklubb.orgNavn };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const location = await createLocation(db, {
      name: 'Sagene samfunnshus',
      requireContract: true,
      contactEmail: 'post@sagene.example.no',
    });
    locationId = location.id;
    hall = (await createAsset(db, locationId, { name: 'Storsalen', hasOslonokkelen: true })).id;
    otherRoom = (await createAsset(db, (await createLocation(db)).id, { name: 'Gymsal' })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    per = await citizenSession(ctx.app, testCitizens[3]!);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(
      sql`truncate bookings, reservations, requirements, change_log, mail_outbox, signed_contracts, booking_documents restart identity cascade`,
    );
  });

  /** An approved booking; unless told otherwise, with the contract its administrator approved stored as the approval stores it. */
  const approved = async (fields: Partial<Parameters<typeof applicantBooking>[1]> = {}, { withContract = true } = {}) => {
    const booking = await applicantBooking(ctx.database.db, {
      locationId,
      userId: kari.userId,
      status: 'APPROVED',
      requirements: [{ type: 'CONTRACT' }],
      times: [
        { bookableAssetId: hall, date: inDays(20), startTime: '17:00:00', durationMinutes: 120 },
        { bookableAssetId: hall, date: inDays(27), startTime: '17:00:00', durationMinutes: 120 },
      ],
      ...fields,
    });
    const contract = withContract ? await storeApprovedContract(ctx.database.db, booking.id) : null;
    return { ...booking, contract };
  };
  const sha256 = (html: string) => createHash('sha256').update(html, 'utf8').digest('hex');
  const sign = (id: number, who = kari) => who.request({ method: 'POST', url: `/api/user/contract/confirm/${id}` });
  const contract = (id: number, who = kari) => who.request({ method: 'GET', url: `/api/user/contract/${id}` });
  const state = async () =>
    (
      await queryRows(
        ctx.database.db,
        sql`select
    (select string_agg(id || ':' || is_fulfilled || ':' || coalesce(fulfilled_by_name, '-'), ',' order by id) from requirements) as requirements,
    (select count(*)::int from change_log where type = 'CONTRACT') as signed_entries,
    (select count(*)::int from signed_contracts) as signed_contracts,
    (select count(*)::int from mail_outbox) as mails`,
      )
    )[0];

  it('shows the unsigned contract exactly as the administrator approved it (byte for byte, the approved hash), with only the tags printing allows', async () => {
    const booking = await approved();
    const res = await contract(booking.id);
    expect(res.statusCode).toBe(200);
    const body = res.json<ContractResponse>();
    expect(body).toMatchObject({ bookingId: booking.id, isSigned: false, signedByName: null, signedTimeUtc: null });
    expect(body.contractHtml).toBe(booking.contract!.html);
    expect(sha256(body.contractHtml)).toBe(booking.contract!.hash);
    expect(body.contractHtml).toContain('Sagene samfunnshus');
    expect(body.contractHtml).toContain('Storsalen');
    expect(body.contractHtml).toContain('Kari Nordmann');
    const tags = [...body.contractHtml.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)];
    expect(tags.length).toBeGreaterThan(10);
    for (const [, tag, attributes] of tags) {
      expect(contractAllowedTags).toContain(tag);
      expect(attributes).toBe('');
    }
  });

  it('signs: the requirement, the stored contract, the CONTRACT entry and a receipt, all together', async () => {
    const booking = await approved();
    const shown = (await contract(booking.id)).json<ContractResponse>().contractHtml;
    const res = await sign(booking.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ContractResponse>();
    expect(body).toMatchObject({ bookingId: booking.id, isSigned: true, signedByName: 'Kari Nordmann', contractHtml: shown });
    expect(shown).toBe(booking.contract!.html);

    const [requirement] = await queryRows<{
      is_fulfilled: boolean;
      fulfilled_by_user_id: number;
      fulfilled_by_name: string;
      fulfillment_time: string | Date;
    }>(ctx.database.db, sql`select * from requirements where booking_id = ${booking.id}`);
    expect(requirement).toMatchObject({ is_fulfilled: true, fulfilled_by_user_id: kari.userId, fulfilled_by_name: 'Kari Nordmann' });
    const [entry] = await queryRows<{ user_id: number; user_name: string; logged_at: string | Date }>(
      ctx.database.db,
      sql`select * from change_log where booking_id = ${booking.id} and type = 'CONTRACT'`,
    );
    expect(entry).toMatchObject({ user_id: kari.userId, user_name: 'Kari Nordmann' });
    expect(new Date(entry!.logged_at).toISOString()).toBe(new Date(requirement!.fulfillment_time).toISOString());
    expect(new Date(entry!.logged_at).toISOString()).toBe(body.signedTimeUtc);
    const [stored] = await queryRows<{ html: string; sha256: string }>(
      ctx.database.db,
      sql`select html, sha256 from signed_contracts where booking_id = ${booking.id}`,
    );
    expect(stored!.html).toBe(shown);
    expect(stored!.sha256).toBe(booking.contract!.hash);
    const mails = await queryRows<{ recipient: string; topic: { kind: string } }>(
      ctx.database.db,
      sql`select recipient, topic from mail_outbox`,
    );
    expect(mails).toEqual([{ recipient: testCitizens[0]!.email, topic: { kind: 'CONTRACT', bookingId: booking.id } }]);

    const after = (await contract(booking.id)).json<ContractResponse>();
    expect(after).toEqual(body);
    const detail = (await kari.request({ method: 'GET', url: `/api/user/booking/${booking.id}` })).json<{
      hasPendingRequirements: boolean;
    }>();
    expect(detail.hasPendingRequirements).toBe(false);
  });

  it('refuses a second signature and changes nothing', async () => {
    const booking = await approved();
    expect((await sign(booking.id)).statusCode).toBe(200);
    const before = await state();
    const again = await sign(booking.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', userMsg: contractMessages.alreadySigned });
    expect(await state()).toEqual(before);
  });

  it('signs once when two signatures arrive at the same time', async () => {
    const booking = await approved();
    const results = await Promise.all([sign(booking.id), sign(booking.id), sign(booking.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await state()).toMatchObject({ signed_entries: 1, signed_contracts: 1, mails: 1 });
  });

  it("lets only the creator sign: another representative of the organisation gets 401 with the spec's text", async () => {
    const booking = await approved({ userId: per.userId, organization: club });
    await kari.request({ method: 'POST', url: '/api/user/impersonation', payload: { orgNo: club.number, orgName: club.name } });
    expect((await contract(booking.id)).statusCode).toBe(200);
    const before = await state();
    const res = await sign(booking.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      userMsg: 'Du forsøker å signere en kontrakt på en søknad som ikke er opprettet av deg.',
    });
    expect(await state()).toEqual(before);
    await kari.request({ method: 'POST', url: '/api/user/impersonation', payload: { orgNo: '', orgName: 'NO_IMPERSONATION' } });

    // Per, acting for the club, is the creator.
    expect((await sign(booking.id, per)).statusCode).toBe(404);
    await per.request({ method: 'POST', url: '/api/user/impersonation', payload: { orgNo: club.number, orgName: club.name } });
    expect((await sign(booking.id, per)).statusCode).toBe(200);
    await per.request({ method: 'POST', url: '/api/user/impersonation', payload: { orgNo: '', orgName: 'NO_IMPERSONATION' } });
  });

  it('refuses two contract requirements, rooms of two locations, an unapproved booking and a booking without contract — changing nothing', async () => {
    const two = await approved({ requirements: [{ type: 'CONTRACT' }, { type: 'CONTRACT' }] });
    const mixed = await approved({
      times: [
        { bookableAssetId: hall, date: inDays(20), startTime: '12:00:00', durationMinutes: 60 },
        { bookableAssetId: otherRoom, date: inDays(20), startTime: '12:00:00', durationMinutes: 60 },
      ],
    });
    const waiting = await approved({
      status: 'UNPROCESSED',
      times: [{ bookableAssetId: hall, date: inDays(21), startTime: '12:00:00', durationMinutes: 60 }],
    });
    const none = await approved(
      { requirements: [], times: [{ bookableAssetId: hall, date: inDays(22), startTime: '12:00:00', durationMinutes: 60 }] },
      { withContract: false },
    );
    const before = await state();
    for (const [id, status, userMsg] of [
      [two.id, 409, contractMessages.invalidContract],
      [mixed.id, 409, contractMessages.invalidContract],
      [waiting.id, 409, contractMessages.notApproved],
      [none.id, 404, contractMessages.noContract],
    ] as const) {
      const res = await sign(id);
      expect([id, res.statusCode, res.json().userMsg]).toEqual([id, status, userMsg]);
    }
    expect((await contract(none.id)).statusCode).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('shows and stores the stored document as it is, whatever the renderer would say today', async () => {
    const booking = await approved({}, { withContract: false });
    const html = '<article><h1>Kontrakt</h1><p>Godkjent av utleier.</p></article>';
    await ctx.database.db.execute(
      sql`insert into booking_documents (booking_id, kind, html, hash) values (${booking.id}, 'CONTRACT', ${html}, ${sha256(html)})`,
    );
    expect((await contract(booking.id)).json<ContractResponse>().contractHtml).toBe(html);
    expect((await sign(booking.id)).json<ContractResponse>().contractHtml).toBe(html);
    const [stored] = await queryRows<{ html: string; sha256: string }>(
      ctx.database.db,
      sql`select html, sha256 from signed_contracts where booking_id = ${booking.id}`,
    );
    expect(stored).toEqual({ html, sha256: sha256(html) });
  });

  it('without an approved contract (none, or revoked): a clear 409 for reading and signing, never a contract built on the spot, and nothing changes', async () => {
    const never = await approved({}, { withContract: false });
    const revoked = await approved({ times: [{ bookableAssetId: hall, date: inDays(23), startTime: '12:00:00', durationMinutes: 60 }] });
    await ctx.database.db.execute(sql`update booking_documents set revoked_at = now() where booking_id = ${revoked.id}`);
    const before = await state();
    for (const id of [never.id, revoked.id]) {
      for (const res of [await contract(id), await sign(id)]) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: DOCUMENT_NOT_APPROVED, userMsg: contractMessages.notApprovedYet });
        expect(res.body).not.toContain('Kontrakt for lån');
      }
    }
    expect(await state()).toEqual(before);
    // The booking page still lists the contract, so the applicant can open it and read this state.
    const detail = (await kari.request({ method: 'GET', url: `/api/user/booking/${never.id}` })).json<{ contractExists: boolean }>();
    expect(detail.contractExists).toBe(true);
  });

  it('writes nothing when a later step of the signature fails (one transaction)', async () => {
    const booking = await approved();
    // A stored contract for the booking already: the signature's own insert fails after the requirement update.
    await ctx.database.db.execute(
      sql`insert into signed_contracts (booking_id, html, sha256, signed_by_user_id, signed_by_name, signed_at) values (${booking.id}, '<p>x</p>', 'x', ${kari.userId}, 'x', now())`,
    );
    const before = await state();
    const res = await sign(booking.id);
    expect(res.statusCode).toBe(500);
    expect(await state()).toEqual(before);
  });
});
