import { z } from 'zod';
import { fairShareLimitValue, type FairShareLimitName, type FairShareOverrides } from './fair-share';

/**
 * A location's booking rules (spec 02 §3 "Booking rules map: REQUIRE_CONTRACT, ENABLE_VEDTAK,
 * ADMIN_CAN_BOOK_PAST_DATES") and its administrators (POST/DELETE/GET /api/location/{id}/admins).
 */

export const bookingRuleNames = ['REQUIRE_CONTRACT', 'ENABLE_VEDTAK', 'ADMIN_CAN_BOOK_PAST_DATES'] as const;
export type BookingRuleName = (typeof bookingRuleNames)[number];

export const bookingRuleLabels: Record<BookingRuleName, string> = {
  REQUIRE_CONTRACT: 'Krev kontrakt',
  ENABLE_VEDTAK: 'Lag vedtak',
  ADMIN_CAN_BOOK_PAST_DATES: 'Administratorer kan booke tilbake i tid',
};

/**
 * The location's fair-share limits per applicant (decision 041), in the map's style: a whole number,
 * or null for the city-wide value.
 */
export const fairShareRuleNames = [
  'MAX_PENDING_HOURS',
  'MAX_PENDING_APPLICATIONS',
  'MAX_ROOMS_PER_APPLICATION',
  'MAX_DATES_PER_SERIES',
] as const;
export type FairShareRuleName = (typeof fairShareRuleNames)[number];
export const fairShareLimitOfRule: Record<FairShareRuleName, FairShareLimitName> = {
  MAX_PENDING_HOURS: 'maxPendingHours',
  MAX_PENDING_APPLICATIONS: 'maxPendingApplications',
  MAX_ROOMS_PER_APPLICATION: 'maxRoomsPerApplication',
  MAX_DATES_PER_SERIES: 'maxDatesPerSeries',
};

/** GET /api/location/{id}/bookingrules: every rule with its value. */
export const bookingRules = z.object({
  REQUIRE_CONTRACT: z.boolean(),
  ENABLE_VEDTAK: z.boolean(),
  ADMIN_CAN_BOOK_PAST_DATES: z.boolean(),
  MAX_PENDING_HOURS: fairShareLimitValue('maxPendingHours').nullable(),
  MAX_PENDING_APPLICATIONS: fairShareLimitValue('maxPendingApplications').nullable(),
  MAX_ROOMS_PER_APPLICATION: fairShareLimitValue('maxRoomsPerApplication').nullable(),
  MAX_DATES_PER_SERIES: fairShareLimitValue('maxDatesPerSeries').nullable(),
});
export type BookingRules = z.infer<typeof bookingRules>;

/** The fair-share overrides of a rules map. */
export function fairShareOverridesOf(rules: BookingRules): FairShareOverrides {
  return {
    maxPendingHours: rules.MAX_PENDING_HOURS,
    maxPendingApplications: rules.MAX_PENDING_APPLICATIONS,
    maxRoomsPerApplication: rules.MAX_ROOMS_PER_APPLICATION,
    maxDatesPerSeries: rules.MAX_DATES_PER_SERIES,
  };
}

/** PUT /api/location/{id}/bookingrules: the rules to change (others keep their value). */
const rulesToChange = bookingRules.partial().strict();
// One object (not a union), so a wrong value is refused naming its field: `{ rules: {...} }` or the rules themselves.
export const putBookingRulesBody = rulesToChange
  .extend({ rules: rulesToChange.optional() })
  .refine((body) => body.rules === undefined || Object.keys(body).length === 1, {
    message: 'Send reglene enten i rules eller direkte, ikke begge',
  })
  .transform(({ rules, ...direct }) => ({ rules: rules ?? direct }));
export type PutBookingRulesBody = z.infer<typeof putBookingRulesBody>;

export const locationAdmin = z.object({ email: z.string() });
export const locationAdminsResponse = z.array(locationAdmin);

export const adminMessages = {
  invalidEmail: 'Skriv inn en gyldig e-postadresse',
  lastAdmin: 'Lokalet må ha minst én administrator.',
  notSelf: 'Du kan ikke fjerne deg selv som administrator.',
  alreadyAdmin: 'Denne e-postadressen er allerede administrator.',
  chooseAdmin: 'Velg minst én administrator',
} as const;

/** POST /api/location/{id}/admins */
export const addLocationAdminBody = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: adminMessages.invalidEmail }).max(320)),
});

const adminEmails = z.array(z.string().trim().toLowerCase().max(320)).max(50);

/**
 * DELETE /api/location/{id}/admins?emails=a&emails=b, or with the body `{ emails: [...] }` (decision
 * 015; the SPA's fetch sends a body). Both may be given; together they must name at least one
 * (removeLocationAdminEmails).
 */
export const removeLocationAdminsQuery = z.object({
  emails: z.preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), adminEmails).default([]),
});
export const removeLocationAdminsBody = z.object({ emails: adminEmails }).nullish();

/** The e-mails of a removal, from the query and the body, lower-case and each once. */
export function removeLocationAdminEmails(
  query: z.infer<typeof removeLocationAdminsQuery>,
  body: z.infer<typeof removeLocationAdminsBody>,
): string[] {
  return [...new Set([...query.emails, ...(body?.emails ?? [])].filter((e) => e !== ''))];
}
