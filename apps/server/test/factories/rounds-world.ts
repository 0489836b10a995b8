import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { roundSummary, type CreateRoundBody, type RoundSummary } from '@lokaler/domain/application-rounds';
import { queryRows } from '../../src/db/client';
import { cityAdmins } from '../../src/db/schema/location-setup';
import { testAdmins, testCitizens } from '../../src/seed/test-users';
import { call } from '../admin-test-support';
import { loginAs } from '../login';
import { createTestApp, type TestContext } from '../test-app';
import { addFlow, addLocationAdmin, inDays, setOpeningHours } from './calendar';
import { createAsset, createLocation } from './places';

/** The people and places of the semester-round tests, set once per file. */
export interface RoundsWorld {
  ctx: TestContext;
  /** Sagene skole's administrator. */
  siri: string;
  /** Deichman Bjerke's administrator. */
  jonas: string;
  /** A city-wide administrator. */
  bente: string;
  kari: string;
  ola: string;
  school: number;
  otherSchool: number;
  library: number;
  gym: number;
  hall: number;
}

/**
 * The semester-round tests' world (decision 029), for the files that test rounds through the API:
 * Sagene skole (behandlingstid 3, open 16–22, Gymsal and Aula), Bjølsen skole and Deichman Bjerke,
 * their administrators, a city-wide one and two citizens; the rounds, bookings and e-mails are
 * emptied before each test. Read the world inside tests and hooks (it is filled in beforeAll).
 */
export function useRoundsWorld() {
  const world = {} as RoundsWorld;
  beforeAll(async () => {
    const ctx = await createTestApp();
    const db = ctx.database.db;
    const flow = await addFlow(db, 'school');
    const school = (await createLocation(db, { name: 'Sagene skole', behandlingstid: 3 })).id;
    const otherSchool = (await createLocation(db, { name: 'Bjølsen skole' })).id;
    const library = (await createLocation(db, { name: 'Deichman Bjerke' })).id;
    await setOpeningHours(db, school, '16:00', '22:00');
    const gym = (await createAsset(db, school, { name: 'Gymsal', externalAssetNumber: 'G1', bookingFlowId: flow.id })).id;
    const hall = (await createAsset(db, school, { name: 'Aula', bookingFlowId: flow.id })).id;
    await createAsset(db, school, { name: 'Revet rom', status: 'DELETED' });
    await createAsset(db, otherSchool, { name: 'Gymsal Bjølsen' });
    await addLocationAdmin(db, school, testAdmins[0]!.email);
    await addLocationAdmin(db, library, testAdmins[1]!.email);
    await db.insert(cityAdmins).values({ email: testAdmins[3]!.email.toLowerCase() });
    Object.assign(world, {
      ctx,
      school,
      otherSchool,
      library,
      gym,
      hall,
      siri: (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken,
      jonas: (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken,
      bente: (await loginAs(ctx.app, testAdmins[3]!, { client: 'admin' })).accessToken,
      kari: (await loginAs(ctx.app, testCitizens[0]!)).accessToken,
      ola: (await loginAs(ctx.app, testCitizens[1]!)).accessToken,
    } satisfies RoundsWorld);
  });
  afterAll(() => world.ctx.close());
  beforeEach(async () => {
    await world.ctx.database.db.execute(
      sql`truncate application_rounds, application_round_locations, round_wishes, bookings, reservations, change_log, mail_outbox restart identity cascade`,
    );
  });

  // A round that collects today: applications from 3 days ago until 5 days from now, the semester from day 7.
  const collecting = (overrides: Partial<CreateRoundBody> = {}): CreateRoundBody => ({
    name: 'Høst skoler',
    applicationStart: inDays(-3),
    deadline: inDays(5),
    semesterStart: inDays(7),
    semesterEnd: inDays(120),
    locationIds: [world.school],
    ...overrides,
  });
  const createRound = (body: unknown, token: string | null = world.siri) => call(world.ctx.app, token, 'POST', '/api/admin/rounds', body);
  const created = async (body: CreateRoundBody, token = world.siri): Promise<RoundSummary> => {
    const res = await createRound(body, token);
    expect(res.statusCode, res.body).toBe(201);
    return roundSummary.parse(res.json());
  };
  const counts = async () =>
    (
      await queryRows<{ r: number; l: number }>(
        world.ctx.database.db,
        sql`
    select (select count(*)::int from application_rounds) as r, (select count(*)::int from application_round_locations) as l`,
      )
    )[0]!;
  return { world, collecting, createRound, created, counts };
}
