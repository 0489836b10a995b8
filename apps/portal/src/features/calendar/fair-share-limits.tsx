import { useQuery } from '@tanstack/react-query';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { AvailabilityResponse } from '@lokaler/domain/booking-request';
import { problemsBeforeSending } from '@lokaler/domain/fair-share';
import { timesToSend } from '@lokaler/domain/scheduling/date-fate';
import { bookingLimitsQuery } from '@lokaler/api-client/booking-limits';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { FairShareSummary } from '@lokaler/ui/fair-share-summary';

/**
 * Decision 041, in the calendar: once times are chosen (the page's first paint stays one request),
 * the fair-share limits at the location and the ones the chosen rooms and dates go past (rooms per
 * application, dates per series, and — logged in — the pending hours and applications). Round
 * applications are judged on /send, which knows the round. Nothing is shown when the question fails.
 */
export function FairShareLimits({ rooms, availability }: { rooms: readonly BookableAsset[]; availability: AvailabilityResponse | null }) {
  const { user } = useAuth();
  const locationId = rooms[0]?.locationId ?? 0;
  const { data } = useQuery(bookingLimitsQuery(locationId, user?.sub ?? null));
  if (!data) return null;
  const times = availability ? timesToSend(availability).probablyAvailable : [];
  const roomName = (id: number) => rooms.find((r) => r.id === id)?.displayName ?? `Rom ${id}`;
  return <FairShareSummary data={data} problems={problemsBeforeSending(times, data.limits, data.pending, roomName)} />;
}
