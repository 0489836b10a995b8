import { describe, expect, it } from 'vitest';
import { expandRepetition } from '@lokaler/domain/scheduling/expand-repetition';
import type { PortalSearch } from '@lokaler/api-client/search';
import { buildBookingRequest, chosenTimeCount, keepRooms, toggleTime, type TimeChoices } from './time-choices';

const evening = { start: '18:00:00', end: '19:00:00', firstAvailable: '2030-03-04' };

describe('buildBookingRequest', () => {
  it('makes one time per room on the searched date for a single loan, in the order the rooms were chosen', () => {
    const search: PortalSearch = { kind: 'single', tagIds: [], date: '2030-03-05', duration: 'PT1H30M' };
    const choices: TimeChoices = {
      11: { single: { start: '18:00:00', end: '19:30:00', firstAvailable: '2030-03-05' } },
      12: { single: { start: '09:15:00', end: '10:45:00', firstAvailable: '2030-03-05' } },
    };
    expect(buildBookingRequest(search, [12, 11, 13], choices)).toEqual([
      { bookableAssetId: 12, datesAndTimes: [{ date: '2030-03-05', startTime: '09:15:00', duration: 'PT1H30M' }], repetition: null },
      { bookableAssetId: 11, datesAndTimes: [{ date: '2030-03-05', startTime: '18:00:00', duration: 'PT1H30M' }], repetition: null },
    ]);
  });

  it("repeats each weekday's time weekly from the search's first date of that weekday up to 'to' ('Ukentlig'), free or not", () => {
    const search: PortalSearch = {
      kind: 'recurring',
      tagIds: [],
      from: '2030-03-04',
      to: '2030-04-30',
      duration: 'PT1H',
      repetition: 'WEEKLYONWEEKDAY',
      daysOfWeek: ['MONDAY', 'WEDNESDAY'],
    };
    const choices: TimeChoices = {
      11: { WEDNESDAY: { start: '17:00:00', end: '18:00:00', firstAvailable: '2030-03-13' }, MONDAY: evening },
    };
    expect(buildBookingRequest(search, [11], choices)).toEqual([
      {
        bookableAssetId: 11,
        datesAndTimes: [
          { date: '2030-03-04', startTime: '18:00:00', duration: 'PT1H' },
          // Not free on 6 March (its first free date is the 13th): still in the series, for the check to name.
          { date: '2030-03-06', startTime: '17:00:00', duration: 'PT1H' },
        ],
        repetition: { pattern: 'WEEKLY', lastDate: '2030-04-30' },
      },
    ]);
  });

  it("repeats every other week in the search's own weeks ('Annenhver uke'), even when 'from' is mid-week", () => {
    // From Wednesday 6 March: week 0 is 4–10 March, so Mondays are 18 March, 1 April …; Wednesdays 6 March, 20 March …
    const search: PortalSearch = {
      kind: 'recurring',
      tagIds: [],
      from: '2030-03-06',
      to: '2030-04-30',
      duration: 'PT1H',
      repetition: 'BIWEEKLYONWEEKDAY',
      daysOfWeek: ['MONDAY', 'WEDNESDAY'],
    };
    const choices: TimeChoices = {
      11: { MONDAY: { ...evening, firstAvailable: '2030-03-18' }, WEDNESDAY: { ...evening, firstAvailable: '2030-03-06' } },
    };
    expect(buildBookingRequest(search, [11], choices)).toEqual([
      {
        bookableAssetId: 11,
        datesAndTimes: [
          { date: '2030-03-18', startTime: '18:00:00', duration: 'PT1H' },
          { date: '2030-03-06', startTime: '18:00:00', duration: 'PT1H' },
        ],
        repetition: { pattern: 'BIWEEKLY', lastDate: '2030-04-30' },
      },
    ]);
  });

  it("lists every date of 'Hver fjerde uke' (the request repeats only weekly or biweekly)", () => {
    const search: PortalSearch = {
      kind: 'recurring',
      tagIds: [],
      from: '2030-03-04',
      to: '2030-05-31',
      duration: 'PT2H',
      repetition: 'MONTHLYONWEEKDAY',
      daysOfWeek: ['TUESDAY'],
    };
    const choices: TimeChoices = { 11: { TUESDAY: { start: '10:00:00', end: '12:00:00', firstAvailable: '2030-03-05' } } };
    expect(buildBookingRequest(search, [11], choices)).toEqual([
      {
        bookableAssetId: 11,
        datesAndTimes: ['2030-03-05', '2030-04-02', '2030-04-30', '2030-05-28'].map((date) => ({
          date,
          startTime: '10:00:00',
          duration: 'PT2H',
        })),
        repetition: null,
      },
    ]);
  });

  it("keeps a second room's dates that are not free in its series: a weekly series once lost 24.12 and 31.12 unseen", () => {
    // Seven Thursdays; the second room is closed on 24.12 and 31.12, so its time's first free date is 7.1.
    const search: PortalSearch = {
      kind: 'recurring',
      tagIds: [],
      from: '2026-12-21',
      to: '2027-02-05',
      duration: 'PT1H',
      repetition: 'WEEKLYONWEEKDAY',
      daysOfWeek: ['THURSDAY'],
    };
    const choices: TimeChoices = {
      11: { THURSDAY: { start: '18:00:00', end: '19:00:00', firstAvailable: '2026-12-24' } },
      12: { THURSDAY: { start: '18:00:00', end: '19:00:00', firstAvailable: '2027-01-07' } },
    };
    const [first, second] = buildBookingRequest(search, [11, 12], choices);
    expect(first!.datesAndTimes).toEqual([{ date: '2026-12-24', startTime: '18:00:00', duration: 'PT1H' }]);
    expect(second!.datesAndTimes).toEqual([{ date: '2026-12-24', startTime: '18:00:00', duration: 'PT1H' }]);
    expect(expandRepetition(second!.datesAndTimes, second!.repetition).map((o) => o.date)).toEqual([
      '2026-12-24',
      '2026-12-31',
      '2027-01-07',
      '2027-01-14',
      '2027-01-21',
      '2027-01-28',
      '2027-02-04',
    ]);
  });

  it('leaves out rooms without a time', () => {
    const search: PortalSearch = {
      kind: 'recurring',
      tagIds: [],
      from: '2030-03-04',
      to: '2030-03-31',
      duration: 'PT1H',
      repetition: 'WEEKLYONWEEKDAY',
      daysOfWeek: ['MONDAY'],
    };
    expect(buildBookingRequest(search, [11, 12], { 11: {} })).toEqual([]);
  });
});

describe('time choices', () => {
  it('chooses a time, replaces it with another and takes it away on a second press', () => {
    let choices: TimeChoices = {};
    choices = toggleTime(choices, 11, 'single', evening);
    expect(chosenTimeCount(choices, 11)).toBe(1);
    choices = toggleTime(choices, 11, 'single', { ...evening, start: '19:00:00', end: '20:00:00' });
    expect(choices[11]?.single?.start).toBe('19:00:00');
    choices = toggleTime(choices, 11, 'single', { ...evening, start: '19:00:00', end: '20:00:00' });
    expect(chosenTimeCount(choices, 11)).toBe(0);
  });

  it('forgets the times of rooms no longer chosen', () => {
    const choices: TimeChoices = { 11: { single: evening }, 12: { single: evening } };
    expect(Object.keys(keepRooms(choices, [12]))).toEqual(['12']);
  });
});
