import type { DbOrTx } from '../../db/client';
import { keepCompressed } from '../../http/compression';
import type { SearchAnswer } from './search-result-shapes';

/**
 * The city-wide search's answers kept per question (ADR 023): the ranked rooms of
 * one search (kind, dates or pattern, duration, tags), with the key they were computed under —
 * search_rooms_version, the searched dates' search_date_versions (migrations 0012 and 0020, moved in
 * every writing transaction) and the clock (today; the started slots of today when today is
 * searched). The key is read before the search runs, so a kept answer is at least as new as its key,
 * and a change committed before a request starts moves the key that request reads: it is in that
 * answer, in every server process.
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

interface Entry {
  key: string;
  kept: Promise<KeptAnswer>;
}

export class SearchAnswerCache {
  private readonly entries = new Map<string, Entry>();

  /**
   * The kept answer of `question` when it was made under `key`, else `compute()`'s, kept when it
   * says so. Requests of the same question and key while it computes share the computation.
   */
  answer(question: string, key: string, compute: () => Promise<{ answer: SearchAnswer; keep: boolean }>): Promise<KeptAnswer> {
    const entry = this.entries.get(question);
    if (entry?.key === key) {
      // Most recently used last.
      this.entries.delete(question);
      this.entries.set(question, entry);
      return entry.kept;
    }
    const kept = compute().then(({ answer, keep }) => {
      if (!keep) {
        if (this.entries.get(question)?.kept === kept) this.entries.delete(question);
        return { answer };
      }
      return { answer, texts: new Map<string, Buffer>() };
    });
    this.entries.delete(question);
    this.entries.set(question, { key, kept });
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

const caches = new WeakMap<DbOrTx, SearchAnswerCache>();

/** One cache per database handle (tests make many). */
export function searchAnswerCache(db: DbOrTx): SearchAnswerCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SearchAnswerCache()));
  return cache;
}
