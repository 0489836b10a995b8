import { Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { userBookingQuery } from '@lokaler/api-client/user-bookings';
import { formatInterval } from '@lokaler/ui/formatters';
import { formatInstant } from '../format';
import { roomsAndTimes } from '../detail/rooms-and-times';

/**
 * The time the couple applies for (room, place, date and clock) and until when it is held, above
 * every step. The time comes from the booking; while it loads (or if it cannot) only the hold is said.
 */
export function HeldTime({ sub, bookingId, holdExpiresAtUtc }: { sub: string; bookingId: number; holdExpiresAtUtc: string | null }) {
  const booking = useQuery(userBookingQuery(sub, bookingId));
  const times = booking.data
    ? roomsAndTimes(booking.data.reservations).flatMap((room) =>
        room.intervals.map((i) => `${room.roomName}, ${booking.data.location.name}: ${formatInterval(i.date, i.startTime, i.endTime)}`),
      )
    : [];
  const until = holdExpiresAtUtc ? ` til kl. ${formatInstant(holdExpiresAtUtc).slice(11)}` : '';
  return (
    <div className="lk-stack lk-wedding-held-time">
      {times.map((time) => (
        <Paragraph key={time}>
          <strong>Tidspunkt:</strong> {time}
        </Paragraph>
      ))}
      <Paragraph data-size="sm">
        Tidspunktet er holdt av til deg{until} mens du fyller ut søknaden. Avbryter du, blir tidspunktet ledig for andre.
      </Paragraph>
    </div>
  );
}
