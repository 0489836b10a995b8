import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BookingStatusBadge, bookingStatusBadge, UnknownBookingStatusError } from './booking-status-badge';

describe('booking status badge (spec 02 §4)', () => {
  it.each([
    ['UNPROCESSED', 'Venter på behandling', 'info'],
    ['APPROVED', 'Godkjent', 'success'],
    ['REJECTED', 'Avslått', 'danger'],
    ['CANCELLED', 'Kansellert', 'danger'],
    ['AUTOREJECTED', 'Automatisk avslått', 'danger'],
  ])('%s is %s in %s', (status, label, color) => {
    expect(bookingStatusBadge(status)).toEqual({ label, color });
  });

  it.each(['PENDING', 'approved', '', null, undefined, 3])('treats %j as an error, not as a guess', (status) => {
    expect(() => bookingStatusBadge(status)).toThrow(UnknownBookingStatusError);
  });

  it('renders the label as a coloured tag', () => {
    render(<BookingStatusBadge status="UNPROCESSED" />);
    const tag = screen.getByText('Venter på behandling');
    expect(tag).toHaveAttribute('data-color', 'info');
  });

  it('throws while rendering an unknown status, so the error boundary takes over', () => {
    expect(() => render(<BookingStatusBadge status="ARCHIVED" />)).toThrow('Unknown booking status: ARCHIVED');
  });
});
