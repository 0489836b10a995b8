import { effectivePublicRules, type PublicBookingRules } from './public-booking-rules';
import { adminCaller, publicCaller, type SchedulingCaller } from './scheduling-caller';

/**
 * Everything a room's and its location's settings tell the scheduling rules: what the server's one
 * reader of a room's rules (apps/server/src/locations/room-rules) answers and the calendar, the search,
 * the availability check and the booking hand to the rules. A new location setting the rules obey
 * is added here first (docs/adding-a-location-setting.md): the reader then fails to type-check until
 * it reads the column, and the search-consistency test until it generates a value for it.
 */

/** A location's settings, as stored (a missing minimum duration is null). */
export interface LocationRules {
  allowSingleBookingsForPublicUser: boolean;
  allowRepeatedBookingsForPublicUser: boolean;
  maxOneTimeslotPerBookingForPublicUser: boolean;
  /** Days before the date an application must be sent (public only). */
  behandlingstid: number;
  /** Shortest booking for the public, in minutes; null for none. */
  minBookingDurationMinutes: number | null;
  /** Booking rule ADMIN_CAN_BOOK_PAST_DATES. */
  adminCanBookPastDates: boolean;
}

/** A room's own flags; the stricter of the room's and the location's wins (effectivePublicRules). */
export interface RoomFlags {
  allowSingleBookingsForPublicUser: boolean;
  allowRepeatedBookingsForPublicUser: boolean;
  maxOneTimeslotPerBookingForPublicUser: boolean;
}

export interface RoomRules {
  location: LocationRules;
  room: RoomFlags;
}

/** The public's booking rules of the room. */
export function publicRulesOfRoom(rules: RoomRules): PublicBookingRules {
  return effectivePublicRules(rules.location, rules.room);
}

/** The parts of a RoomCalendar that come from the settings. */
export function calendarSettingsOf(rules: RoomRules): { behandlingstid: number; minBookingDurationMinutes: number | null } {
  return { behandlingstid: rules.location.behandlingstid, minBookingDurationMinutes: rules.location.minBookingDurationMinutes };
}

/** How the rules treat a caller in this room: an administrator's exemptions depend on the location's settings. */
export function schedulingCallerOf(
  rules: RoomRules,
  access: { kind: 'public' } | { kind: 'admin'; allowedToBookBlockedSlots: boolean; closedDatesAvailable: boolean },
): SchedulingCaller {
  if (access.kind === 'public') return publicCaller;
  return adminCaller({
    canBookPastDates: rules.location.adminCanBookPastDates,
    allowedToBookBlockedSlots: access.allowedToBookBlockedSlots,
    closedDatesAvailable: access.closedDatesAvailable,
  });
}
