import { describe, expect, it } from 'vitest';
import { calendarItemsByCell, cellKey } from './calendar-items';

const reservation = (
  reservationId: number,
  bookableAssetId: number,
  date: string,
  startTime: string,
  endTime: string,
  duration: string,
) => ({ reservationId, bookableAssetId, date, startTime, endTime, duration, status: 'APPROVED' as const });

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
});
