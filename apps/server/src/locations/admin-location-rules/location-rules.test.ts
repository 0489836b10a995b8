import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@lokaler/domain/admin-location-rules';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createLocation } from '../../../test/factories/places';
import { addLocationAdmin } from '../../../test/factories/calendar';
import { cityAdmins, locationAuditLog } from '../../db/schema/location-setup';
import { locationAdmins } from '../../db/schema/locations';
import { testAdmins } from '../../seed/test-users';
import { call } from '../../../test/admin-test-support';

/** The fair-share limits of a location that uses the city-wide values (decision 041). */
const noLimits = { MAX_PENDING_HOURS: null, MAX_PENDING_APPLICATIONS: null, MAX_ROOMS_PER_APPLICATION: null, MAX_DATES_PER_SERIES: null };

describe('booking rules and administrators of a location', () => {
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let bente: string;
  let locationId: number;
  const noraEmail = testAdmins[4]!.email.toLowerCase();
  const siriEmail = testAdmins[0]!.email.toLowerCase();
  const jonasEmail = testAdmins[1]!.email.toLowerCase();

  beforeAll(async () => {
    ctx = await createTestApp();
    locationId = (await createLocation(ctx.database.db, { name: 'Sagene samfunnshus', requireContract: true })).id;
    await addLocationAdmin(ctx.database.db, locationId, siriEmail);
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    await ctx.database.db.insert(cityAdmins).values({ email: testAdmins[3]!.email.toLowerCase() });
    bente = (await loginAs(ctx.app, testAdmins[3]!, { client: 'admin' })).accessToken;
  });

  const admins = async () =>
    (await ctx.database.db.select().from(locationAdmins).where(eq(locationAdmins.locationId, locationId))).map((a) => a.email).sort();
  const audit = async () =>
    (
      await ctx.database.db
        .select()
        .from(locationAuditLog)
        .where(eq(locationAuditLog.locationId, locationId))
        .orderBy(asc(locationAuditLog.id))
    ).map((e) => ({ action: e.action, actorName: e.actorName, before: e.before, after: e.after }));
  afterAll(() => ctx.close());

  it('reads and changes the booking rules', async () => {
    expect((await call(ctx.app, siri, 'GET', `/api/location/${locationId}/bookingrules`)).json()).toEqual({
      REQUIRE_CONTRACT: true,
      ENABLE_VEDTAK: false,
      ADMIN_CAN_BOOK_PAST_DATES: false,
      ...noLimits,
    });
    const res = await call(ctx.app, siri, 'PUT', `/api/location/${locationId}/bookingrules`, {
      rules: { ENABLE_VEDTAK: true, ADMIN_CAN_BOOK_PAST_DATES: true },
    });
    expect(res.json()).toEqual({ REQUIRE_CONTRACT: true, ENABLE_VEDTAK: true, ADMIN_CAN_BOOK_PAST_DATES: true, ...noLimits });
    expect(
      (await call(ctx.app, siri, 'PUT', `/api/location/${locationId}/bookingrules`, { REQUIRE_CONTRACT: false })).json(),
    ).toMatchObject({ REQUIRE_CONTRACT: false });
    expect(
      (await call(ctx.app, siri, 'PUT', `/api/location/${locationId}/bookingrules`, { rules: { UNKNOWN_RULE: true } })).statusCode,
    ).toBe(400);
  });

  it('adds a co-administrator by e-mail, who then gets access; never removes oneself or the last one', async () => {
    expect((await call(ctx.app, jonas, 'GET', `/api/location/${locationId}/admins`)).statusCode).toBe(403);
    expect((await call(ctx.app, siri, 'POST', `/api/location/${locationId}/admins`, { email: 'ikke-en-epost' })).statusCode).toBe(400);
    const added = await call(ctx.app, siri, 'POST', `/api/location/${locationId}/admins`, {
      email: ` ${testAdmins[1]!.email.toUpperCase()} `,
    });
    expect(added.json()).toEqual([{ email: jonasEmail }, { email: siriEmail }]);
    // The same token works now: access is read from location_admins on every request.
    expect((await call(ctx.app, jonas, 'GET', `/api/location/${locationId}/admins`)).statusCode).toBe(200);

    const self = await call(ctx.app, siri, 'DELETE', `/api/location/${locationId}/admins?emails=${encodeURIComponent(siriEmail)}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().userMsg).toBe(adminMessages.notSelf);
    const removed = await call(ctx.app, siri, 'DELETE', `/api/location/${locationId}/admins?emails=${encodeURIComponent(jonasEmail)}`);
    expect(removed.json()).toEqual([{ email: siriEmail }]);
    expect((await call(ctx.app, jonas, 'GET', `/api/location/${locationId}/admins`)).statusCode).toBe(403);
  });

  it('writes each change of the rules to the audit log with the whole map before and after', async () => {
    const before = (await call(ctx.app, siri, 'GET', `/api/location/${locationId}/bookingrules`)).json();
    const res = await call(ctx.app, siri, 'PUT', `/api/location/${locationId}/bookingrules`, {
      rules: { REQUIRE_CONTRACT: !before.REQUIRE_CONTRACT },
    });
    expect(res.statusCode).toBe(200);
    expect((await audit()).at(-1)).toEqual({
      action: 'BOOKING_RULES',
      actorName: 'Siri Saksbehandler',
      before,
      after: { ...before, REQUIRE_CONTRACT: !before.REQUIRE_CONTRACT },
    });
    // A PUT that changes nothing writes nothing.
    const entries = (await audit()).length;
    await call(ctx.app, siri, 'PUT', `/api/location/${locationId}/bookingrules`, { rules: { REQUIRE_CONTRACT: !before.REQUIRE_CONTRACT } });
    expect(await audit()).toHaveLength(entries);
  });

  it('removes administrators named in a JSON body (the body was ignored before), with an audit entry', async () => {
    await call(ctx.app, siri, 'POST', `/api/location/${locationId}/admins`, { email: jonasEmail });
    const res = await call(ctx.app, siri, 'DELETE', `/api/location/${locationId}/admins`, { emails: [jonasEmail.toUpperCase()] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([{ email: siriEmail }]);
    expect(await admins()).toEqual([siriEmail]);
    expect((await audit()).at(-1)).toEqual({
      action: 'ADMINS_REMOVED',
      actorName: 'Siri Saksbehandler',
      before: { emails: [jonasEmail] },
      after: null,
    });

    const none = await call(ctx.app, siri, 'DELETE', `/api/location/${locationId}/admins`, { emails: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ userMsg: adminMessages.chooseAdmin });
    expect((await call(ctx.app, siri, 'DELETE', `/api/location/${locationId}/admins`)).statusCode).toBe(400);
  });

  it('refuses an address that is an administrator already (409), changing nothing', async () => {
    const [adminsBefore, auditBefore] = [await admins(), await audit()];
    const res = await call(ctx.app, siri, 'POST', `/api/location/${locationId}/admins`, { email: ` ${siriEmail.toUpperCase()}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', userMsg: 'Denne e-postadressen er allerede administrator.' });
    expect(await admins()).toEqual(adminsBefore);
    expect(await audit()).toEqual(auditBefore);
  });

  it('lets a newly added administrator see the location when she logs in', async () => {
    const nora = (await loginAs(ctx.app, testAdmins[4]!, { client: 'admin' })).accessToken;
    // Nora administers nothing yet.
    expect((await call(ctx.app, nora, 'GET', '/api/currentuser/adminlocations')).statusCode).toBe(403);
    const added = await call(ctx.app, siri, 'POST', `/api/location/${locationId}/admins`, { email: noraEmail });
    expect(added.statusCode, added.body).toBe(200);
    expect((await audit()).at(-1)).toEqual({
      action: 'ADMIN_ADDED',
      actorName: 'Siri Saksbehandler',
      before: null,
      after: { email: noraEmail },
    });

    const again = (await loginAs(ctx.app, testAdmins[4]!, { client: 'admin' })).accessToken;
    const res = await call(ctx.app, again, 'GET', '/api/currentuser/adminlocations');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: locationId, name: 'Sagene samfunnshus' })]));
    expect((await call(ctx.app, again, 'GET', `/api/location/${locationId}/admins`)).statusCode).toBe(200);
  });

  it('lets a city-wide administrator manage the rules and administrators, but never remove the last one', async () => {
    expect((await call(ctx.app, bente, 'GET', `/api/location/${locationId}/bookingrules`)).statusCode).toBe(200);
    expect((await call(ctx.app, bente, 'PUT', `/api/location/${locationId}/bookingrules`, { ENABLE_VEDTAK: false })).statusCode).toBe(200);
    expect((await call(ctx.app, bente, 'DELETE', `/api/location/${locationId}/admins`, { emails: [noraEmail] })).json()).toEqual([
      { email: siriEmail },
    ]);
    const last = await call(ctx.app, bente, 'DELETE', `/api/location/${locationId}/admins?emails=${encodeURIComponent(siriEmail)}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().userMsg).toBe(adminMessages.lastAdmin);
    expect(await admins()).toEqual([siriEmail]);
  });

  it('answers an anonymous caller 401 before reading the body, and 404 for a deleted location', async () => {
    for (const [method, url, body] of [
      ['PUT', `/api/location/${locationId}/bookingrules`, { rules: { NOT_A_RULE: 1 } }],
      ['POST', `/api/location/${locationId}/admins`, { email: 'ikke-en-epost' }],
      ['DELETE', `/api/location/${locationId}/admins`, { emails: 'ikke en liste' }],
      ['GET', '/api/location/abc/admins', undefined],
    ] as const) {
      const res = await call(ctx.app, null, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().fields).toBeUndefined();
    }
    const gone = (await createLocation(ctx.database.db, { name: 'Nedlagt hus', status: 'DELETED' })).id;
    for (const url of [`/api/location/${gone}/bookingrules`, `/api/location/${gone}/admins`]) {
      expect((await call(ctx.app, bente, 'GET', url)).statusCode).toBe(404);
    }
    expect((await call(ctx.app, bente, 'POST', `/api/location/${gone}/admins`, { email: noraEmail })).statusCode).toBe(404);
  });
});
