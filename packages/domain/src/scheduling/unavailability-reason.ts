import { formatDateNorwegian } from './format-date';

/**
 * Why a requested time cannot be booked, in the order the rules look for them: a request gets the
 * first reason that applies, so the message names the most fundamental problem.
 */
export const unavailabilityReasons = [
  'INVALID_REQUEST',
  'NOT_ON_SLOT_GRID',
  'TOO_SHORT',
  'IN_THE_PAST',
  'OUTSIDE_WINDOW',
  'WITHIN_PROCESSING_TIME',
  'CLOSED_DATE',
  'OUTSIDE_OPENING_HOURS',
  'NONEXISTENT_TIME',
  'BOOKED',
  'BLOCKED',
] as const;
export type UnavailabilityReason = (typeof unavailabilityReasons)[number];

/**
 * Reasons that say the time is taken or shut (the availability answer's `unavailable` list); the
 * others say the request itself breaks a rule (its `errors` list).
 */
export const takenReasons: ReadonlySet<UnavailabilityReason> = new Set([
  'CLOSED_DATE',
  'OUTSIDE_OPENING_HOURS',
  'NONEXISTENT_TIME',
  'BOOKED',
  'BLOCKED',
]);

export interface ReasonDetails {
  behandlingstid?: number;
  minBookingDurationMinutes?: number;
  lastDate?: string;
}

export function unavailabilityMessage(reason: UnavailabilityReason, details: ReasonDetails = {}): string {
  switch (reason) {
    case 'INVALID_REQUEST':
      return 'Ugyldig dato, tidspunkt eller varighet';
    case 'NOT_ON_SLOT_GRID':
      return 'Tidspunktet må starte og slutte på et helt kvarter';
    case 'TOO_SHORT':
      return `Bookingen må vare minst ${details.minBookingDurationMinutes ?? 0} minutter`;
    case 'IN_THE_PAST':
      return 'Tidspunktet har allerede vært';
    case 'OUTSIDE_WINDOW':
      return details.lastDate
        ? `Datoen er utenfor perioden som kan bookes (siste dato er ${formatDateNorwegian(details.lastDate)})`
        : 'Datoen er utenfor perioden som kan bookes';
    case 'WITHIN_PROCESSING_TIME':
      // Spec 01 §8, verbatim.
      return `Lokalet krever at søknader sendes inn minst ${details.behandlingstid ?? 0} dager før ønsket dato.`;
    case 'CLOSED_DATE':
      return 'Lokalet er stengt denne dagen';
    case 'OUTSIDE_OPENING_HOURS':
      return 'Tidspunktet er utenfor åpningstiden';
    case 'NONEXISTENT_TIME':
      return 'Tidspunktet finnes ikke denne dagen (overgang til sommertid)';
    case 'BOOKED':
      return 'Tidspunktet er ikke ledig';
    case 'BLOCKED':
      return 'Tidspunktet er blokkert';
  }
}
