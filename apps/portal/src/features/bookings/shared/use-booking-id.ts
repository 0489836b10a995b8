import { useParams } from 'react-router';

/** The :bookingId of the route as a positive integer; null for anything else (shown as not found). */
export function useBookingId(): number | null {
  const { bookingId } = useParams();
  if (!bookingId || !/^\d{1,10}$/.test(bookingId)) return null;
  const id = Number(bookingId);
  return id > 0 ? id : null;
}
