import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceForms } from '@lokaler/domain/booking';
import { cancellationDeadline, cancellationDays, osloInstant } from '@lokaler/domain/booking-lifecycle';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { osloClockChanges } from '@lokaler/domain/scheduling/oslo-clock';
import { queryRows, type Database } from '../../db/client';
import { createTestDatabase } from '../../../test/test-db';

/**
 * The deadline is computed in TypeScript (booking-lifecycle) and stored as a value; the reservations'
 * periods are still read from the Oslo wall clock by the database (db/schema/columns osloPeriod). This
 * pins both to the engine: osloInstant reads a wall clock as `at time zone 'Europe/Oslo'` does, and
 * the rule gives what the SQL it replaced gave, on generated dates crossing both clock changes.
 */
describe("the cancellation deadline against the database's Oslo clock", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const changeDays = [2025, 2026, 2027, 2028].flatMap((y) => osloClockChanges(y).map((c) => c.date));
  const date = fc.oneof(
    fc.tuple(fc.constantFrom(...changeDays), fc.integer({ min: -1, max: 29 })).map(([d, shift]) => addDays(d, shift)),
    fc.integer({ min: 0, max: 365 * 4 }).map((n) => addDays('2025-01-01', n)),
  );
  // Quarter hours, as reservations start; the skipped hour of March included (PostgreSQL reads it too).
  const time = fc
    .integer({ min: 0, max: 95 })
    .map((q) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}:00`);
  const cases = fc.sample(
    fc.record({ date, time, form: fc.constantFrom(...sourceForms), nowMinutes: fc.integer({ min: -60 * 24 * 40, max: 60 * 24 }) }),
    400,
  );
  // Every quarter hour of each change day's night, and 23:59 of the days around them.
  const edges = changeDays.flatMap((d) => [
    ...Array.from({ length: 16 }, (_, q) => ({
      date: d,
      time: `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}:00`,
      form: 'default' as const,
      nowMinutes: -60 * 24 * 30,
    })),
    ...[7, 8, 28, 29].map((n) => ({
      date: addDays(d, n),
      time: '23:59:00',
      form: n > 8 ? ('wedding' as const) : ('school' as const),
      nowMinutes: -60 * 24 * 40,
    })),
  ]);

  it('reads an Oslo wall clock as PostgreSQL does, and gives what the SQL rule it replaced gave', async () => {
    const all = [...edges, ...cases].map((c) => {
      const now = new Date(osloInstant(c.date, c.time).getTime() + c.nowMinutes * 60_000);
      return { ...c, now: now.toISOString(), days: cancellationDays(c.form) };
    });
    const rows = await queryRows<{ i: number; start: string; deadline: string }>(
      database.db,
      sql`
      select t.i,
        extract(epoch from (t.d + t.s) at time zone 'Europe/Oslo')::bigint::text as start,
        extract(epoch from case when ((t.d - t.n) + time '23:59') at time zone 'Europe/Oslo' > t.now
          then ((t.d - t.n) + time '23:59') at time zone 'Europe/Oslo'
          else (t.d + t.s) at time zone 'Europe/Oslo' end)::bigint::text as deadline
      from jsonb_to_recordset(${JSON.stringify(all.map((c, i) => ({ i, d: c.date, s: c.time, n: c.days, now: c.now })))}::jsonb)
        as t(i int, d date, s time, n int, now timestamptz)
      order by t.i`,
    );
    expect(rows).toHaveLength(all.length);
    const differing = rows.flatMap((row) => {
      const c = all[row.i]!;
      const start = osloInstant(c.date, c.time).getTime() / 1000;
      const deadline = cancellationDeadline({ date: c.date, startTime: c.time }, c.form, new Date(c.now)).getTime() / 1000;
      return start === Number(row.start) && deadline === Number(row.deadline) ? [] : [{ ...c, start, deadline, db: row }];
    });
    expect(differing).toEqual([]);
  });
});
