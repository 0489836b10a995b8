import { z } from 'zod';
import {
  adminBookingPurposeChoice,
  adminBookingRuleProblem,
  type AdminBookingPurpose,
  type AdminBookingPurposeChoice,
  type CreateBookingRequestWithAdmin,
} from '@lokaler/domain/admin-booking-create';
import type { AssetTimesToBook } from '@lokaler/domain/booking-request';
import { requireLastDate, timeChoiceFields, type TimeChoice } from './time-choice';

export const purposeLabels: Record<AdminBookingPurpose, string> = {
  ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN: 'På vegne av en innbygger',
  ADMINUSER_INTERNAL_ACTIVITY: 'Intern aktivitet',
  ADMINUSER_MAKE_TIME_UNAVAILABLE: 'Gjør tiden utilgjengelig',
};

/**
 * What the form holds beside the body's fields: the market price as typed in kroner, and the
 * override as a checkbox with its reason; chosenPurposeFields turns them into marketPrice (øre) and
 * overrideRules, the fields the server judges.
 */
const costChoiceInputs = {
  marketPriceKroner: z.string().optional(),
  overrideRule: z.boolean().optional(),
  overrideReason: z.string().optional(),
};

const newBookingFields = adminBookingPurposeChoice.safeExtend(timeChoiceFields).safeExtend(costChoiceInputs).superRefine(requireLastDate);
export type NewBookingValues = z.input<typeof newBookingFields>;
export type NewBooking = z.output<typeof newBookingFields>;

/** Øre of a kroner amount as typed ('3 500', '350,50'); undefined when it is none. */
export function kronerToOre(value: string | undefined): number | undefined {
  const compact = (value ?? '')
    .replace(/[\s\u00a0]/g, '')
    .replace(/kr$/i, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return undefined;
  const [whole = '0', fraction = ''] = compact.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Only the chosen purpose's fields are sent (adminBookingBody), so only they are judged. */
function chosenPurposeFields(values: unknown): unknown {
  if (typeof values !== 'object' || values === null) return values;
  const {
    onBehalfOfName,
    onBehalfOfEmail,
    internalEventTitle,
    costCategory,
    marketPrice: _marketPrice,
    overrideRules: _overrideRules,
    ...rest
  } = values as Record<string, unknown>;
  if (rest.bookingPurpose !== 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN') return { ...rest, internalEventTitle };
  const market = costCategory === 'MARKET' ? kronerToOre(rest.marketPriceKroner as string | undefined) : undefined;
  return {
    ...rest,
    onBehalfOfName,
    onBehalfOfEmail,
    costCategory,
    ...(market !== undefined ? { marketPrice: market } : {}),
    ...(rest.overrideRule === true ? { overrideRules: { reason: rest.overrideReason ?? '' } } : {}),
  };
}

/**
 * The new-booking form: who or what the administrator books for, judged by the schema POST
 * /api/booking judges it with (adminBookingPurposeChoice: name and e-mail for a citizen, no title
 * required, since the server gives a missing one the purpose's default), and the time fields. A
 * preprocess takes any input, so the form's value type is stated here for react-hook-form.
 */
export const newBookingSchema = z.preprocess(chosenPurposeFields, newBookingFields) as unknown as z.ZodType<NewBooking, NewBookingValues>;

/**
 * The form's schema with the location's rules (adminBookingRuleProblem, as the server applies them):
 * where the location requires a cost category, a loan on behalf of a citizen has one or an override.
 */
export function newBookingSchemaFor(location: { requireCostCategory: boolean }): z.ZodType<NewBooking, NewBookingValues> {
  return newBookingSchema.superRefine((values, ctx) => {
    const problem = adminBookingRuleProblem(location, values);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
}

/** POST /api/booking's body; only the chosen purpose's fields are sent. */
export function adminBookingBody(
  choice: AdminBookingPurposeChoice,
  times: AssetTimesToBook[],
  chosen: Pick<TimeChoice, 'repeatWeekly' | 'includeBlockedSlots' | 'includeClosedDates'>,
): CreateBookingRequestWithAdmin {
  const onBehalf = choice.bookingPurpose === 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN';
  const title = choice.internalEventTitle ?? '';
  return {
    availabilityData: { probablyAvailable: times },
    isRepeating: chosen.repeatWeekly,
    includeBlockedSlots: chosen.includeBlockedSlots,
    includeClosedDates: chosen.includeClosedDates,
    bookingPortalClient: 'ADMIN',
    bookingPurpose: choice.bookingPurpose,
    formAnswers: {},
    ...(onBehalf ? { onBehalfOfName: choice.onBehalfOfName, onBehalfOfEmail: choice.onBehalfOfEmail } : {}),
    ...(onBehalf && choice.costCategory ? { costCategory: choice.costCategory } : {}),
    ...(onBehalf && choice.costCategory === 'MARKET' && choice.marketPrice !== undefined ? { marketPrice: choice.marketPrice } : {}),
    ...(onBehalf && choice.overrideRules ? { overrideRules: choice.overrideRules } : {}),
    ...(!onBehalf && title ? { internalEventTitle: title } : {}),
  };
}
