import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import { bookingNotFoundMessage } from '@lokaler/domain/user-booking-rules';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { bearer, loginAs } from '../../../test/login';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { addLocationAdmin, inDays } from '../../../test/factories/calendar';
import { createLocation } from '../../../test/factories/places';
import { createWeddingVenue, takeWeddingTimes, weddingTime } from '../../../test/factories/wedding';

/** GET /api/booking/{id} (spec 02 §7 'booking for wedding page'): the citizen's body for a citizen, the admin's view for an admin. */
describe('GET /api/booking/{id} for citizens and administrators', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let amina: CitizenSession;
  let vigdis: string;
  let siri: string;
  let bookingId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const { roomId, locationId } = await createWeddingVenue(db);
    await addLocationAdmin(db, locationId, testAdmins[2]!.email);
    await addLocationAdmin(db, (await createLocation(db, { name: 'Sagene skole' })).id, testAdmins[0]!.email);
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    amina = await citizenSession(ctx.app, testCitizens[2]!);
    vigdis = (await loginAs(ctx.app, testAdmins[2]!, { client: 'admin' })).accessToken;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    const res = await takeWeddingTimes(kari, roomId, [weddingTime(inDays(40), '11:00:00')]);
    expect(res.statusCode, res.body).toBe(201);
    bookingId = res.json<{ bookingId: number }>().bookingId;
  });
  afterAll(() => ctx.close());

  it('gives the citizen who created the booking the same body as GET /api/user/booking/{id}', async () => {
    const res = await kari.request({ method: 'GET', url: `/api/booking/${bookingId}` });
    expect(res.statusCode, res.body).toBe(200);
    const mine = await kari.request({ method: 'GET', url: `/api/user/booking/${bookingId}` });
    expect(res.json()).toEqual(mine.json());
    expect(res.json()).toMatchObject({ bookingId, status: 'UNPROCESSED' });
  });

  it("answers another citizen's booking and an unknown id with the same 404 'Fant ikke bookingen'", async () => {
    const other = await amina.request({ method: 'GET', url: `/api/booking/${bookingId}` });
    const missing = await amina.request({ method: 'GET', url: `/api/booking/${bookingId + 1000}` });
    for (const res of [other, missing]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<ApiError>().userMsg).toBe(bookingNotFoundMessage);
    }
    expect(other.json()).toEqual(missing.json());
  });

  it("keeps the administrator's view for the venue's admin, and 403 for an admin of another location", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/booking/${bookingId}`, headers: bearer(vigdis) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bookingId, locationName: 'Oslo rådhus', userName: kari.name, sourceForm: 'wedding' });
    expect(res.json()).toHaveProperty('internalEventTitle');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/booking/${bookingId}`, headers: bearer(siri) })).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/booking/${bookingId}` });
    expect(res.statusCode).toBe(401);
  });
});
