import { describe, expect, it } from 'vitest';
import type { ScheduleSlot } from './build-schedule';
import { shortChoices, toggleDay, toggleSlot, type ChosenSlot } from './slot-selection';

const pick = (startTime: string, date = '2025-04-01', bookableAssetId = 1): ChosenSlot => ({ bookableAssetId, date, startTime });
const times = (chosen: ChosenSlot[]) => chosen.map((c) => `${c.bookableAssetId} ${c.date} ${c.startTime.slice(0, 5)}`);
const scheduleSlot = (startTime: string, bookable = true): ScheduleSlot => ({
  startTime,
  duration: 'PT15M',
  booked: !bookable,
  bookingAllowed: true,
  displayAsBlockedButAllowed: false,
  blocked: false,
});

describe('toggleSlot', () => {
  it('checks and unchecks', () => {
    const once = toggleSlot([], pick('10:00:00'), { oneTimeslotOnly: false });
    expect(times(once)).toEqual(['1 2025-04-01 10:00']);
    expect(toggleSlot(once, pick('10:00:00'), { oneTimeslotOnly: false })).toEqual([]);
    expect(times(toggleSlot(once, pick('14:00:00'), { oneTimeslotOnly: false }))).toEqual(['1 2025-04-01 10:00', '1 2025-04-01 14:00']);
  });

  it('one timeslot only: extending the interval keeps it, anything else clears the room first', () => {
    const options = { oneTimeslotOnly: true };
    let chosen = toggleSlot([pick('09:00:00', '2025-04-01', 2)], pick('10:00:00'), options);
    chosen = toggleSlot(chosen, pick('10:15:00'), options);
    chosen = toggleSlot(chosen, pick('09:45:00'), options);
    expect(times(chosen)).toEqual(['2 2025-04-01 09:00', '1 2025-04-01 10:00', '1 2025-04-01 10:15', '1 2025-04-01 09:45']);
    expect(times(toggleSlot(chosen, pick('11:00:00'), options))).toEqual(['2 2025-04-01 09:00', '1 2025-04-01 11:00']);
    expect(times(toggleSlot(chosen, pick('10:00:00', '2025-04-02'), options))).toEqual(['2 2025-04-01 09:00', '1 2025-04-02 10:00']);
  });
});

describe('toggleDay', () => {
  const day = {
    bookableAssetId: 1,
    date: '2025-04-01',
    slots: [scheduleSlot('10:00:00'), scheduleSlot('10:15:00', false), scheduleSlot('10:30:00'), scheduleSlot('10:45:00')],
  };

  it('chooses every bookable slot of the day, never an unavailable one, and clears the day when all are chosen', () => {
    const chosen = toggleDay([pick('10:00:00')], day, { oneTimeslotOnly: false });
    expect(times(chosen)).toEqual(['1 2025-04-01 10:00', '1 2025-04-01 10:30', '1 2025-04-01 10:45']);
    expect(toggleDay(chosen, day, { oneTimeslotOnly: false })).toEqual([]);
  });

  it("one timeslot only: the first contiguous run replaces the room's choices, and toggles off again", () => {
    const chosen = toggleDay([pick('12:00:00', '2025-04-03')], day, { oneTimeslotOnly: true });
    expect(times(chosen)).toEqual(['1 2025-04-01 10:00']);
    expect(toggleDay(chosen, day, { oneTimeslotOnly: true })).toEqual([]);
  });
});

describe('shortChoices (the minimum duration at selection time)', () => {
  const at = (startTime: string, date = '2026-03-02'): ChosenSlot => ({ bookableAssetId: 1, date, startTime });

  it('names each chosen interval of the room shorter than the minimum', () => {
    const chosen = [
      at('16:00:00'),
      at('16:15:00'),
      at('17:00:00'),
      at('17:15:00'),
      at('17:30:00'),
      at('17:45:00'),
      at('16:00:00', '2026-03-03'),
      { ...at('16:00:00'), bookableAssetId: 2 },
    ];
    expect(shortChoices(chosen, 1, 60)).toEqual([
      { date: '2026-03-02', startTime: '16:00:00' },
      { date: '2026-03-03', startTime: '16:00:00' },
    ]);
    expect(shortChoices(chosen, 1, 30)).toEqual([{ date: '2026-03-03', startTime: '16:00:00' }]);
    expect(shortChoices([], 1, 60)).toEqual([]);
  });
});
