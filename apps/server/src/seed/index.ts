import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client';
import { users } from '../db/schema/identity';
import { settings } from '../db/schema/settings';
import { todayInOslo } from './dates';
import { insertBookings } from './insert-bookings';
import { insertWorld } from './insert-world';
import { seedSelvkostDemoPrices } from './demo-prices';
import { citizenUsers, demoUsers } from './people';
import { planBackgroundBookings, planWeddings } from './plan-background-bookings';
import { planCitizenBookings } from './plan-citizen-bookings';
import { planDemoRound } from './plan-round';
import { insertDemoRound } from './insert-round';
import { createRandom } from './prng';
import { writeTransaction } from '../db/write-transaction';
import { syncInvoiceBasisOfPricedBookings } from '../casework';

export interface SeedOptions {
  /** The Oslo date the demo is built around (YYYY-MM-DD); defaults to today, so bookings stay in the future. */
  today?: string;
  /** Seed of the PRNG; the same seed and today give the same data. */
  seed?: number;
  /**
   * Stores the documents the demo's approved bookings carry (their approved contracts), in the same
   * transaction once the bookings exist. The renderer is a module above the database layer, so the
   * caller hands it in (main.ts: bookings/documents/store-demo-contracts); without it the demo's
   * contracts read as not approved yet.
   */
  storeApprovedDocuments?: (tx: Tx) => Promise<unknown>;
}

/**
 * Loads the demo data when the database has no locations yet, in one transaction. Returns whether
 * it did. An advisory lock makes two processes starting at once on one PostgreSQL seed only once.
 */
export async function seedDemoDataIfEmpty(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const today = options.today ?? todayInOslo();
  return writeTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lokaler:demo-seed'))`);
    const [existing] = await queryRows<{ found: boolean }>(tx, sql`select exists(select 1 from locations) as found`);
    if (existing?.found) return false;

    const random = createRandom(options.seed ?? 20_240_611);
    const world = await insertWorld(tx, random, today);
    await seedSelvkostDemoPrices(tx);

    // Users are upserted: a test citizen may have logged in before the demo data was loaded.
    const people = [...citizenUsers, ...demoUsers];
    const userRows = await tx
      .insert(users)
      .values(people)
      .onConflictDoUpdate({ target: users.sub, set: { name: sql`excluded.name` } })
      .returning({ id: users.id, sub: users.sub });
    const userIdBySub = new Map(userRows.map((u) => [u.sub, u.id]));

    const ctx = { today, random, ...world };
    const round = planDemoRound(ctx);
    const plans = [
      ...planCitizenBookings(ctx),
      ...round.applications,
      ...planWeddings(ctx, world.bookableRooms, 10),
      ...planBackgroundBookings(ctx, world.bookableRooms, 220),
    ];
    const bookingIds = await insertBookings(tx, plans, userIdBySub);
    await insertDemoRound(tx, round, bookingIds);
    // The demo's priced bookings get their invoice basis as the bookings writer would have kept it (decisions 058, 071).
    await syncInvoiceBasisOfPricedBookings(tx);
    await options.storeApprovedDocuments?.(tx);

    await tx
      .insert(settings)
      .values([
        { name: 'CONTACT_US', value: 'ENABLED' },
        { name: 'PORTAL_2_BETA', value: 'ENABLED' },
      ])
      .onConflictDoNothing();
    return true;
  });
}

export { storeDemoContracts } from './store-demo-contracts';
