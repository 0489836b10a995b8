import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OslonokkelenInfo } from '@lokaler/domain/oslonokkelen';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { testCitizens } from '../../seed/test-users';
import { inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { json, startHttpStub, type HttpStub } from '../../../test/http-stub';

/**
 * The key job with KEY_SERVICE_ADAPTER=http against a stub of the service: a service that fails
 * leaves the number waiting (no crash, no false 'accepted'), and once it answers the citizen sees
 * the service's state.
 */
describe('the key job with the key service over HTTP', () => {
  let stub: HttpStub;
  let ctx: TestContext;
  let kari: CitizenSession;
  let bookingId: number;
  const grants = new Map<string, string>();
  let healthy = false;

  beforeAll(async () => {
    stub = await startHttpStub();
    stub.answer((request, response) => {
      if (!healthy) return json(500, { error: 'down' })(request, response);
      const put = /^\/grants\/([^?]+)$/.exec(request.url);
      if (request.method === 'PUT' && put) {
        grants.set(decodeURIComponent(put[1]!), 'ACCEPTED');
        return response.writeHead(202).end();
      }
      const asked = new URL(request.url, stub.url).searchParams.getAll('id');
      return json(
        200,
        asked.filter((id) => grants.has(id)).map((grantId) => ({ grantId, state: grants.get(grantId) })),
      )(request, response);
    });
    ctx = await createTestApp({
      KEY_SERVICE_ADAPTER: 'http',
      KEY_SERVICE_URL: stub.url,
      KEY_SERVICE_TOKEN: 'key-token',
      KEY_SERVICE_TIMEOUT_MS: '1000',
    });
    const db = ctx.database.db;
    const locationId = (await createLocation(db)).id;
    const room = (await createAsset(db, locationId, { hasOslonokkelen: true })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    bookingId = (
      await applicantBooking(db, {
        locationId,
        userId: kari.userId,
        status: 'APPROVED',
        times: [{ bookableAssetId: room, date: inDays(3), startTime: '18:00:00', durationMinutes: 60 }],
      })
    ).id;
    expect((await kari.request({ method: 'POST', url: `/api/oslonokkelen/${bookingId}?phoneNumber=98765432` })).statusCode).toBeLessThan(
      300,
    );
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  const status = async () =>
    (await kari.request({ method: 'GET', url: `/api/oslonokkelen/${bookingId}/info` })).json<OslonokkelenInfo>().oslonokkelenStatus;

  it('keeps the number waiting while the service answers 500, then pushes it and shows ACCEPTED once the service is back', async () => {
    const before = await status();
    expect(before).not.toBe('ACCEPTED');
    const failedFrom = Date.now();
    expect(await ctx.app.runKeyJobs()).toMatchObject({ pushed: 0 });
    const failedBy = Date.now();
    expect(stub.requests.some((r) => r.method === 'PUT')).toBe(true);
    expect(await status()).toBe(before);

    healthy = true;
    // The failed push waits out its backoff: 2 s after the first failure. Its time passes in the database, not in the test.
    const [row] = await queryRows<{ at: number }>(
      ctx.database.db,
      sql`select (extract(epoch from next_attempt_at) * 1000)::float8 as at from oslonokkelen_permissions`,
    );
    const at = Number(row!.at);
    expect(at).toBeGreaterThanOrEqual(failedFrom + 2000 - 1);
    expect(at).toBeLessThanOrEqual(failedBy + 2000 + 1);
    await ctx.database.db.execute(sql`update oslonokkelen_permissions set next_attempt_at = now() - interval '1 second'`);
    expect(await ctx.app.runKeyJobs()).toMatchObject({ pushed: 1 });
    const put = stub.requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(put.headers.authorization).toBe('Bearer key-token');
    expect(JSON.parse(put.body)).toMatchObject({ phoneNumber: '98765432', doors: [expect.stringMatching(/^lokaler-room-\d+$/)] });
    await ctx.app.runKeyJobs();
    expect(await status()).toBe('ACCEPTED');
  });
});
