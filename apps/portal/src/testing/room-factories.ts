import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { BookingFlowTheme } from '@lokaler/domain/booking-flow';
import type { ScheduleSlot } from '@lokaler/domain/scheduling/build-schedule';
import { datesInRange } from '@lokaler/domain/scheduling/calendar-date';
import { minutesToTime, parseTime } from '@lokaler/domain/scheduling/time-of-day';

let nextId = 100;

const flowLinks: Record<BookingFlowTheme, string> = {
  school: '/bookinger',
  default: '/bookinger',
  bicycle: '/bookinger',
  wedding: '/ny-booking/vielse',
};

/** A room as GET /api/bookableasset and /api/location/{id}/bookableassets answer it. */
export function buildRoom(overrides: Partial<BookableAsset> & { theme?: BookingFlowTheme } = {}): BookableAsset {
  const { theme = 'school', ...rest } = overrides;
  const id = rest.id ?? nextId++;
  const name = rest.name ?? `Rom ${id}`;
  return {
    id,
    name,
    externalAssetNumber: null,
    displayName: name,
    locationId: 1,
    locationName: 'Tøyen skole',
    bookingFlowId: 1,
    bookingFlow: { id: 1, name: theme, theme, adminFormLink: null, publicFormLink: flowLinks[theme] },
    capacity: 30,
    squareMeters: 60,
    purposes: ['Møte'],
    facilities: ['Projektor'],
    uu: ['Rullestoltilgang'],
    filters: [],
    assetTypeId: null,
    latLng: null,
    hasOslonokkelen: false,
    assetInfoMessage: null,
    allowRepeatedBookingsForPublicUser: true,
    allowSingleBookingsForPublicUser: true,
    maxOneTimeslotPerBookingForPublicUser: false,
    ...rest,
  };
}

/**
 * timeslotsByDate of GET /api/schedule: every date from..to open `opens`–`closes` in 15-minute slots;
 * `taken` ('YYYY-MM-DD HH:mm:ss') are booked.
 */
export function buildTimeslots(
  from: string,
  to: string,
  { opens = '18:00:00', closes = '20:00:00', taken = [] as string[] } = {},
): Record<string, ScheduleSlot[]> {
  const result: Record<string, ScheduleSlot[]> = {};
  for (const date of datesInRange(from, to)) {
    const slots: ScheduleSlot[] = [];
    for (let m = parseTime(opens)!; m < parseTime(closes)!; m += 15) {
      const startTime = minutesToTime(m);
      const booked = taken.includes(`${date} ${startTime}`);
      slots.push({ startTime, duration: 'PT15M', booked, bookingAllowed: true, displayAsBlockedButAllowed: false, blocked: false });
    }
    result[date] = slots;
  }
  return result;
}
