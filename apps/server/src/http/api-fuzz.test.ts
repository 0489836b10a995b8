import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityAdmins } from '../db/schema/location-setup';
import { testAdmins, testCitizens } from '../seed/test-users';
import { createTestApp, type TestContext } from '../../test/test-app';
import { bearer, loginAs } from '../../test/login';
import { applicantBooking } from '../../test/factories/applicant';
import { addLocationAdmin, inDays, setOpeningHours } from '../../test/factories/calendar';
import { createAsset, createLocation } from '../../test/factories/places';
import { changedTables, fingerprinter, type Fingerprint } from '../../test/fuzz/table-fingerprint';
import {
  classicRequests,
  operationsOf,
  requestArbitrary,
  type FuzzOperation,
  type FuzzRequest,
  type OpenApiDocument,
} from '../../test/fuzz/request-arbitraries';

/**
 * Fuzzing generated from the OpenAPI document (decision 016): for every operation, anonymously, as
 * a citizen and as an administrator, requests with malformed JSON, wrong types, huge strings, ids past
 * int4 and int8, negative and non-numeric ids and odd unicode (NUL, lone surrogates, bidi marks).
 * Never a 5xx, and a refused request (4xx) changes no row of any table. Deterministic: a fixed seed
 * (FUZZ_SEED to try another, FUZZ_RUNS for more runs per operation and caller); a failure prints the
 * seed and the request.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);

/**
 * Tables a refused request may write by design: the shared rate-limit counters (http/rate-limit.ts)
 * count every request to a limited route, a refused one too. Every other table must be unchanged by a 4xx.
 */
const WRITTEN_WHEN_REFUSED: readonly string[] = ['rate_limit_counters'];

type Caller = 'anonymous' | 'citizen' | 'administrator';

describe('the API under fuzzing: no 5xx, and a refused request writes nothing', () => {
  let ctx: TestContext;
  let operations: FuzzOperation[];
  let ids: number[];
  const headers: Record<Caller, Record<string, string>> = { anonymous: {}, citizen: {}, administrator: {} };

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    const location = await createLocation(db);
    const room = await createAsset(db, location.id);
    await setOpeningHours(db, location.id, '08:00', '22:00');
    const admin = testAdmins[0]!;
    await addLocationAdmin(db, location.id, admin.email);
    await db.insert(cityAdmins).values({ email: admin.email }).onConflictDoNothing();
    const citizen = await loginAs(ctx.app, testCitizens[0]!);
    headers.citizen = bearer(citizen.accessToken);
    headers.administrator = bearer((await loginAs(ctx.app, admin)).accessToken);
    const roles = await ctx.app.inject({ method: 'GET', url: '/api/currentuser/roles', headers: headers.citizen });
    const userId = roles.json<{ userId: number }>().userId;
    const unprocessed = await applicantBooking(db, {
      locationId: location.id,
      userId,
      times: [{ bookableAssetId: room.id, date: inDays(30), startTime: '10:00', durationMinutes: 60 }],
    });
    const approved = await applicantBooking(db, {
      locationId: location.id,
      userId,
      status: 'APPROVED',
      times: [{ bookableAssetId: room.id, date: inDays(31), startTime: '10:00', durationMinutes: 60 }],
    });
    ids = [...new Set([1, location.id, room.id, unprocessed.id, approved.id])];
    operations = operationsOf(ctx.app.swagger() as unknown as OpenApiDocument);
  }, 180_000);
  afterAll(() => ctx?.close());

  it('finds the operations in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toContain('POST /api/support');
  });

  it('answers every generated request below 500 and keeps every table as it was when it refuses one', { timeout: 600_000 }, async () => {
    const fingerprint = await fingerprinter(ctx.database, { ignore: WRITTEN_WHEN_REFUSED });
    let baseline: Fingerprint = await fingerprint();
    const failures: string[] = [];
    const started = Date.now();
    let requests = 0;
    const statuses = new Map<string, number>();
    // Anonymous callers get the fixed requests only where they pass the guard (elsewhere: 401 first).
    const open = new Set(
      ctx.app.routeAccess
        .filter((r) => r.access === 'public' || r.access === 'optionalUser')
        .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`),
    );
    for (const [index, op] of operations.entries()) {
      for (const caller of ['anonymous', 'citizen', 'administrator'] as const) {
        const seed = SEED + index * 3 + ['anonymous', 'citizen', 'administrator'].indexOf(caller);
        const examples =
          caller !== 'anonymous' || open.has(`${op.method} ${op.path}`) ? classicRequests(op, ids).map((r): [FuzzRequest] => [r]) : [];
        const details = await fc.check(
          fc.asyncProperty(requestArbitrary(op, ids), async (request) => {
            requests++;
            const res = await ctx.app.inject({
              method: op.method,
              url: request.url,
              headers: { ...headers[caller], ...(request.contentType ? { 'content-type': request.contentType } : {}) },
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            const kind = `${String(res.statusCode).slice(0, 1)}xx`;
            statuses.set(kind, (statuses.get(kind) ?? 0) + 1);
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
            const now = await fingerprint();
            if (res.statusCode >= 400) {
              const changed = changedTables(baseline, now);
              baseline = now;
              if (changed.length) throw new Error(`refused with ${res.statusCode} but changed ${changed.join(', ')}`);
            }
            baseline = now;
          }),
          { seed, numRuns: RUNS + examples.length, endOnFailure: true, examples },
        );
        if (details.failed) {
          const [request] = details.counterexample ?? [];
          failures.push(
            `${caller} ${request?.description ?? op.path} → ${String((details.errorInstance as Error | undefined)?.message)} (seed ${seed})`,
          );
        }
      }
    }
    console.warn(
      `fuzzing: ${requests} requests to ${operations.length} operations in ${Math.round((Date.now() - started) / 1000)} s, ${[...statuses]
        .sort()
        .map(([k, n]) => `${n} × ${k}`)
        .join(', ')} (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`,
    );
    expect(failures).toEqual([]);
  });
});
