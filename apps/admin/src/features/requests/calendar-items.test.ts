import { describe, expect, it } from 'vitest';
import { calendarItemsByCell, cellKey, itemMinutes } from './calendar-items';

const reservation = (
  reservationId: number,
  bookableAssetId: number,
  date: string,
  startTime: string,
  endTime: string,
  duration: string,
  status: 'APPROVED' | 'UNPROCESSED' = 'APPROVED',
) => ({ reservationId, bookableAssetId, date, startTime, endTime, duration, status });

describe('calendar cells', () => {
  it("merge a booking's adjacent times in a room and sort each cell by start", () => {
    const cells = calendarItemsByCell({
      bookings: [
        {
          bookingId: 1,
          caseNumber: 'LOK-1',
          status: 'APPROVED',
          bookingPurpose: 'PUBLICUSER_LOAN',
          title: 'Korøvelse',
          reservations: [
            reservation(11, 3, '2026-03-17', '19:00:00', '20:00:00', 'PT1H'),
            reservation(12, 3, '2026-03-17', '18:00:00', '19:00:00', 'PT1H'),
            reservation(13, 4, '2026-03-17', '18:00:00', '19:00:00', 'PT1H'),
          ],
        },
        {
          bookingId: 2,
          caseNumber: 'LOK-2',
          status: 'UNPROCESSED',
          bookingPurpose: 'PUBLICUSER_LOAN',
          title: 'Yoga',
          reservations: [reservation(21, 3, '2026-03-17', '10:00:00', '11:30:00', 'PT1H30M')],
        },
      ],
    });
    expect(cells.get(cellKey(3, '2026-03-17'))?.map((i) => [i.title, i.startTime, i.endTime])).toEqual([
      ['Yoga', '10:00:00', '11:30:00'],
      ['Korøvelse', '18:00:00', '20:00:00'],
    ]);
    expect(cells.get(cellKey(4, '2026-03-17'))).toHaveLength(1);
    expect(cells.get(cellKey(3, '2026-03-18'))).toBeUndefined();
  });

  it('hold the reservations of each item, and offer a move only for a single waiting or approved time (decision 067)', () => {
    const booking = (
      bookingId: number,
      status: 'APPROVED' | 'UNPROCESSED' | 'CANCELLED',
      reservations: ReturnType<typeof reservation>[],
    ) => ({
      bookingId,
      caseNumber: `LOK-${bookingId}`,
      status,
      bookingPurpose: 'PUBLICUSER_LOAN' as const,
      title: `Sak ${bookingId}`,
      reservations,
    });
    const cells = calendarItemsByCell({
      bookings: [
        booking(1, 'APPROVED', [
          reservation(11, 3, '2026-03-17', '18:00:00', '19:00:00', 'PT1H'),
          reservation(12, 3, '2026-03-17', '19:00:00', '20:00:00', 'PT1H'),
          reservation(13, 3, '2026-03-18', '18:00:00', '19:00:00', 'PT1H'),
        ]),
        booking(2, 'UNPROCESSED', [reservation(21, 3, '2026-03-19', '22:00:00', '00:00:00', 'PT2H', 'UNPROCESSED')]),
        booking(3, 'CANCELLED', [reservation(31, 3, '2026-03-20', '10:00:00', '11:00:00', 'PT1H')]),
      ],
    });
    const only = (date: string) => cells.get(cellKey(3, date))![0]!;
    expect(only('2026-03-17')).toMatchObject({ reservationIds: [11, 12], movable: null });
    expect(only('2026-03-18')).toMatchObject({ reservationIds: [13], movable: 13 });
    expect(only('2026-03-19')).toMatchObject({ reservationIds: [21], movable: 21 });
    expect(itemMinutes(only('2026-03-19'))).toBe(120);
    expect(only('2026-03-20')).toMatchObject({ reservationIds: [31], movable: null });
  });
});
