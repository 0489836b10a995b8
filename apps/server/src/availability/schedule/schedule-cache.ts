import { LRUCache } from 'lru-cache';
import { osloClock, type OsloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';
import type { ScheduleQuery } from '@lokaler/domain/scheduling/schedule-query';
import type { DbOrTx } from '../../db/client';
import { getSchedule } from './get-schedule';
import { readScheduleVersions, type ScheduleVersionReader } from './schedule-versions-repository';

/**
 * The public GET /api/schedule's answers kept as the bytes sent (ADR 008), one per asked query (rooms
 * in the order asked, from, to), each with the key of everything it was computed from:
 *
 * - the rooms' fixed data: their locations' rows of search_location_versions and its row 0
 *   (migration 0029, decision 047; rooms, locations, areas, tags, opening hours, closed dates —
 *   with the rooms' reservations and blocked times, all the schedule reads that its answer shows),
 *   so a change to another location keeps the answer;
 * - each room's reservations and blocked times: schedule_room_versions (migration 0013), and its row
 *   0, moved by a TRUNCATE;
 * - the clock: today in Oslo (the booking window, behandlingstid, past dates) and, when today is one of
 *   the asked dates, how many slots of today have started (past times of today are not bookable).
 *
 * Both versions are read in one query before the answer is computed, so a kept answer is at least as
 * new as its key; a change committed before a request starts is in its answer.
 */

export interface ScheduleCacheLimits {
  /** Kept answers at most (least recently used go first). */
  maxEntries: number;
  /** Bytes of kept answers at most. */
  maxBytes: number;
  /** Larger answers (many rooms over many days) are not kept. */
  maxEntryBytes: number;
}

const defaultLimits: ScheduleCacheLimits = { maxEntries: 2000, maxBytes: 64 * 1024 * 1024, maxEntryBytes: 2 * 1024 * 1024 };

interface Entry {
  version: string;
  body: Buffer;
}

/** A bounded map, least recently used first out, of query → (version key, answer bytes). */
export class ScheduleCache {
  private readonly entries: LRUCache<string, Entry>;
  hits = 0;
  misses = 0;

  constructor(limits: ScheduleCacheLimits = defaultLimits) {
    this.entries = new LRUCache<string, Entry>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      // A larger answer is not kept, and its query's older answer goes with it.
      maxEntrySize: limits.maxEntryBytes,
      // lru-cache takes only positive sizes; an answer is never empty JSON, but a size of 0 would throw.
      sizeCalculation: (entry) => Math.max(1, entry.body.length),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  get(query: string, version: string): Buffer | undefined {
    const entry = this.entries.get(query);
    return entry?.version === version ? entry.body : undefined;
  }

  set(query: string, version: string, body: Buffer): void {
    this.entries.set(query, { version, body });
  }
}

/** osloClock, remembered for the last second asked (Intl's formatting costs µs a call). */
let lastClock: { second: number; clock: OsloClock } | null = null;
function osloClockOfSecond(now: Date): OsloClock {
  const second = Math.floor(now.getTime() / 1000);
  if (lastClock?.second !== second) lastClock = { second, clock: osloClock(now) };
  return lastClock.clock;
}

/**
 * What of the clock the public answer depends on: today, and — only when today is asked — the number
 * of started 15-minute slots of today. Slots lie on the 15-minute grid from midnight (opening hours
 * are shrunk to it), and a slot is past once now is after its start (prepareRoom's cutoff: 14:00:00
 * leaves the 14:00 slot bookable, 14:00:01 does not).
 */
export function clockKey(query: Pick<ScheduleQuery, 'fromInclusive' | 'toInclusive'>, now: Date): string {
  const { today, time } = osloClockOfSecond(now);
  if (today < query.fromInclusive || today > query.toInclusive) return today;
  const [h, m, s] = time.split(':').map(Number) as [number, number, number];
  const cutoff = h * 60 + m + (s > 0 ? 1 : 0);
  return `${today}T${Math.ceil(cutoff / SLOT_MINUTES)}`;
}

/**
 * The public schedule (no reservations to ignore: the answer is the same for every caller) as the
 * JSON bytes to send, from the cache when its key still holds. Errors (a hidden room: 404) are
 * thrown by getSchedule and never kept.
 */
export async function publicScheduleBody({
  db,
  cache,
  query,
  now = new Date(),
  readVersions = (ids) => readScheduleVersions(db, ids),
}: {
  db: DbOrTx;
  cache: ScheduleCache;
  query: ScheduleQuery;
  now?: Date;
  readVersions?: ScheduleVersionReader;
}): Promise<Buffer> {
  const ids = [...new Set(query.bookableAssetIds)];
  const asked = `${ids.join(',')}|${query.fromInclusive}|${query.toInclusive}`;
  const version = `${await readVersions(ids)}|${clockKey(query, now)}`;
  const kept = cache.get(asked, version);
  if (kept) {
    cache.hits += 1;
    return kept;
  }
  cache.misses += 1;
  const answer = await getSchedule({
    db,
    query: { bookableAssetIds: ids, fromInclusive: query.fromInclusive, toInclusive: query.toInclusive },
    access: { kind: 'public' },
    now,
  });
  const body = Buffer.from(JSON.stringify(answer));
  cache.set(asked, version, body);
  return body;
}
