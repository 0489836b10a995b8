import { describe, expect, it } from 'vitest';
import { applyBlockedTimeChanges, BlockedTimeError, putBlockedTimesBody } from './admin-blocked-times';

const change = (startTime: string, blocked: boolean, duration: string | number) => ({ startTime, blocked, duration });

describe('applyBlockedTimeChanges', () => {
  it('joins blocks, cuts out openings, in the order sent', () => {
    expect(applyBlockedTimeChanges([], [change('10:00:00', true, 'PT1H'), change('11:00:00', true, 'PT30M')])).toEqual([
      { start: 600, end: 690 },
    ]);
    expect(applyBlockedTimeChanges([{ start: 600, end: 720 }], [change('10:30:00', false, 'PT30M')])).toEqual([
      { start: 600, end: 630 },
      { start: 660, end: 720 },
    ]);
    expect(applyBlockedTimeChanges([{ start: 600, end: 720 }], [change('09:00:00', false, 4), change('10:00:00', true, 0.5)])).toEqual([
      { start: 600, end: 630 },
    ]);
    expect(applyBlockedTimeChanges([{ start: 600, end: 660 }], [change('12:00:00', false, 'PT1H')])).toEqual([{ start: 600, end: 660 }]);
  });

  it('refuses a block that runs past midnight', () => {
    expect(() => applyBlockedTimeChanges([], [change('23:30:00', true, 'PT1H')])).toThrow(BlockedTimeError);
    expect(applyBlockedTimeChanges([], [change('23:00:00', true, 'PT1H')])).toEqual([{ start: 1380, end: 1440 }]);
  });
});

describe('putBlockedTimesBody', () => {
  it('takes real dates and wall-clock times only', () => {
    expect(putBlockedTimesBody.safeParse({ timeslotsByDate: { '2026-03-02': [change('10:00:00', true, 'PT1H')] } }).success).toBe(true);
    expect(putBlockedTimesBody.safeParse({ timeslotsByDate: { '2026-02-30': [change('10:00:00', true, 'PT1H')] } }).success).toBe(false);
    expect(putBlockedTimesBody.safeParse({ timeslotsByDate: { '2026-03-02': [change('10:00', true, 'PT1H')] } }).success).toBe(false);
  });
});
