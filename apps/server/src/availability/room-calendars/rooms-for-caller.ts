import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import { DEFAULT_YEARS_AHEAD, ADMIN_YEARS_BACK } from '@lokaler/domain/scheduling/booking-window';
import { addYears, maxDate, minDate } from '@lokaler/domain/scheduling/calendar-date';
import type { PublicBookingRules } from '@lokaler/domain/scheduling/public-booking-rules';
import { publicRulesOfRoom, schedulingCallerOf } from '@lokaler/domain/scheduling/room-rules';
import type { SchedulingCaller } from '@lokaler/domain/scheduling/scheduling-caller';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import { AppError } from '../../errors';
import type { CalendarRange, RoomRow } from './repository';

/**
 * Who may see and book which rooms, and as what kind of caller the scheduling rules treat them.
 * The public sees published rooms of published locations; an administrator sees every room that is
 * not deleted, of the locations they administer (403 for the others).
 */
export type RoomAccess =
  | { kind: 'public' }
  | {
      kind: 'admin';
      user: AuthenticatedUser;
      /** allowedToBookBlockedSlots / includeBlockedSlots */
      allowedToBookBlockedSlots?: boolean;
      /** 'Gjør stengte datoer tilgjengelig for denne bookingen' */
      closedDatesAvailable?: boolean;
    };

/** Every asked room exists for this caller (404) and, for an administrator, is theirs (403). */
export function assertRoomsAccessible(assetIds: readonly number[], rows: ReadonlyMap<number, RoomRow>, access: RoomAccess): void {
  for (const id of assetIds) {
    const row = rows.get(id);
    const visible =
      row !== undefined &&
      (access.kind === 'public'
        ? row.status === 'PUBLISHED' && row.location.status === 'PUBLISHED'
        : row.status !== 'DELETED' && row.location.status !== 'DELETED');
    if (!visible) throw AppError.notFound(`Bookable asset ${id}`);
  }
  if (access.kind === 'admin') {
    for (const id of assetIds) assertAdministers(access.user, rows.get(id)!.locationId);
  }
}

export function schedulingCallerFor(row: RoomRow, access: RoomAccess): SchedulingCaller {
  return schedulingCallerOf(
    row,
    access.kind === 'public'
      ? access
      : {
          kind: 'admin',
          allowedToBookBlockedSlots: access.allowedToBookBlockedSlots ?? false,
          closedDatesAvailable: access.closedDatesAvailable ?? false,
        },
  );
}

export function publicRulesOf(row: RoomRow): PublicBookingRules {
  return publicRulesOfRoom(row);
}

export function displayNameOf(row: Pick<RoomRow, 'name' | 'externalAssetNumber'>): string {
  return assetDisplayName(row.name, row.externalAssetNumber);
}

/**
 * The dates whose calendar data a request needs, cut to what any caller's window can reach (a year
 * back, ten years ahead): dates outside are refused by the window rule before anything else is read.
 */
export function calendarRange(dates: readonly string[], today: string): CalendarRange {
  const earliest = addYears(today, -ADMIN_YEARS_BACK);
  const latest = addYears(today, DEFAULT_YEARS_AHEAD);
  const sorted = [...dates].sort();
  const from = maxDate(sorted[0] ?? today, earliest);
  const to = minDate(sorted.at(-1) ?? today, latest);
  return from <= to ? { fromInclusive: from, toInclusive: to } : { fromInclusive: today, toInclusive: today };
}
