import { useCallback, useEffect, useRef, useState } from 'react';
import type { BookingCreationDto } from '@lokaler/domain/booking-request';
import { checkAvailability } from '@lokaler/api-client/availability';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { readBookingDraft, useBookingDraft } from '@lokaler/ui/booking-draft';
import { useToasts } from '@lokaler/ui/toasts';

/** JSON with sorted keys: the stored draft comes back with its keys in the schema's order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/**
 * Runs PUT /api/booking/availability for the saved reservations and stores the answer in the draft.
 * Spec 01 §4/§8: a failed check clears the reservations and says why in a toast. An answer that
 * arrives after the reservations changed again is dropped (it is about times no longer chosen).
 */
export function useAvailabilityCheck() {
  const [, updateDraft] = useBookingDraft();
  const { showToast } = useToasts();
  const [pending, setPending] = useState(false);
  const latest = useRef(0);

  const check = useCallback(
    async (reservations: readonly BookingCreationDto[]) => {
      const request = ++latest.current;
      if (reservations.length === 0) {
        updateDraft((d) => ({ ...d, availability: null }));
        return;
      }
      const sent = canonicalJson(reservations);
      setPending(true);
      try {
        const availability = await checkAvailability({ bookingCreationDtos: [...reservations] });
        if (request === latest.current && canonicalJson(readBookingDraft().reservations) === sent)
          updateDraft((d) => ({ ...d, availability }));
      } catch (error) {
        if (request !== latest.current) return;
        updateDraft((d) => ({ ...d, reservations: [], availability: null }));
        showToast({ type: 'danger', title: 'Kunne ikke sjekke om tidene er ledige', msg: userMessageOf(error) });
      } finally {
        if (request === latest.current) setPending(false);
      }
    },
    [updateDraft, showToast],
  );

  return { check, pending };
}

/**
 * Checks the saved reservations once when the calendar opens: a stored answer may be old, and after
 * a booking conflict the draft comes back without one.
 */
export function useInitialAvailabilityCheck(check: (reservations: readonly BookingCreationDto[]) => Promise<void>, ready: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const { reservations } = readBookingDraft();
    if (reservations.length > 0) void check(reservations);
  }, [ready, check]);
}
