import { useQuery } from '@tanstack/react-query';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { AvailabilityResponse } from '@lokaler/domain/booking-request';
import { problemsBeforeSending } from '@lokaler/domain/fair-share';
import { timesToSend } from '@lokaler/domain/scheduling/date-fate';
import { bookingLimitsQuery } from '@lokaler/api-client/booking-limits';
import { openRoundOfLocationQuery } from '@lokaler/api-client/locations';
import { FairShareSummary } from '@lokaler/ui/fair-share-summary';

/**
 * Decision 041: before sending, the limits of what one applicant may hold pending at the location,
 * what the person holds there now, and — by the same domain rules the server applies — the limit
 * this application would go past. An application that enters the location's semester round is
 * counted by the round's rules instead (the server says so if it goes past them). The server counts
 * again when it is sent; nothing is shown when the question fails.
 */
export function FairShareNotice({
  rooms,
  availability,
  viewer,
}: {
  rooms: readonly BookableAsset[];
  availability: AvailabilityResponse;
  viewer: string | null;
}) {
  const locationId = rooms[0]?.locationId ?? 0;
  const { data } = useQuery(bookingLimitsQuery(locationId, viewer));
  const round = useQuery(openRoundOfLocationQuery(locationId)).data?.round ?? null;
  if (!data) return null;
  const times = timesToSend(availability).probablyAvailable;
  const firstDate = times.flatMap((e) => e.datesAndTimes.map((t) => t.date)).sort()[0];
  const isRepeating = times.some((e) => e.datesAndTimes.some((t) => t.initialRepetitionDate !== null));
  const inRound =
    round !== null && isRepeating && firstDate !== undefined && round.semesterStart <= firstDate && firstDate <= round.semesterEnd;
  const roomName = (id: number) => rooms.find((r) => r.id === id)?.displayName ?? `Rom ${id}`;
  return <FairShareSummary data={data} problems={problemsBeforeSending(times, data.limits, inRound ? null : data.pending, roomName)} />;
}
