import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminBookingListResponse } from '@lokaler/domain/admin-booking-list';
import type { ApiError } from '@lokaler/domain/api-error';
import type { ChangeLogEntry } from '@lokaler/domain/change-log';
import type { CaseAssigneeResponse } from '@lokaler/domain/work-queue';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addLocationAdmin, inDays } from '../../../test/factories/calendar';
import { changeLog } from '../../db/schema/bookings';
import { users } from '../../db/schema/identity';
import { applicationRounds, roundWishes } from '../../db/schema/application-rounds';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { bookingWithTimes, call } from '../../../test/admin-test-support';

/**
 * The work queue (decision 065): deadline, case officer and batch-approvability on every row, the
 * deadline order, 'Mine saker', 'Ta saken' with its 409 and log entries, and 'Neste søknad'.
 */
describe('the work queue', () => {
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let outsider: string;
  let applicant: string;
  let locationId: number;
  let contractLocationId: number;
  const ids = { soon: 0, later: 0, none: 0, wedding: 0, approved: 0, round: 0, dst: 0, month: 0, contract: 0 };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Rosenhoff skole', behandlingstid: 3 })).id;
    contractLocationId = (await createLocation(db, { name: 'Kontraktskolen', requireContract: true })).id;
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    await addLocationAdmin(db, contractLocationId, testAdmins[0]!.email);
    await addLocationAdmin(db, locationId, testAdmins[1]!.email);
    const other = await createLocation(db);
    await addLocationAdmin(db, other.id, testAdmins[2]!.email);
    const gym = (await createAsset(db, locationId, { name: 'Gymsal' })).id;
    const contractRoom = (await createAsset(db, contractLocationId, { name: 'Sal' })).id;
    const anna = (await createUser(db)).id;
    const at = (date: string, status: 'UNPROCESSED' | 'APPROVED' | 'REJECTED' = 'UNPROCESSED', room = gym) => ({
      bookableAssetId: room,
      date,
      startTime: '18:00',
      durationMinutes: 60,
      status,
    });
    const make = async (caseNumber: string, times: ReturnType<typeof at>[], fields = {}) =>
      (await bookingWithTimes(db, locationId, anna, times, { caseNumber, ...fields })).bookingId;
    ids.later = await make('LOK-2040-00001', [at(inDays(40)), at(inDays(20), 'REJECTED')]);
    ids.soon = await make('LOK-2040-00002', [at(inDays(2))]);
    ids.none = await make('LOK-2040-00003', []);
    ids.wedding = await make('LOK-2040-00004', [at(inDays(30))], { sourceForm: 'wedding' });
    ids.approved = await make('LOK-2040-00005', [at(inDays(10), 'APPROVED')], { status: 'APPROVED' });
    ids.round = await make('LOK-2040-00006', [at(inDays(50))]);
    // Oslo's calendar: 3 days before 2 April 2030 (summer time begins on 31 March) is 30 March; before 2 March, 27 February.
    ids.dst = await make('LOK-2040-00007', [at('2030-04-02')]);
    ids.month = await make('LOK-2040-00008', [at('2030-03-02')]);
    ids.contract = (await bookingWithTimes(db, contractLocationId, anna, [at(inDays(9), 'UNPROCESSED', contractRoom)])).bookingId;
    const [round] = await db
      .insert(applicationRounds)
      .values({ name: 'Høst', applicationStart: inDays(-5), deadline: inDays(5), semesterStart: inDays(45), semesterEnd: inDays(90) })
      .returning();
    await db
      .insert(roundWishes)
      .values({
        roundId: round!.id,
        bookingId: ids.round,
        bookableAssetId: gym,
        weekday: 1,
        startMinute: 1080,
        endMinute: 1140,
        dateCount: 1,
      });
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    outsider = (await loginAs(ctx.app, testAdmins[2]!, { client: 'admin' })).accessToken;
    applicant = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
  });
  afterAll(() => ctx.close());

  const list = async (query: string, token = siri, location = locationId) => {
    const res = await call(ctx.app, token, 'GET', `/api/booking?locationId=${location}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminBookingListResponse>();
  };
  const cases = (r: AdminBookingListResponse) => r.items.map((i) => i.caseNumber.slice(-2));
  const next = async (query: string, after: number, token = siri) => {
    const res = await call(ctx.app, token, 'GET', `/api/booking/next?locationId=${locationId}${query}&after=${after}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ bookingId: number | null }>().bookingId;
  };
  const assignee = (method: 'GET' | 'PUT' | 'DELETE', id: number, token = siri, body?: object) =>
    call(ctx.app, token, method, `/api/booking/${id}/assignee`, method === 'PUT' ? (body ?? {}) : undefined);
  const logOf = async (id: number) =>
    (await ctx.database.db.select().from(changeLog).where(eq(changeLog.bookingId, id)).orderBy(changeLog.id))
      .filter((e) => e.type === 'CaseAssignment')
      .map((e) => e.comment);

  it('gives each row its deadline in Oslo dates: first active date minus behandlingstid, across a month and a clock change', async () => {
    const items = new Map((await list('&sort=caseNumber')).items.map((i) => [i.caseNumber.slice(-2), i]));
    expect(items.get('01')!.deadlineDate).toBe(inDays(37)); // the rejected earlier time does not count
    expect(items.get('02')!.deadlineDate).toBe(inDays(-1));
    expect(items.get('03')!.deadlineDate).toBeNull();
    expect(items.get('07')!.deadlineDate).toBe('2030-03-30');
    expect(items.get('08')!.deadlineDate).toBe('2030-02-27');
  });

  it('sorts by deadline by default, no deadline last, and keeps the other sorts', async () => {
    const byDeadline = ['02', '05', '04', '01', '06', '08', '07', '03'];
    expect(cases(await list(''))).toEqual(byDeadline);
    expect(cases(await list('&sort=deadline'))).toEqual(byDeadline);
    expect(cases(await list('&sort=-deadline'))).toEqual(['07', '08', '06', '01', '04', '05', '02', '03']);
    expect(cases(await list('&sort=-created'))).toEqual(['08', '07', '06', '05', '04', '03', '02', '01']);
    expect(cases(await list('&sort=caseNumber&status=UNPROCESSED&pageSize=2'))).toEqual(['01', '02']);
  });

  it('marks the rows that can be approved together: unprocessed, no wedding, no open round, no contract', async () => {
    const approvable = (await list('&sort=caseNumber')).items.filter((i) => i.batchApprovable).map((i) => i.caseNumber.slice(-2));
    expect(approvable).toEqual(['01', '02', '03', '07', '08']);
    expect((await list('', siri, contractLocationId)).items.map((i) => i.batchApprovable)).toEqual([false]);
  });

  it("takes a case, shows it on the row and in 'Mine saker', asks before a take-over, and logs each step", async () => {
    expect((await assignee('GET', ids.soon)).json<CaseAssigneeResponse>()).toEqual({ assignee: null, heldByMe: false });
    const taken = await assignee('PUT', ids.soon);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<CaseAssigneeResponse>()).toMatchObject({ assignee: { name: 'Siri Saksbehandler' }, heldByMe: true });
    expect((await assignee('GET', ids.soon, jonas)).json<CaseAssigneeResponse>()).toMatchObject({
      assignee: { name: 'Siri Saksbehandler' },
      heldByMe: false,
    });
    const row = (await list('')).items.find((i) => i.bookingId === ids.soon)!;
    expect(row.assignee).toMatchObject({ name: 'Siri Saksbehandler', assignedUtc: expect.stringMatching(/Z$/) });
    expect(cases(await list('&assignee=me'))).toEqual(['02']);
    expect(cases(await list('&assignee=me', jonas))).toEqual([]);
    // Taking one's own case again changes nothing.
    expect((await assignee('PUT', ids.soon)).statusCode).toBe(200);

    const refused = await assignee('PUT', ids.soon, jonas);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().userMsg).toBe('Saken er tatt av Siri Saksbehandler.');
    expect((await assignee('DELETE', ids.soon, jonas)).statusCode).toBe(409);
    const takenOver = await assignee('PUT', ids.soon, jonas, { takeOver: true });
    expect(takenOver.statusCode, takenOver.body).toBe(200);
    expect(takenOver.json<CaseAssigneeResponse>().assignee).toMatchObject({ name: 'Jonas Driftsleder' });
    expect(cases(await list('&assignee=me', jonas))).toEqual(['02']);
    expect(cases(await list('&assignee=me'))).toEqual([]);

    const released = await assignee('DELETE', ids.soon, jonas);
    expect(released.json<CaseAssigneeResponse>()).toEqual({ assignee: null, heldByMe: false });
    expect((await list('')).items.find((i) => i.bookingId === ids.soon)!.assignee).toBeNull();
    expect(await logOf(ids.soon)).toEqual([
      'Siri Saksbehandler tok saken.',
      'Jonas Driftsleder tok over saken fra Siri Saksbehandler.',
      'Jonas Driftsleder ga fra seg saken.',
    ]);
    // The administrator's log shows the entries; the take is the officers' own work, not in the applicant's timeline.
    const adminLog = await call(ctx.app, siri, 'GET', `/api/booking-log/${ids.soon}/changes`);
    expect(
      adminLog
        .json<ChangeLogEntry[]>()
        .filter((e) => e.type === 'CaseAssignment')
        .map((e) => e.label),
    ).toEqual(['Saksbehandler', 'Saksbehandler', 'Saksbehandler']);
  });

  it("leaves the take out of the applicant's own timeline", async () => {
    const db = ctx.database.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.sub, testCitizens[0]!.sub));
    const own = (await bookingWithTimes(db, contractLocationId, me!.id, [], { caseNumber: 'LOK-2040-00050' })).bookingId;
    expect((await assignee('PUT', own)).statusCode).toBe(200);
    expect(await logOf(own)).toEqual(['Siri Saksbehandler tok saken.']);
    const timeline = await call(ctx.app, applicant, 'GET', `/api/user/booking/${own}/changes`);
    expect(timeline.statusCode, timeline.body).toBe(200);
    expect(timeline.json<ChangeLogEntry[]>().map((e) => e.type)).not.toContain('CaseAssignment');
    expect((await assignee('DELETE', own)).statusCode).toBe(200);
  });

  it("finds 'Neste søknad' in the list's order, placing a decided one by its own sort key", async () => {
    expect(await next('', ids.soon)).toBe(ids.approved);
    // The approved one is not in the list of unprocessed, but its deadline still places it: the next is the wedding.
    expect(await next('&status=UNPROCESSED', ids.approved)).toBe(ids.wedding);
    expect(await next('&status=UNPROCESSED', ids.wedding)).toBe(ids.later);
    expect(await next('&status=UNPROCESSED&sort=-created', ids.dst)).toBe(ids.round);
    expect(await next('&status=UNPROCESSED&sort=-created', ids.approved)).toBe(ids.wedding);
    expect(await next('&status=UNPROCESSED&sort=caseNumber', ids.soon)).toBe(ids.none);
    expect(await next('&status=UNPROCESSED&text=2040-0000', ids.none)).toBeNull();
    expect(await next('&status=UNPROCESSED&sort=created', ids.month)).toBeNull();
    // A booking of another location has no place in this list.
    expect(await next('', ids.contract)).toBeNull();
  });

  it('lets only administrators of the location call the new routes: 401 anonymous, 403 another location, 200 own', async () => {
    const routes: [method: 'GET' | 'PUT' | 'DELETE', url: string][] = [
      ['GET', `/api/booking/next?locationId=${locationId}&after=${ids.later}`],
      ['GET', `/api/booking/${ids.later}/assignee`],
      ['PUT', `/api/booking/${ids.later}/assignee`],
      ['DELETE', `/api/booking/${ids.later}/assignee`],
      ['GET', `/api/booking?locationId=${locationId}&assignee=me`],
    ];
    for (const [method, url] of routes) {
      const body = method === 'PUT' ? {} : undefined;
      expect((await call(ctx.app, null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(ctx.app, applicant, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(ctx.app, outsider, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      const own = await call(ctx.app, siri, method, url, body);
      expect(own.statusCode, `${method} ${url}: ${own.body}`).toBe(200);
    }
    expect((await assignee('PUT', 999_999)).statusCode).toBe(404);
    const bad = await call(ctx.app, siri, 'GET', `/api/booking/next?locationId=${locationId}&after=abc`);
    expect(bad.statusCode).toBe(400);
  });
});
