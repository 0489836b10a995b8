import { Tag } from '@digdir/designsystemet-react';
import type { BookingStatus } from '@lokaler/domain/booking';
import type { BookingRoundInfo } from '@lokaler/domain/application-rounds';
import { BookingStatusBadge } from '@lokaler/ui/booking-status-badge';

/**
 * Decision 029: while its semester round collects and allocates, an application is received, not decided:
 * the round it waits for, or null when the booking's own status says it all.
 */
export function collectingRound(booking: { status: BookingStatus; round?: BookingRoundInfo }): NonNullable<BookingRoundInfo> | null {
  return booking.round?.collected && booking.status === 'UNPROCESSED' ? booking.round : null;
}

/** The status badge, 'Mottatt' while a semester round holds the application. */
export function StatusOrReceivedBadge({
  booking,
  'data-size': size,
}: {
  booking: { status: BookingStatus; round?: BookingRoundInfo };
  'data-size'?: 'sm' | 'md';
}) {
  if (!collectingRound(booking)) return <BookingStatusBadge status={booking.status} data-size={size} />;
  return (
    <Tag data-color="info" data-size={size} className="lk-status-badge">
      Mottatt
    </Tag>
  );
}
