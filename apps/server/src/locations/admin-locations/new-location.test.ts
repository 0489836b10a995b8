import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLocationMessages, newLocationSteps, locationFieldMessages, type LocationInvitation } from '@lokaler/domain/admin-location';
import { searchAssetsResponse } from '@lokaler/domain/search-request';
import { queryRows } from '../../db/client';
import { cityAdmins } from '../../db/schema/location-setup';
import { testAdmins } from '../../seed/test-users';
import { LocalMailer } from '../../integrations/mail/mailer';
import { deliverDueMail } from '../../integrations/mail/outbox';
import { call } from '../../../test/admin-test-support';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { inDays, setOpeningHours } from '../../../test/factories/calendar';
import { createArea, createAsset } from '../../../test/factories/places';

const [, jonasPerson, , bentePerson, noraPerson] = testAdmins;
const noraEmail = noraPerson!.email.toLowerCase();

describe('a new location: invitation, wizard and publishing (decision 015)', () => {
  let ctx: TestContext;
  let bente: string;
  let nora: string;
  let jonas: string;
  const mailer = new LocalMailer();

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await db.insert(cityAdmins).values({ email: bentePerson!.email.toLowerCase() });
    await createArea(db, 'sagene', 'Sagene');
    [bente, nora, jonas] = (await Promise.all(
      [bentePerson!, noraPerson!, jonasPerson!].map(async (p) => (await loginAs(ctx.app, p, { client: 'admin' })).accessToken),
    )) as [string, string, string];
  });
  afterAll(() => ctx.close());

  /** Bente creates a location and invites Nora; answers the location, the invitation and the link from the e-mail. */
  async function invite(name: string) {
    const res = await call(ctx.app, bente, 'POST', '/api/admin/new-locations', {
      name,
      publicLocationType: 'SCHOOLS',
      geographicAreaId: 'sagene',
      adminEmail: ` ${noraPerson!.email.toUpperCase()} `,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ locationId: number; invitation: LocationInvitation }>();
    // Delivered as the dev mailbox does it: the outbox row becomes a message.
    await deliverDueMail(ctx.database.db, mailer);
    const mail = mailer.sent.findLast((m) => m.subject.includes(name))!;
    const linkId = /\/admin\/nytt-lokale\/([A-Za-z0-9_-]+)$/m.exec(mail.text)?.[1];
    return { ...body, mail, linkId: linkId! };
  }

  it('creates the location unpublished, makes the invitee its administrator and e-mails her the link, with an audit entry', async () => {
    const { locationId, invitation, mail, linkId } = await invite('Testskolen');
    expect(invitation).toMatchObject({ locationId, locationName: 'Testskolen', email: noraEmail, status: 'SENT' });
    expect(Date.parse(invitation.expiresTimeUtc) - Date.parse(invitation.createdTimeUtc)).toBe(14 * 24 * 60 * 60 * 1000);
    expect(mail.to).toBe(noraEmail);
    expect(mail.text).toContain(`http://localhost:3000/admin/nytt-lokale/${linkId}`);
    expect(Buffer.from(linkId, 'base64url')).toHaveLength(32);

    const [row] = await queryRows<{
      status: string;
      display_in_portal: boolean;
      filter_category: string;
      admins: string[];
      actions: string[];
    }>(
      ctx.database.db,
      sql`
      select status, display_in_portal, filter_category,
        (select array_agg(email) from location_admins where location_id = l.id) as admins,
        (select array_agg(action) from location_audit_log where location_id = l.id) as actions
      from locations l where id = ${locationId}`,
    );
    expect(row).toEqual({
      status: 'UNPUBLISHED',
      display_in_portal: true,
      filter_category: 'SCHOOLS',
      admins: [noraEmail],
      actions: ['LOCATION_CREATED'],
    });

    const list = await call(ctx.app, bente, 'GET', '/api/admin/new-locations');
    expect(list.json<LocationInvitation[]>().find((i) => i.locationId === locationId)).toMatchObject({ status: 'SENT', email: noraEmail });
  });

  it('refuses an unknown district with 422 and leaves nothing behind (no location, no e-mail)', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          ctx.database.db,
          sql`select (select count(*) from locations)::int + (select count(*) from mail_outbox)::int as n`,
        )
      )[0]!.n;
    const before = await count();
    const res = await call(ctx.app, bente, 'POST', '/api/admin/new-locations', {
      name: 'Ingensteds skole',
      publicLocationType: 'SCHOOLS',
      geographicAreaId: 'atlantis',
      adminEmail: noraEmail,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'UNPROCESSABLE', userMsg: locationFieldMessages.unknownArea });
    expect(await count()).toBe(before);
    const bad = await call(ctx.app, bente, 'POST', '/api/admin/new-locations', {
      name: '',
      publicLocationType: 'SCHOOLS',
      geographicAreaId: 'sagene',
      adminEmail: 'ikke-epost',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: locationFieldMessages.nameRequired },
        { path: 'body.adminEmail', message: locationFieldMessages.email },
      ]),
    );
  });

  it('lets the invitee claim once, again from another device, and nobody else (403, bound to her e-mail); unknown links are 404', async () => {
    const { locationId, linkId } = await invite('Klemskolen');
    // Before the claim Nora administers nothing here: the wizard is not hers yet.
    expect((await call(ctx.app, nora, 'GET', `/api/admin/new-location/${linkId}`)).statusCode).toBe(403);

    const claimed = await call(ctx.app, nora, 'POST', `/api/admin/new-location/${linkId}/claim`);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toEqual({
      locationId,
      locationName: 'Klemskolen',
      published: false,
      steps: Object.fromEntries(newLocationSteps.map((s) => [s, 'NOT_STARTED'])),
    });
    expect((await call(ctx.app, nora, 'POST', `/api/admin/new-location/${linkId}/claim`)).statusCode).toBe(200);
    const other = await call(ctx.app, jonas, 'POST', `/api/admin/new-location/${linkId}/claim`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN', userMsg: newLocationMessages.invitationForSomeoneElse });
    // Jonas did not become an administrator of it.
    expect((await call(ctx.app, jonas, 'GET', `/api/admin/location/${locationId}`)).statusCode).toBe(403);
    // Nora's same token now reaches the location's settings (access is read on every request).
    expect((await call(ctx.app, nora, 'GET', `/api/admin/location/${locationId}`)).statusCode).toBe(200);
    const list = await call(ctx.app, bente, 'GET', '/api/admin/new-locations');
    expect(list.json<LocationInvitation[]>().find((i) => i.locationId === locationId)!.status).toBe('USED');
    // One audit entry for the one administrator added, however often she claimed.
    const [audit] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from location_audit_log where location_id = ${locationId} and action = 'ADMIN_ADDED'`,
    );
    expect(audit!.n).toBe(1);

    const unknown = await call(ctx.app, nora, 'POST', `/api/admin/new-location/${'x'.repeat(43)}/claim`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().userMsg).toBe(newLocationMessages.invitationNotFound);
    expect((await call(ctx.app, nora, 'POST', '/api/admin/new-location/kort/claim')).statusCode).toBe(400);
  });

  it('refuses an expired link (410) but lets the person who claimed it in time go on', async () => {
    const expired = await invite('Utløpt skole');
    const inTime = await invite('Rekker det skole');
    expect((await call(ctx.app, nora, 'POST', `/api/admin/new-location/${inTime.linkId}/claim`)).statusCode).toBe(200);
    await ctx.database.db.execute(
      sql`update location_invitations set expires_at = now() - interval '1 minute' where location_id in (${expired.locationId}, ${inTime.locationId})`,
    );

    const res = await call(ctx.app, nora, 'POST', `/api/admin/new-location/${expired.linkId}/claim`);
    expect(res.statusCode).toBe(410);
    expect(res.json().userMsg).toBe(newLocationMessages.invitationExpired);
    expect((await call(ctx.app, nora, 'POST', `/api/admin/new-location/${inTime.linkId}/claim`)).statusCode).toBe(200);
    const statuses = (await call(ctx.app, bente, 'GET', '/api/admin/new-locations')).json<LocationInvitation[]>();
    expect(statuses.find((i) => i.locationId === expired.locationId)!.status).toBe('EXPIRED');
    expect(statuses.find((i) => i.locationId === inTime.locationId)!.status).toBe('USED');
  });

  it('binds the invitation to the invited e-mail: another administrator who has the link, first or at the same moment, gets 403 and the invitee still claims it', async () => {
    const { linkId, locationId } = await invite('Kappløpsskolen');
    const first = await call(ctx.app, jonas, 'POST', `/api/admin/new-location/${linkId}/claim`);
    expect(first.statusCode).toBe(403);
    expect(first.json()).toMatchObject({ code: 'FORBIDDEN', userMsg: newLocationMessages.invitationForSomeoneElse });
    // The city admin who sent it is not the invitee either.
    expect((await call(ctx.app, bente, 'POST', `/api/admin/new-location/${linkId}/claim`)).statusCode).toBe(403);
    const [a, b] = await Promise.all([
      call(ctx.app, nora, 'POST', `/api/admin/new-location/${linkId}/claim`),
      call(ctx.app, jonas, 'POST', `/api/admin/new-location/${linkId}/claim`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 403]);
    const [row] = await queryRows<{ admins: string[]; used_by: string | null }>(
      ctx.database.db,
      sql`select
      (select array_agg(email order by email) from location_admins where location_id = ${locationId}) as admins,
      (select u.sub from location_invitations i join users u on u.id = i.used_by_user_id where i.location_id = ${locationId}) as used_by`,
    );
    expect(row).toEqual({ admins: [noraEmail], used_by: noraPerson!.sub });
    expect((await call(ctx.app, jonas, 'GET', `/api/admin/location/${locationId}`)).statusCode).toBe(403);
  });

  it('sends an invitation again: a new link valid from now, the old one unknown; refused (409) once claimed; city admins only', async () => {
    const { locationId, linkId, invitation } = await invite('Purreskolen');
    await ctx.database.db.execute(
      sql`update location_invitations set expires_at = now() - interval '1 minute', created_at = now() - interval '20 days' where location_id = ${locationId}`,
    );
    expect(
      (await call(ctx.app, bente, 'GET', '/api/admin/new-locations')).json<LocationInvitation[]>().find((i) => i.id === invitation.id)!
        .status,
    ).toBe('EXPIRED');
    const before = mailer.sent.length;

    expect((await call(ctx.app, jonas, 'POST', `/api/admin/new-locations/${invitation.id}/resend`)).statusCode).toBe(403);
    expect((await call(ctx.app, nora, 'POST', `/api/admin/new-locations/${invitation.id}/resend`)).statusCode).toBe(403);
    const res = await call(ctx.app, bente, 'POST', `/api/admin/new-locations/${invitation.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    const resent = res.json<LocationInvitation>();
    expect(resent).toMatchObject({ id: invitation.id, locationId, email: noraEmail, status: 'SENT' });
    expect(Date.parse(resent.createdTimeUtc)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(resent.expiresTimeUtc) - Date.parse(resent.createdTimeUtc)).toBe(14 * 24 * 60 * 60 * 1000);

    await deliverDueMail(ctx.database.db, mailer);
    expect(mailer.sent.length).toBe(before + 1);
    const mail = mailer.sent.at(-1)!;
    expect(mail.to).toBe(noraEmail);
    const newLinkId = /\/admin\/nytt-lokale\/([A-Za-z0-9_-]+)$/m.exec(mail.text)![1]!;
    expect(newLinkId).not.toBe(linkId);

    const old = await call(ctx.app, nora, 'POST', `/api/admin/new-location/${linkId}/claim`);
    expect(old.statusCode).toBe(404);
    expect(old.json().userMsg).toBe(newLocationMessages.invitationNotFound);
    expect((await call(ctx.app, jonas, 'POST', `/api/admin/new-location/${newLinkId}/claim`)).statusCode).toBe(403);
    expect((await call(ctx.app, nora, 'POST', `/api/admin/new-location/${newLinkId}/claim`)).statusCode).toBe(200);

    const again = await call(ctx.app, bente, 'POST', `/api/admin/new-locations/${invitation.id}/resend`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', userMsg: newLocationMessages.invitationNotResendable });
    expect((await call(ctx.app, nora, 'POST', `/api/admin/new-location/${newLinkId}/claim`)).statusCode).toBe(200);
    expect((await call(ctx.app, bente, 'POST', '/api/admin/new-locations/999999/resend')).statusCode).toBe(404);
    const [audit] = await queryRows<{ actions: string[] }>(
      ctx.database.db,
      sql`select array_agg(action order by id) as actions from location_audit_log where location_id = ${locationId}`,
    );
    expect(audit!.actions).toEqual(['LOCATION_CREATED', 'INVITATION_RESENT', 'ADMIN_ADDED']);
  });

  it("keeps each step's status on the server; a saved step never goes back to started", async () => {
    const { linkId } = await invite('Stegskolen');
    await call(ctx.app, nora, 'POST', `/api/admin/new-location/${linkId}/claim`);
    const step = (name: string, status: string) =>
      call(ctx.app, nora, 'PUT', `/api/admin/new-location/${linkId}/steps/${name}`, { status });
    expect((await step('tilganger', 'STARTED')).json().steps.tilganger).toBe('STARTED');
    expect((await step('tilganger', 'SAVED')).json().steps.tilganger).toBe('SAVED');
    expect((await step('tilganger', 'STARTED')).json().steps.tilganger).toBe('SAVED');
    expect((await step('ukjent-steg', 'SAVED')).statusCode).toBe(400);
    expect((await step('tilganger', 'NOT_STARTED')).statusCode).toBe(400);
    // Resumed elsewhere (the city admin sees the same state).
    const wizard = (await call(ctx.app, bente, 'GET', `/api/admin/new-location/${linkId}`)).json();
    expect(wizard.steps).toMatchObject({ tilganger: 'SAVED', 'informasjon-om-lokalet': 'NOT_STARTED' });
  });

  it('publishes only a finished location (422 naming what is missing), and the portal shows it in the very next request', async () => {
    const { linkId, locationId } = await invite('Publiseringsskolen');
    await call(ctx.app, nora, 'POST', `/api/admin/new-location/${linkId}/claim`);
    const publish = () => call(ctx.app, nora, 'POST', `/api/admin/new-location/${linkId}/publish`);

    const empty = await publish();
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fields).toEqual([
      { path: 'steps', message: newLocationMessages.stepsMissing },
      { path: 'position', message: newLocationMessages.positionMissing },
      { path: 'openingHours', message: newLocationMessages.openingHoursMissing },
      { path: 'rooms', message: newLocationMessages.roomMissing },
    ]);
    expect(empty.json().userMsg).toContain(newLocationMessages.roomMissing);

    const db = ctx.database.db;
    // The opening-hours step is saved only with an open weekday (decision 044): said at the step, nothing marked.
    const closed = await call(ctx.app, nora, 'PUT', `/api/admin/new-location/${linkId}/steps/apningstider`, { status: 'SAVED' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      userMsg: newLocationMessages.openingHoursRequired,
      fields: [{ path: 'openingHours', message: newLocationMessages.openingHoursRequired }],
    });
    expect((await call(ctx.app, nora, 'GET', `/api/admin/new-location/${linkId}`)).json().steps.apningstider ?? 'NOT_STARTED').not.toBe(
      'SAVED',
    );
    await setOpeningHours(db, locationId, '08:00', '22:00');
    for (const s of newLocationSteps)
      expect((await call(ctx.app, nora, 'PUT', `/api/admin/new-location/${linkId}/steps/${s}`, { status: 'SAVED' })).statusCode).toBe(200);
    const info = await call(ctx.app, nora, 'PUT', `/api/admin/location/${locationId}`, {
      name: 'Publiseringsskolen',
      publicLocationType: 'SCHOOLS',
      filterCategory: 'SCHOOLS',
      geographicAreaId: 'sagene',
      lat: 59.94,
      lng: 10.76,
    });
    expect(info.statusCode, info.body).toBe(200);
    // A hidden room is not enough.
    await createAsset(db, locationId, { name: 'Lager', status: 'UNPUBLISHED' });
    const noRoom = await publish();
    expect(noRoom.statusCode).toBe(422);
    expect(noRoom.json().fields).toEqual([{ path: 'rooms', message: newLocationMessages.roomMissing }]);
    const gym = (await createAsset(db, locationId, { name: 'Gymsal Publiseringsskolen' })).id;

    // The portal has read the search's rooms (and kept them) before the publishing.
    const day = inDays(3);
    const search = async () =>
      searchAssetsResponse.parse((await ctx.app.inject({ method: 'GET', url: `/api/search/assets?date=${day}&duration=PT1H` })).json());
    const roomNames = (r: Awaited<ReturnType<typeof search>>) => [...r.available, ...r.unavailable].map((h) => h.name);
    expect(roomNames(await search())).not.toContain('Gymsal Publiseringsskolen');
    const calendar = () =>
      ctx.app.inject({ method: 'GET', url: `/api/schedule?bookableAssetIds=${gym}&fromInclusive=${day}&toInclusive=${day}` });
    expect((await calendar()).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/location' })).json<{ id: number }[]>().map((l) => l.id)).not.toContain(
      locationId,
    );

    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: locationId, status: 'PUBLISHED', latLng: { lat: 59.94, lng: 10.76 } });
    expect((await publish()).statusCode).toBe(200);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/location' })).json<{ id: number }[]>().map((l) => l.id)).toContain(locationId);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/location/${locationId}` })).json()).toMatchObject({
      status: 'PUBLISHED',
      name: 'Publiseringsskolen',
    });
    const found = await search();
    expect(found.available.find((h) => h.name === 'Gymsal Publiseringsskolen')).toMatchObject({
      locationId,
      latLng: { lat: 59.94, lng: 10.76 },
    });
    expect(roomNames(found)).not.toContain('Lager');
    const schedule = await calendar();
    expect(schedule.statusCode).toBe(200);
    const slots =
      schedule.json<{ timeslotsByDate: Record<string, { startTime: string; bookingAllowed: boolean }[]> }[]>()[0]!.timeslotsByDate[day]!;
    expect(slots[0]).toMatchObject({ startTime: '08:00:00', bookingAllowed: true });

    expect((await call(ctx.app, nora, 'GET', `/api/admin/new-location/${linkId}`)).json().published).toBe(true);
    const statuses = (await call(ctx.app, bente, 'GET', '/api/admin/new-locations')).json<LocationInvitation[]>();
    expect(statuses.find((i) => i.locationId === locationId)!.status).toBe('PUBLISHED');
    const audit = (await call(ctx.app, nora, 'GET', `/api/location/${locationId}/auditlog`)).json<{
      entries: { action: string; actorName: string }[];
    }>();
    expect(audit.entries.map((e) => e.action)).toEqual(['PUBLISHED', 'LOCATION_INFO', 'ADMIN_ADDED', 'LOCATION_CREATED']);
    expect(audit.entries[0]!.actorName).toBe('Nora Nyadmin');
  });
});
