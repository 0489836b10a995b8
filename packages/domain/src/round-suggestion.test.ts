import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageGroups, wishDecisions } from './application-rounds';
import { noTimeReason, suggestAllocation, type RoomTime, type SuggestionInput, type SuggestionWish } from './round-suggestion';

const hours = (weekday: number, from: number, to: number) => ({ weekday, startMinute: from * 60, endMinute: to * 60 });
const rooms = [
  { id: 1, locationId: 10, openingHours: [hours(1, 16, 22), hours(2, 16, 22), hours(3, 8, 12), hours(3, 14, 20)] },
  { id: 2, locationId: 10, openingHours: [hours(1, 17, 21), hours(2, 16, 22)] },
  { id: 3, locationId: 20, openingHours: [hours(1, 16, 22)] },
];

const time = (roomId: number, weekday: number, from: string, to: string): RoomTime => ({
  roomId,
  weekday,
  startMinute: Number(from.slice(0, 2)) * 60 + Number(from.slice(3)),
  endMinute: Number(to.slice(0, 2)) * 60 + Number(to.slice(3)),
});

function wish(id: number, fields: Partial<SuggestionWish> & { asked: RoomTime }): SuggestionWish {
  return {
    id,
    bookingId: id,
    applicantKey: `a${id}`,
    ageGroup: null,
    appliedAt: `2027-01-01T10:00:${String(id % 60).padStart(2, '0')}Z`,
    decision: 'UNDECIDED',
    allocated: null,
    ...fields,
  };
}

describe("suggestAllocation (the round's fair rule)", () => {
  it('gives the asked time when free, then the nearest free time, then another room of the location, then nothing', () => {
    const result = suggestAllocation({
      rooms,
      busy: [],
      wishes: [
        wish(1, { asked: time(2, 1, '18:00', '20:00') }),
        wish(2, { asked: time(2, 1, '18:00', '20:00') }),
        wish(3, { asked: time(2, 1, '18:00', '20:00') }),
        wish(4, { asked: time(2, 1, '17:00', '21:00') }),
      ],
    });
    expect(result[0]).toEqual({ wishId: 1, decision: 'ASKED', allocated: time(2, 1, '18:00', '20:00'), reason: null });
    expect(result[1]).toEqual({ wishId: 2, decision: 'OTHER', allocated: time(1, 1, '18:00', '20:00'), reason: expect.any(String) });
    // Room 2 opens 17–21 on Mondays: 18–20 taken, a two-hour time nearer than another room does not fit (16–18 is before opening, 20–22 after closing).
    expect(result[2]).toMatchObject({ decision: 'NONE', allocated: null, reason: noTimeReason });
    expect(result[3]).toMatchObject({ decision: 'NONE', reason: noTimeReason });
  });

  it('moves a wish to the nearest free time of the same length in its room, the earlier of two equally near', () => {
    const result = suggestAllocation({
      rooms,
      busy: [time(1, 2, '18:00', '19:00')],
      wishes: [wish(1, { asked: time(1, 2, '18:00', '19:00') })],
    });
    expect(result[0]).toMatchObject({ decision: 'OTHER', allocated: time(1, 2, '17:00', '18:00') });
  });

  it('serves children and youth first, then the applicant with the fewest hours so far, then the earliest application', () => {
    const asked = time(3, 1, '18:00', '20:00');
    const full = time(3, 1, '16:00', '18:00');
    const late = time(3, 1, '20:00', '22:00');
    const result = suggestAllocation({
      rooms,
      busy: [full, late],
      wishes: [
        // Sent first, adults, and already granted a time elsewhere by a person.
        wish(1, { applicantKey: 'club', appliedAt: '2027-01-01T08:00:00Z', asked }),
        wish(9, {
          applicantKey: 'club',
          appliedAt: '2027-01-01T08:00:00Z',
          asked: time(1, 2, '16:00', '17:00'),
          decision: 'ASKED',
          allocated: time(1, 2, '16:00', '17:00'),
        }),
        // Sent later, adults, nothing granted: before the club.
        wish(2, { applicantKey: 'choir', appliedAt: '2027-01-02T08:00:00Z', asked }),
        // Sent last, youth: first of all.
        wish(3, { applicantKey: 'youth', appliedAt: '2027-01-03T08:00:00Z', ageGroup: 'YOUTH', asked }),
      ],
    });
    expect(result.map((r) => [r.wishId, r.decision])).toEqual([
      [1, 'NONE'],
      [2, 'NONE'],
      [3, 'ASKED'],
    ]);
    const withoutYouth = suggestAllocation({
      rooms,
      busy: [full, late],
      wishes: [
        wish(1, { applicantKey: 'club', appliedAt: '2027-01-01T08:00:00Z', asked }),
        wish(9, {
          applicantKey: 'club',
          appliedAt: '2027-01-01T08:00:00Z',
          asked: time(1, 2, '16:00', '17:00'),
          decision: 'ASKED',
          allocated: time(1, 2, '16:00', '17:00'),
        }),
        wish(2, { applicantKey: 'choir', appliedAt: '2027-01-02T08:00:00Z', asked }),
      ],
    });
    expect(withoutYouth.map((r) => [r.wishId, r.decision])).toEqual([
      [1, 'NONE'],
      [2, 'ASKED'],
    ]);
  });

  it('gives every applicant one time before anyone gets a second', () => {
    const asked = (n: number) => time(3, 1, `${16 + n}:00`, `${17 + n}:00`);
    // Room 3 has six free hours on Mondays; a has six wishes sent first, b and c one each, sent later.
    const wishes = [
      ...[0, 1, 2, 3, 4, 5].map((n) => wish(n + 1, { applicantKey: 'a', appliedAt: '2027-01-01T08:00:00Z', asked: asked(n) })),
      wish(7, { applicantKey: 'b', appliedAt: '2027-01-02T08:00:00Z', asked: asked(0) }),
      wish(8, { applicantKey: 'c', appliedAt: '2027-01-03T08:00:00Z', asked: asked(0) }),
    ];
    const result = suggestAllocation({ rooms, busy: [], wishes });
    expect(result.filter((r) => r.allocated).length).toBe(6);
    expect(result.find((r) => r.wishId === 7)?.decision).not.toBe('NONE');
    expect(result.find((r) => r.wishId === 8)?.decision).not.toBe('NONE');
  });

  it('leaves wishes for rooms it may not give alone', () => {
    expect(
      suggestAllocation({ rooms: rooms.filter((r) => r.id !== 1), busy: [], wishes: [wish(1, { asked: time(1, 1, '18:00', '19:00') })] }),
    ).toEqual([]);
  });

  describe('properties', () => {
    const roomTime = fc
      .record({
        roomId: fc.constantFrom(1, 2, 3),
        weekday: fc.constantFrom(1, 2, 3),
        start: fc.integer({ min: 28, max: 92 }),
        length: fc.integer({ min: 1, max: 12 }),
      })
      .map(({ roomId, weekday, start, length }) => ({
        roomId,
        weekday,
        startMinute: start * 15,
        endMinute: Math.min(96, start + length) * 15,
      }));
    const wishes = fc
      .array(
        fc.record({
          applicant: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
          ageGroup: fc.constantFrom(null, ...ageGroups),
          day: fc.integer({ min: 1, max: 9 }),
          asked: roomTime,
          decision: fc.constantFrom(...wishDecisions, 'UNDECIDED', 'UNDECIDED'),
        }),
        { maxLength: 40 },
      )
      .map((list) => {
        // Person-made allocations never overlap each other (the database's constraint): drop the ones that would.
        const kept: SuggestionWish[] = [];
        list.forEach((w, i) => {
          const allocated = w.decision === 'ASKED' || w.decision === 'OTHER' ? w.asked : null;
          const clash =
            allocated &&
            kept.some(
              (k) =>
                k.allocated &&
                k.allocated.roomId === allocated.roomId &&
                k.allocated.weekday === allocated.weekday &&
                k.allocated.startMinute < allocated.endMinute &&
                allocated.startMinute < k.allocated.endMinute,
            );
          kept.push({
            id: i + 1,
            bookingId: i + 1,
            applicantKey: w.applicant,
            ageGroup: w.ageGroup,
            appliedAt: `2027-01-0${w.day}T08:00:00Z`,
            asked: w.asked,
            decision: clash ? 'UNDECIDED' : w.decision,
            allocated: clash ? null : allocated,
          });
        });
        return kept;
      });
    const input = fc.record({ wishes, busy: fc.array(roomTime, { maxLength: 5 }) }).map((x): SuggestionInput => ({ ...x, rooms }));

    it('never allocates two overlapping times in a room and weekday, nor over a busy time, nor outside opening hours', () => {
      fc.assert(
        fc.property(input, (data) => {
          const result = suggestAllocation(data);
          const fixed = data.wishes.filter((w) => w.decision !== 'UNDECIDED' && w.allocated).map((w) => w.allocated!);
          const given = result.filter((r) => r.allocated).map((r) => r.allocated!);
          const all = [...fixed, ...given];
          for (let i = 0; i < all.length; i++) {
            for (let j = i + 1; j < all.length; j++) {
              const a = all[i]!;
              const b = all[j]!;
              expect(a.roomId === b.roomId && a.weekday === b.weekday && a.startMinute < b.endMinute && b.startMinute < a.endMinute).toBe(
                false,
              );
            }
          }
          for (const g of given) {
            expect(
              data.busy.some(
                (b) => b.roomId === g.roomId && b.weekday === g.weekday && b.startMinute < g.endMinute && g.startMinute < b.endMinute,
              ),
            ).toBe(false);
            const room = rooms.find((r) => r.id === g.roomId)!;
            expect(
              room.openingHours.some((h) => h.weekday === g.weekday && h.startMinute <= g.startMinute && g.endMinute <= h.endMinute),
            ).toBe(true);
          }
        }),
      );
    });

    it('decides every undecided wish once and never one a person decided; the same length on the same weekday', () => {
      fc.assert(
        fc.property(input, (data) => {
          const result = suggestAllocation(data);
          const undecided = data.wishes.filter((w) => w.decision === 'UNDECIDED').map((w) => w.id);
          expect(result.map((r) => r.wishId)).toEqual(undecided);
          for (const r of result) {
            const w = data.wishes.find((x) => x.id === r.wishId)!;
            if (r.allocated) {
              expect(r.allocated.weekday).toBe(w.asked.weekday);
              expect(r.allocated.endMinute - r.allocated.startMinute).toBe(w.asked.endMinute - w.asked.startMinute);
            }
            expect(r.decision === 'ASKED').toBe(r.allocated !== null && JSON.stringify(r.allocated) === JSON.stringify(w.asked));
          }
        }),
      );
    });

    it('is deterministic: the order of the input does not matter', () => {
      fc.assert(
        fc.property(input, fc.integer(), (data, seed) => {
          const shuffled = {
            ...data,
            wishes: shuffle(data.wishes, seed),
            busy: shuffle(data.busy, seed + 1),
            rooms: shuffle(data.rooms, seed + 2),
          };
          expect(suggestAllocation(shuffled)).toEqual(suggestAllocation(data));
        }),
      );
    });
  });
});

function shuffle<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let s = seed >>> 0;
  for (let i = copy.length - 1; i > 0; i--) {
    s = (s * 1664525 + 1013904223) >>> 0;
    const j = s % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
