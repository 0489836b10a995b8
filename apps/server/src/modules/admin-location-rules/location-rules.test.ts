import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@lokaler/domain/admin-location-rules';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createLocation } from '../../../test/factories/places';
import { addLocationAdmin } from '../../../test/factories/calendar';
import { testAdmins } from '../../idp/test-users';
import { call } from '../admin-booking-shared/admin-test-support';

describe('booking rules and administrators of a location', () => {
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let locationId: number;
  const siriEmail = testAdmins[0]!.email.toLowerCase();
  const jonasEmail = testAdmins[1]!.email.toLowerCase();

  beforeAll(async () => {
    ctx = await createTestApp();
    locationId = (await createLocation(ctx.database.db, { name: 'Sagene samfunnshus', requireContract: true })).id;
    await addLocationAdmin(ctx.database.db, locationId, siriEmail);
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
  });
  afterAll(() => ctx.close());

  it('reads and changes the booking rules', async () => {
    expect((await call(ctx.app, siri, 'GET', `/api/location/${locationId}/bookingrules`)).json()).toEqual({ REQUIRE_CONTRACT: true, ENABLE_VEDTAK: false, ADMIN_CAN_BOOK_PAST_DATES: false });
    const res = await call(ctx.app, siri, 'PUT', `/api/location/${locationId}/bookingrules`, { rules: { ENABLE_VEDTAK: true, ADMIN_CAN_BOOK_PAST_DATES: true } });
    expect(res.json()).toEqual({ REQUIRE_CONTRACT: true, ENABLE_VEDTAK: true, ADMIN_CAN_BOOK_PAST_DATES: true });
    expect((await call(ctx.app, siri, 'PUT', `/api/location/${locationId}/bookingrules`, { REQUIRE_CONTRACT: false })).json()).toMatchObject({ REQUIRE_CONTRACT: false });
    expect((await call(ctx.app, siri, 'PUT', `/api/location/${locationId}/bookingrules`, { rules: { UNKNOWN_RULE: true } })).statusCode).toBe(400);
  });

  it('adds a co-administrator by e-mail, who then gets access; never removes oneself or the last one', async () => {
    expect((await call(ctx.app, jonas, 'GET', `/api/location/${locationId}/admins`)).statusCode).toBe(403);
    expect((await call(ctx.app, siri, 'POST', `/api/location/${locationId}/admins`, { email: 'ikke-en-epost' })).statusCode).toBe(400);
    const added = await call(ctx.app, siri, 'POST', `/api/location/${locationId}/admins`, { email: ` ${testAdmins[1]!.email.toUpperCase()} ` });
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
});
