import { sql } from 'drizzle-orm';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import { queryRows, type DbOrTx } from '../../db/client';
import { osloPeriod } from '../../db/schema/columns';
import { busyTimesSql, groupBusyTimes, type BusyTimeRow, type BusyTimes, type CalendarRange } from '../../availability';

export interface WantedTime {
  bookableAssetId: number;
  date: string;
  startTime: string;
  durationMinutes: number;
}

/**
 * Which of these times an active reservation overlaps now (instants, as the exclusion constraint
 * compares them), other than one of `exceptBookingId` (the booking being written, whose rows that did
 * go in are no obstacle): the taken times to name in a 409. One query for any number of times.
 */
export async function findTakenTimes<T extends WantedTime>(tx: DbOrTx, times: readonly T[], exceptBookingId = 0): Promise<T[]> {
  if (times.length === 0) return [];
  const wanted = JSON.stringify(times.map((t, i) => ({ i, asset: t.bookableAssetId, d: t.date, s: t.startTime, m: t.durationMinutes })));
  const rows = await queryRows<{ i: number }>(
    tx,
    sql`
    select t.i from jsonb_to_recordset(${wanted}::jsonb) as t(i int, asset int, d date, s time, m int)
    where exists (
      select 1 from reservations r
      where r.bookable_asset_id = t.asset and r.booking_id <> ${exceptBookingId}
        and r.status::text in (${sql.join(
          activeReservationStatuses.map((s) => sql`${s}`),
          sql`, `,
        )})
        and r.period && ${osloPeriod('d', 's', 'm')}
    )
    order by t.i`,
  );
  return rows.map((r) => times[Number(r.i)]!);
}

/**
 * Under the room's lock (decision 012), the first statement of a wedding take: locks the user's row
 * (FOR NO KEY UPDATE, until the transaction ends), so two takes by one person run one after the
 * other, and reads the rooms' busy times (see loadBusyTimes) for the re-check. The row lock does not
 * conflict with the key-share locks that inserting a booking for this user takes.
 */
export async function lockUserAndLoadBusyTimes(
  tx: DbOrTx,
  userId: number,
  assetIds: readonly number[],
  range: CalendarRange,
): Promise<Map<number, BusyTimes>> {
  const ids = [...new Set(assetIds)];
  // A left join: the user's row is read (and locked) even when the rooms have no busy time.
  const rows = await queryRows<BusyTimeRow>(
    tx,
    sql`
    select busy.* from (select id from users where id = ${userId} for no key update) u
    left join (${busyTimesSql(ids, range)}) busy on true
    order by busy.kind, busy.room, busy.date, busy."startTime", busy.id`,
  );
  return groupBusyTimes(
    ids,
    rows.filter((r) => r.kind !== null),
  );
}
