import { z } from 'zod';

/** Whose bookings a calendar feed lists (decision 024). */
export const calendarFeedKinds = ['PERSON', 'ORGANIZATION', 'LOCATION'] as const;
export type CalendarFeedKind = (typeof calendarFeedKinds)[number];

/** Organisation numbers are nine digits (Enhetsregisteret). */
export const organizationNumber = z.string().regex(/^\d{9}$/, { message: 'Organisasjonsnummer må være ni siffer' });

/** One feed as the owner sees it: the secret URL (https) to paste into a calendar app. */
export const calendarFeed = z.object({
  kind: z.enum(calendarFeedKinds),
  /** Whose bookings: the person's name, the organisation's or the location's. */
  name: z.string(),
  organizationNumber: z.string().nullable(),
  locationId: z.number().int().nullable(),
  url: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;

/** GET /api/user/calendar-feeds: the person's own feed first, then one per organisation they represent. */
export const userCalendarFeeds = z.array(calendarFeed);

/** POST /api/user/calendar-feeds/rotate: which of the caller's feeds gets a new URL. */
export const rotateUserCalendarFeedBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('PERSON') }).strict(),
  z.object({ kind: z.literal('ORGANIZATION'), organizationNumber }).strict(),
]);
export type RotateUserCalendarFeedBody = z.infer<typeof rotateUserCalendarFeedBody>;

/** `{file}` of GET /api/calendar/{file}: `{id}-{secret}.ics`. Anything else is a 404 (never a 400: nothing to tell). */
export const calendarFeedFile = /^([1-9]\d{0,9})-([A-Za-z0-9_-]{43})\.ics$/;

export const calendarFeedTexts = {
  notFound: 'Fant ikke kalenderen. Lenken kan være byttet ut; hent den nye under «Mine bookinger».',
} as const;
