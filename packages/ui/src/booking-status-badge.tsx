import { Tag } from '@digdir/designsystemet-react';
import { bookingStatusLabels, bookingStatuses, type BookingStatus } from '@lokaler/domain/booking';

/** Spec 02 §4: "An unknown status string is an error." */
export class UnknownBookingStatusError extends Error {
  constructor(readonly status: unknown) {
    super(`Unknown booking status: ${String(status)}`);
    this.name = 'UnknownBookingStatusError';
  }
}

export type BookingStatusColor = 'info' | 'success' | 'danger';

export interface BookingStatusBadgeView {
  label: string;
  /** Designsystemet colour: light blue for Unprocessed, green for Approved, red for the closed ones. */
  color: BookingStatusColor;
}

const colors: Record<BookingStatus, BookingStatusColor> = {
  UNPROCESSED: 'info',
  APPROVED: 'success',
  REJECTED: 'danger',
  CANCELLED: 'danger',
  AUTOREJECTED: 'danger',
};

function isBookingStatus(status: unknown): status is BookingStatus {
  return typeof status === 'string' && (bookingStatuses as readonly string[]).includes(status);
}

/** Label and colour of a booking status (spec 02 §4); throws UnknownBookingStatusError otherwise. */
export function bookingStatusBadge(status: unknown): BookingStatusBadgeView {
  if (!isBookingStatus(status)) throw new UnknownBookingStatusError(status);
  return { label: bookingStatusLabels[status], color: colors[status] };
}

/**
 * The status of a booking as a tag. An unknown status throws while rendering, so the page's error
 * boundary shows the error page instead of a guess.
 */
export function BookingStatusBadge({ status, 'data-size': size = 'md' }: { status: unknown; 'data-size'?: 'sm' | 'md' | 'lg' }) {
  const { label, color } = bookingStatusBadge(status);
  return (
    <Tag data-color={color} data-size={size} className="lk-status-badge">
      {label}
    </Tag>
  );
}
