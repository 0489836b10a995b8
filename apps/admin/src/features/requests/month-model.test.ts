import { describe, expect, it } from 'vitest';
import { dayOfMonth, monthDays, monthOf, monthRange, shiftMonth } from './month-model';

const rooms = [
  { id: 3, name: 'Gymsal' },
  { id: 4, name: 'Aula' },
];

describe('the month view model (decision 067)', () => {
  it('reads the month from the URL, falls back to the shown day, and steps across years', () => {
    expect(monthOf('2026-12', '2026-03-04')).toBe('2026-12');
    expect(monthOf('2026-13', '2026-03-04')).toBe('2026-03');
    expect(monthOf(null, '2026-03-04')).toBe('2026-03');
    expect(monthRange('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(dayOfMonth('2026-12', '2026-12-09')).toBe('2026-12-09');
    expect(dayOfMonth('2027-01', '2026-12-09')).toBe('2027-01-01');
  });

  it('gives every day with its weekday and closing, and per room only the rooms with bookings or blocked times', () => {
    const days = monthDays(
      '2026-12',
      {
        bookings: [
          {
            bookingId: 31,
            caseNumber: 'LOK-31',
            status: 'UNPROCESSED',
            bookingPurpose: 'PUBLICUSER_LOAN',
            title: 'Sagene IF',
            reservations: [
              {
                reservationId: 301,
                bookableAssetId: 4,
                date: '2026-12-18',
                startTime: '18:00:00',
                endTime: '19:00:00',
                duration: 'PT1H',
                status: 'UNPROCESSED',
              },
            ],
          },
        ],
        closedDates: [{ date: '2026-12-18', reason: null }],
        blockedTimes: [{ bookableAssetId: 3, date: '2026-12-01', startTime: '10:00:00', endTime: '12:00:00' }],
      },
      rooms,
    );
    expect(days).toHaveLength(31);
    expect(days[0]).toMatchObject({ date: '2026-12-01', weekday: 2, closed: undefined });
    expect(days[0]!.rooms.map((r) => [r.room.name, r.blocked, r.items])).toEqual([
      ['Gymsal', [{ startTime: '10:00:00', endTime: '12:00:00' }], []],
    ]);
    expect(days[1]!.rooms).toEqual([]);
    const friday = days[17]!;
    expect(friday).toMatchObject({ date: '2026-12-18', weekday: 5, closed: null });
    expect(friday.rooms.map((r) => r.room.name)).toEqual(['Aula']);
    expect(friday.rooms[0]!.items[0]).toMatchObject({ title: 'Sagene IF', status: 'UNPROCESSED', kept: true, movable: 301 });
  });
});
