import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AvailabilityResponse, BookingCreationDto } from '@lokaler/domain/booking-request';
import { fateOf, omittableFates } from '@lokaler/domain/scheduling/date-fate';
import { checkAvailability } from '@lokaler/api-client/availability';
import { bookableAssetsQuery } from '@lokaler/api-client/bookable-assets';
import type { PortalSearch } from '@lokaler/api-client/search';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { useBookingDraft, type BookingDraft } from '@lokaler/ui/booking-draft';
import { formatInterval } from '@lokaler/ui/formatters';
import { paths } from '../../../config/paths';
import { activityTypeOfRooms, buildBookingRequest, nextLinkOfRooms, repeatPatternOfSearch, type TimeChoices } from './time-choices';

export const noneAvailableAnymore = 'Ingen av de valgte tidene er ledige lenger. Velg andre tider.';

/**
 * What stops the request: the rules it breaks and the times they are about, in the server's words.
 * A date outside the booking window is not among them: the form names it and may leave it out (decision 027).
 */
export function problemsOf(availability: AvailabilityResponse): string[] {
  const problems = availability.errors.flatMap((entry) => [
    ...entry.violations.map((v) => v.message),
    ...entry.datesAndTimes
      .filter((t) => !omittableFates.has(fateOf(t.reason)))
      .map((t) => `${formatInterval(t.date, t.startTime, t.endTime ?? t.startTime)}${t.message ? ` – ${t.message}` : ''}`),
  ]);
  return [...new Set(problems)];
}

function draftRepetition(search: PortalSearch): BookingDraft['repetition'] {
  const pattern = search.kind === 'recurring' ? repeatPatternOfSearch(search.repetition) : null;
  return pattern && search.kind === 'recurring' ? { pattern, lastDate: search.to } : { pattern: 'SINGLE_DAY', lastDate: null };
}

/**
 * 'Gå til søknad' into the calendar's application flow: the chosen times become the calendar's
 * booking request, PUT /api/booking/availability checks them, the answer goes into the booking draft
 * (as the calendar stores it), and /send takes over. The choices stay on the page when anything fails.
 */
export function useGoToApplication() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [, updateDraft] = useBookingDraft();
  const [pending, setPending] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  const go = useCallback(
    async (search: PortalSearch, roomIds: readonly number[], choices: TimeChoices) => {
      const reservations: BookingCreationDto[] = buildBookingRequest(search, roomIds, choices);
      if (reservations.length === 0) return;
      setPending(true);
      setProblems([]);
      try {
        const ids = reservations.map((r) => r.bookableAssetId);
        const [availability, rooms] = await Promise.all([
          checkAvailability({ bookingCreationDtos: reservations }),
          queryClient.fetchQuery(bookableAssetsQuery(ids)),
        ]);
        const broken = problemsOf(availability);
        if (broken.length > 0) {
          setProblems(broken);
          return;
        }
        if (!availability.probablyAvailable.some((a) => a.datesAndTimes.length > 0)) {
          setProblems([noneAvailableAnymore]);
          return;
        }
        updateDraft(() => ({ repetition: draftRepetition(search), checked: [], reservations, availability }));
        void navigate(
          paths.send.getHref({
            purpose: 'PUBLICUSER_LOAN',
            activityType: activityTypeOfRooms(rooms),
            nextLink: nextLinkOfRooms(rooms, paths.bookings.path),
          }),
        );
      } catch (error) {
        setProblems([userMessageOf(error)]);
      } finally {
        setPending(false);
      }
    },
    [queryClient, navigate, updateDraft],
  );

  return { go, pending, problems, clearProblems: useCallback(() => setProblems([]), []) };
}
