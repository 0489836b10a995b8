import { describe, expect, it } from 'vitest';
import type { ScheduleSlot } from '@lokaler/domain/scheduling/build-schedule';
import { blockedTimesBody, cellKey, cellsBetween, gridModel, lastRepeatDate } from './blocked-times-model';

const slot = (startTime: string, extra: Partial<ScheduleSlot> = {}): ScheduleSlot => ({
  startTime,
  duration: 'PT15M',
  booked: false,
  bookingAllowed: true,
  displayAsBlockedButAllowed: false,
  blocked: false,
  ...extra,
});

describe('blocked-times model', () => {
  const model = gridModel(
    {
      '2026-12-07': [slot('10:00:00'), slot('10:15:00', { booked: true }), slot('10:30:00')],
      '2026-12-08': [slot('10:15:00'), slot('10:30:00')],
    },
    ['2026-12-07', '2026-12-08'],
  );

  it('has a row for every start time of the week and leaves closed cells empty', () => {
    expect(model.times).toEqual(['10:00:00', '10:15:00', '10:30:00']);
    expect(model.slotAt('2026-12-08', '10:00:00')).toBeUndefined();
  });

  it('takes the rectangle between two cells, without reserved or closed slots', () => {
    expect(cellsBetween(model, { row: 2, col: 1 }, { row: 0, col: 0 })).toEqual([
      cellKey('2026-12-07', '10:00:00'),
      cellKey('2026-12-07', '10:30:00'),
      cellKey('2026-12-08', '10:15:00'),
      cellKey('2026-12-08', '10:30:00'),
    ]);
  });

  it('merges adjacent quarters, repeats weekly up to the end date and groups by date', () => {
    const result = blockedTimesBody(
      [cellKey('2026-12-08', '10:30:00'), cellKey('2026-12-08', '10:15:00'), cellKey('2026-12-07', '10:00:00')],
      true,
      '2026-12-15',
    );
    expect(result).toEqual({
      ok: true,
      body: {
        timeslotsByDate: {
          '2026-12-07': [{ startTime: '10:00:00', blocked: true, duration: 'PT15M' }],
          '2026-12-08': [{ startTime: '10:15:00', blocked: true, duration: 'PT30M' }],
          '2026-12-14': [{ startTime: '10:00:00', blocked: true, duration: 'PT15M' }],
          '2026-12-15': [{ startTime: '10:15:00', blocked: true, duration: 'PT30M' }],
        },
      },
    });
  });

  it("refuses more dates than the PUT takes, with the schema's message", () => {
    const days = Array.from({ length: 60 }, (_, i) =>
      cellKey(`2026-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`, '10:00:00'),
    );
    expect(blockedTimesBody(days, false, '2027-12-31')).toEqual({ ok: false, message: 'Høyst 400 datoer om gangen' });
  });

  it('lets a repeat run a year ahead, or to the room’s last date when that is sooner', () => {
    expect(lastRepeatDate('2026-11-25', null)).toBe('2027-11-25');
    expect(lastRepeatDate('2026-11-25', '2027-06-30')).toBe('2027-06-30');
    expect(lastRepeatDate('2026-11-25', '2036-11-25')).toBe('2027-11-25');
  });
});
