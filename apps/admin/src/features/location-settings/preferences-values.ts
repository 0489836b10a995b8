import { z } from 'zod';
import { locationPreferences, type LocationPreferences } from '@lokaler/domain/admin-location';
import {
  bookingRules,
  fairShareLimitOfRule,
  fairShareRuleNames,
  type BookingRules,
  type FairShareRuleName,
} from '@lokaler/domain/admin-location-rules';
import { fairShareLimitMessages } from '@lokaler/domain/fair-share';
import { numberOrNull, numberText, viaDomainSchema } from './form-schema';

const limitText = (name: FairShareRuleName) => numberText(fairShareLimitMessages[fairShareLimitOfRule[name]]);

/** The preferences, the three booking rules and the fair-share limits (decision 041), as the inputs hold them (the numbers as text; empty: the city-wide value). */
const preferencesFormValues = z.object({
  behandlingstid: numberText('Behandlingstid må være et helt antall dager fra 0 til 365'),
  minBookingDurationMinutes: numberText('Minste varighet må være et antall minutter delelig med 15, fra 15 til 1440'),
  requireCostCategory: z.boolean(),
  displayInPortal: z.boolean(),
  allowRepeatedBookingsForPublicUser: z.boolean(),
  allowSingleBookingsForPublicUser: z.boolean(),
  maxOneTimeslotPerBookingForPublicUser: z.boolean(),
  rules: z.object({
    REQUIRE_CONTRACT: z.boolean(),
    ENABLE_VEDTAK: z.boolean(),
    ADMIN_CAN_BOOK_PAST_DATES: z.boolean(),
    MAX_PENDING_HOURS: limitText('MAX_PENDING_HOURS'),
    MAX_PENDING_APPLICATIONS: limitText('MAX_PENDING_APPLICATIONS'),
    MAX_ROOMS_PER_APPLICATION: limitText('MAX_ROOMS_PER_APPLICATION'),
    MAX_DATES_PER_SERIES: limitText('MAX_DATES_PER_SERIES'),
  }),
});
export type PreferencesFormValues = z.input<typeof preferencesFormValues>;

const preferencesAndRules = locationPreferences.extend({ rules: bookingRules });

export const preferencesFormSchema = viaDomainSchema(preferencesFormValues, preferencesAndRules, (v) => ({
  ...v,
  // Behandlingstid is required: an empty field is 'not a number of days', not 0.
  behandlingstid: v.behandlingstid.trim() === '' ? Number.NaN : numberOrNull(v.behandlingstid),
  minBookingDurationMinutes: numberOrNull(v.minBookingDurationMinutes),
  rules: { ...v.rules, ...Object.fromEntries(fairShareRuleNames.map((name) => [name, numberOrNull(v.rules[name])])) },
}));

export function preferencesFormDefaults(preferences: LocationPreferences, rules: BookingRules): PreferencesFormValues {
  return {
    ...preferences,
    behandlingstid: String(preferences.behandlingstid),
    minBookingDurationMinutes: preferences.minBookingDurationMinutes === null ? '' : String(preferences.minBookingDurationMinutes),
    rules: {
      ...rules,
      ...(Object.fromEntries(fairShareRuleNames.map((name) => [name, rules[name] === null ? '' : String(rules[name])])) as Record<
        FairShareRuleName,
        string
      >),
    },
  };
}

export const preferenceLabels: Record<Exclude<keyof LocationPreferences, 'behandlingstid' | 'minBookingDurationMinutes'>, string> = {
  displayInPortal: 'Vis lokalet i portalen',
  allowSingleBookingsForPublicUser: 'Innbyggere kan søke om enkeltlån',
  allowRepeatedBookingsForPublicUser: 'Innbyggere kan søke om faste lån (gjentakende)',
  maxOneTimeslotPerBookingForPublicUser: 'Innbyggere kan bare velge én tid per søknad',
  requireCostCategory: 'Krev kostnadskategori ved godkjenning',
};
