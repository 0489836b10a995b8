import { Heading, Paragraph } from '@digdir/designsystemet-react';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { roomsAndTimes } from './rooms-and-times';

/** Spec 02 §2: rooms and times (hidden for a rejected booking), then the location's changes to them. */
export function RoomsAndTimesSection({ booking }: { booking: UserBooking }) {
  if (booking.status === 'REJECTED' || booking.status === 'AUTOREJECTED') return null;
  const rooms = roomsAndTimes(booking.reservations);

  return (
    <section className="lk-booking-section" aria-labelledby="lk-times-title">
      <Heading level={2} data-size="sm" id="lk-times-title">
        Rom og tider
      </Heading>
      {rooms.length === 0 && <Paragraph>Bookingen har ingen aktive tider.</Paragraph>}
      {rooms.map((room) => (
        <div key={room.bookableAssetId} className="lk-times-room">
          <Heading level={3} data-size="xs">
            {room.roomName}
          </Heading>
          <ul className="lk-plain-list" aria-label={`Tider i ${room.roomName}`}>
            {room.intervals.map((interval) => (
              <li key={`${interval.date}-${interval.startTime}`}>
                {formatDate(interval.date, 'EEEE dd.MM.yyyy')} kl. {formatClock(interval.startTime)}–{formatClock(interval.endTime)}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {booking.reservationModificationDescriptions.length > 0 && (
        <>
          <Heading level={3} data-size="xs">
            Endringer fra utleier
          </Heading>
          <ul className="lk-plain-list">
            {booking.reservationModificationDescriptions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
