import { describe, expect, it } from 'vitest';
import { keptText, SearchAnswerCache } from './search-answer-cache';
import type { SearchAnswer } from './search-result-shapes';

const answer = (datesCount: number): SearchAnswer => ({ datesCount, available: [], unavailable: [] });

describe('SearchAnswerCache', () => {
  it('shares one computation between requests of the same question and key, and computes again for a new key', async () => {
    const cache = new SearchAnswerCache();
    let runs = 0;
    const compute = async () => ({ answer: answer(++runs), keep: true });
    const [a, b] = await Promise.all([cache.answer('q', 'k1', compute), cache.answer('q', 'k1', compute)]);
    expect(runs).toBe(1);
    expect(a).toBe(b);
    expect(await cache.answer('q', 'k1', compute)).toBe(a);
    const c = await cache.answer('q', 'k2', compute);
    expect(runs).toBe(2);
    expect(c.answer.datesCount).toBe(2);
    // The old key is gone: only the newest answer of a question is kept.
    expect((await cache.answer('q', 'k1', compute)).answer.datesCount).toBe(3);
  });

  it('does not keep an answer computed from other rooms than its key, nor a failed one', async () => {
    const cache = new SearchAnswerCache();
    let runs = 0;
    const unkept = await cache.answer('q', 'k', async () => ({ answer: answer(++runs), keep: false }));
    expect(unkept.texts).toBeUndefined();
    expect(keptText(unkept, 'page', () => '{"a":1}')).toBe('{"a":1}');
    expect(cache.size).toBe(0);
    await expect(cache.answer('q', 'k', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(cache.size).toBe(0);
    expect((await cache.answer('q', 'k', async () => ({ answer: answer(++runs), keep: true }))).answer.datesCount).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('keeps at most 64 questions, the least recently used out first, and a kept text as one Buffer', async () => {
    const cache = new SearchAnswerCache();
    for (let i = 0; i < 70; i++) await cache.answer(`q${i}`, 'k', async () => ({ answer: answer(i), keep: true }));
    expect(cache.size).toBe(64);
    let recomputed = false;
    await cache.answer('q0', 'k', async () => ((recomputed = true), { answer: answer(0), keep: true }));
    expect(recomputed).toBe(true);

    const kept = await cache.answer('q69', 'k', async () => {
      throw new Error('kept, not computed');
    });
    const first = keptText(kept, 'page', () => '{"page":1}');
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(
      keptText(kept, 'page', () => {
        throw new Error('kept, not written');
      }),
    ).toBe(first);
    // Too long to keep: written each time.
    const long = 'x'.repeat(300 * 1024);
    expect(keptText(kept, 'whole', () => long)).toBe(long);
    expect(kept.texts?.has('whole')).toBe(false);
  });

  it('drops the answers whose searched rooms and dates a busy change touches, and all when changes are lost', async () => {
    const cache = new SearchAnswerCache();
    const keep = (rooms?: number[]) => async () => ({ answer: answer(1), keep: true, ...(rooms ? { rooms: new Set(rooms) } : {}) });
    const snapshot = (xmax: number) => `10:${xmax}:`;
    cache.applyBusyChanges({ snapshot: snapshot(20), changes: [], lost: true });
    expect(cache.since).toBe(snapshot(20));
    const every = await cache.answer('every', 'k', keep(), ['2027-01-04', '2027-01-05']);
    const some = await cache.answer('some', 'k', keep([1, 2]), ['2027-01-04']);
    const kept = (question: string, was: unknown) => cache.answer(question, 'k', keep()).then((a) => a === was);

    // Room 3 on the 4th: not one of 'some's rooms.
    cache.applyBusyChanges({ snapshot: snapshot(30), changes: [{ room: 3, date: '2027-01-04' }], lost: false });
    expect(await kept('some', some)).toBe(true);
    expect(await kept('every', every)).toBe(false);
    // Room 2 on another date, then on the 4th.
    cache.applyBusyChanges({ snapshot: snapshot(25), changes: [{ room: 2, date: '2027-01-05' }], lost: false });
    expect(await kept('some', some)).toBe(true);
    // An older snapshot applied late is not the next `since`.
    expect(cache.since).toBe(snapshot(30));
    cache.applyBusyChanges({ snapshot: snapshot(40), changes: [{ room: 2, date: '2027-01-04' }], lost: false });
    expect(await kept('some', some)).toBe(false);
    // Room 0: every room and date (a TRUNCATE); lost: changes may be missing.
    expect(cache.size).toBe(2);
    cache.applyBusyChanges({ snapshot: snapshot(41), changes: [{ room: 0, date: '-infinity' }], lost: false });
    expect(cache.size).toBe(0);
    await cache.answer('every', 'k', keep(), ['2027-01-04']);
    cache.applyBusyChanges({ snapshot: snapshot(42), changes: [], lost: true });
    expect(cache.size).toBe(0);
  });
});
