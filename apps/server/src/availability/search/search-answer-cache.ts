import type { DbOrTx } from '../../db/client';
import { keepCompressed } from '../../http/compression';
import type { SearchAnswer } from './search-result-shapes';

/**
 * The city-wide search's answers kept per question (ADR 023): the ranked rooms of
 * one search (kind, dates or pattern, duration, tags), with the key they were computed under —
 * search_rooms_version (migration 0012, moved in every writing transaction) and the clock (today;
 * the started slots of today when today is searched) — and the rooms and dates they depend on.
 * Changes of busy times drop only the answers whose rooms and dates they touch (decision 047): every
 * request first reads the busy_changes rows (migration 0029) not visible in the snapshot of the last
 * read applied here (applyBusyChanges), then looks up its answer. An answer is in the map from
 * before its computation reads anything, so a change committed after that read is applied to it
 * by a later request; one committed before a request starts is applied before its look-up: it is in
 * that answer, in every server process.
 *
 * Besides the ranked rooms, an entry keeps the texts sent for it (a page, the markers, per shape and
 * filters) as Buffers, so their compression and ETag are made once (http/compression.ts, etag.ts).
 * At most MAX_ENTRIES questions (least recently used out first), MAX_TEXTS texts each, none over
 * MAX_TEXT_BYTES (the whole lists of a city-wide search, 2–7 MB, are written each time).
 */

export interface KeptAnswer {
  answer: SearchAnswer;
  /** The texts written for this answer, by shape and filters; absent when the answer is not kept. */
  texts?: Map<string, Buffer>;
}

const MAX_ENTRIES = 64;
const MAX_TEXTS = 32;
const MAX_TEXT_BYTES = 256 * 1024;

/** A change of busy times (busy_changes, migration 0029): this room's on this date; room 0: every room and date. */
export interface BusyChange {
  room: number;
  date: string;
}

export interface BusyChanges {
  /** The snapshot they were read under (pg_snapshot as text). */
  snapshot: string;
  /** The changes committed since the `since` they were read with. */
  changes: readonly BusyChange[];
  /** Changes since `since` may be missing (pruned, or too many to list): drop every answer. */
  lost: boolean;
}

interface Entry {
  key: string;
  kept: Promise<KeptAnswer>;
  /** The searched dates. */
  dates: ReadonlySet<string>;
  /** The searched rooms; undefined: every room (also while computing). */
  rooms?: ReadonlySet<number>;
}

/** A computed answer, whether to keep it, and the rooms it was computed for (undefined: every room). */
export interface ComputedAnswer {
  answer: SearchAnswer;
  keep: boolean;
  rooms?: ReadonlySet<number>;
}

export class SearchAnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** The snapshot of the busy changes applied last: pass it to the next read (null before the first). */
  since: string | null = null;

  /**
   * Drops the answers whose rooms and dates a change touches. Any snapshot read here has been
   * applied whole, so either may be the next `since`: the later one (larger xmax) repeats fewer.
   */
  applyBusyChanges({ snapshot, changes, lost }: BusyChanges): void {
    if (lost || changes.some((c) => c.room === 0)) this.entries.clear();
    else if (changes.length > 0) {
      for (const [question, entry] of this.entries) {
        if (changes.some((c) => entry.dates.has(c.date) && (!entry.rooms || entry.rooms.has(c.room)))) this.entries.delete(question);
      }
    }
    if (this.since === null || snapshotXmax(snapshot) >= snapshotXmax(this.since)) this.since = snapshot;
  }

  /**
   * The kept answer of `question` when it was made under `key`, else `compute()`'s, kept when it
   * says so, depending on the searched `dates` and the rooms compute() names. Requests of the same
   * question and key while it computes share the computation.
   */
  answer(question: string, key: string, compute: () => Promise<ComputedAnswer>, dates: Iterable<string> = []): Promise<KeptAnswer> {
    const entry = this.entries.get(question);
    if (entry?.key === key) {
      // Most recently used last.
      this.entries.delete(question);
      this.entries.set(question, entry);
      return entry.kept;
    }
    // Set in the map in this same turn, before the computation's first read reaches the database.
    const kept = compute().then(({ answer, keep, rooms }) => {
      if (!keep) {
        if (this.entries.get(question)?.kept === kept) this.entries.delete(question);
        return { answer };
      }
      if (rooms) created.rooms = rooms;
      return { answer, texts: new Map<string, Buffer>() };
    });
    const created: Entry = { key, kept, dates: new Set(dates) };
    this.entries.delete(question);
    this.entries.set(question, created);
    // A failed or unkeepable search must not stay.
    kept.catch(() => {
      if (this.entries.get(question)?.kept === kept) this.entries.delete(question);
    });
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return kept;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The text for `textKey` of a kept answer, written by `write` the first time. */
export function keptText(kept: KeptAnswer, textKey: string, write: () => string): string | Buffer {
  const known = kept.texts?.get(textKey);
  if (known) return known;
  const text = write();
  if (!kept.texts || text.length > MAX_TEXT_BYTES) return text;
  const body = keepCompressed(Buffer.from(text));
  if (kept.texts.size >= MAX_TEXTS) {
    const oldest = kept.texts.keys().next().value;
    if (oldest !== undefined) kept.texts.delete(oldest);
  }
  kept.texts.set(textKey, body);
  return body;
}

/** A snapshot's xmax ('xmin:xmax:xip,…'): a snapshot taken later never has a smaller one. */
function snapshotXmax(snapshot: string): bigint {
  const xmax = snapshot.split(':')[1];
  return xmax ? BigInt(xmax) : 0n;
}

const caches = new WeakMap<DbOrTx, SearchAnswerCache>();

/** One cache per database handle (tests make many). */
export function searchAnswerCache(db: DbOrTx): SearchAnswerCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SearchAnswerCache()));
  return cache;
}
