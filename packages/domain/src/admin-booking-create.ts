import { z } from 'zod';
import { costCategories, type CostCategory } from './booking';
import { createBookingRequest } from './booking-create';

/**
 * POST /api/booking from the admin app (spec 02 §6, §7: "Booking on behalf of others or internal:
 * POST /booking with availabilityData, isRepeating, bookingPortalClient, bookingPurpose"). The
 * citizen's request (booking-create.ts) plus what an administrator adds; one body schema serves the
 * route, the server takes the administrator's branch for an admin token.
 */

export const adminBookingPurposes = [
  'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN',
  'ADMINUSER_INTERNAL_ACTIVITY',
  'ADMINUSER_MAKE_TIME_UNAVAILABLE',
] as const;
export type AdminBookingPurpose = (typeof adminBookingPurposes)[number];

export const adminBookingMessages = {
  purpose: 'Velg hva bookingen gjelder',
  onBehalfOfName: 'Skriv inn navnet til den du booker for',
  onBehalfOfEmail: 'Skriv inn en gyldig e-postadresse til den du booker for',
  onBehalfOfNameTooLong: 'Navnet kan ha høyst 200 tegn',
  internalTitle: 'Tittelen kan ha høyst 200 tegn',
  costCategoryRequired: 'Lokalet krever kostnadskategori. Velg et alternativ, eller overstyr regelen med en begrunnelse.',
  marketPriceRequired: 'Skriv inn markedsprisen',
  onlyForMarket: 'Markedspris sendes bare for markedspris',
  overrideReason: 'Skriv hvorfor du overstyrer regelen',
  overrideReasonTooLong: 'Begrunnelsen kan ha høyst 500 tegn',
} as const;

const optionalCostCategory = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(costCategories).optional());

/**
 * An administrator's explicit decision to book past a location rule they may bypass (today: the
 * location's required cost category). The reason is written to the booking's change log.
 */
export const overrideRules = z.object({
  reason: z.string().trim().min(1, adminBookingMessages.overrideReason).max(500, adminBookingMessages.overrideReasonTooLong),
});
export type OverrideRules = z.infer<typeof overrideRules>;

/** Fields only an administrator's booking uses (a citizen's are ignored). */
export const adminBookingFields = {
  /** ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN: the person booked for (gets the confirmation). */
  onBehalfOfName: z.string().trim().max(200, adminBookingMessages.onBehalfOfNameTooLong).optional(),
  onBehalfOfEmail: z.string().trim().max(320, adminBookingMessages.onBehalfOfEmail).optional(),
  /** ADMINUSER_INTERNAL_ACTIVITY / MAKE_TIME_UNAVAILABLE: the title in lists and the calendar. */
  internalEventTitle: z.string().trim().max(200, adminBookingMessages.internalTitle).optional(),
  /** The cost category of a loan on behalf of a citizen (required where the location requires one). */
  costCategory: optionalCostCategory,
  /** Market price in øre, with MARKET only. */
  marketPrice: z.number().int().min(0).max(100_000_000).optional(),
  overrideRules: overrideRules.optional(),
};

export const createBookingRequestWithAdmin = createBookingRequest.extend(adminBookingFields);
export type CreateBookingRequestWithAdmin = z.infer<typeof createBookingRequestWithAdmin>;

/**
 * A citizen booked for needs a name and a valid e-mail (they get the confirmation); the other
 * purposes need nothing, and a missing title gets the purpose's default (defaultAdminTitles).
 */
function requireCitizenContact(
  b: { bookingPurpose: AdminBookingPurpose; onBehalfOfName?: string | undefined; onBehalfOfEmail?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (b.bookingPurpose !== 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN') return;
  if (!b.onBehalfOfName) ctx.addIssue({ code: 'custom', path: ['onBehalfOfName'], message: adminBookingMessages.onBehalfOfName });
  if (!b.onBehalfOfEmail || !z.email().safeParse(b.onBehalfOfEmail).success)
    ctx.addIssue({ code: 'custom', path: ['onBehalfOfEmail'], message: adminBookingMessages.onBehalfOfEmail });
}

/** A market price goes with MARKET and only with it. */
function requirePriceOfCategory(b: { costCategory?: CostCategory | undefined; marketPrice?: number | undefined }, ctx: z.RefinementCtx) {
  if (b.costCategory === 'MARKET' && b.marketPrice === undefined)
    ctx.addIssue({ code: 'custom', path: ['marketPrice'], message: adminBookingMessages.marketPriceRequired });
  if (b.costCategory !== 'MARKET' && b.marketPrice !== undefined)
    ctx.addIssue({ code: 'custom', path: ['marketPrice'], message: adminBookingMessages.onlyForMarket });
}

/** The administrator's part of the request, checked once the server knows the caller is one. */
export const adminBookingRequest = z
  .object({
    bookingPortalClient: z.literal('ADMIN', { error: 'Administratorer booker fra administrasjonsløsningen' }),
    bookingPurpose: z.enum(adminBookingPurposes, { error: adminBookingMessages.purpose }),
    onBehalfOfName: z.string().optional(),
    onBehalfOfEmail: z.string().optional(),
    internalEventTitle: z.string().optional(),
    costCategory: optionalCostCategory,
    marketPrice: adminBookingFields.marketPrice,
    overrideRules: overrideRules.optional(),
  })
  .superRefine(requireCitizenContact)
  .superRefine(requirePriceOfCategory);

/**
 * The location's rules an administrator's own booking follows (decision 044): a loan on behalf of a
 * citizen at a location that requires a cost category has one, unless the administrator overrides
 * the rule with a reason. Internal activities and unavailable times are no loans: no category.
 * Null when the booking may be made; else the field and the message. Server and form call this.
 */
export function adminBookingRuleProblem(
  location: { requireCostCategory: boolean },
  b: { bookingPurpose: AdminBookingPurpose; costCategory?: CostCategory | undefined; overrideRules?: OverrideRules | undefined },
): { path: 'costCategory'; message: string } | null {
  if (b.bookingPurpose !== 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN' || !location.requireCostCategory) return null;
  if (b.costCategory || b.overrideRules) return null;
  return { path: 'costCategory', message: adminBookingMessages.costCategoryRequired };
}

/**
 * The admin app's purpose fields, judged as the server judges them: the body's fields (trimmed, with
 * their lengths) and then adminBookingRequest's rule. The form and POST /api/booking cannot disagree.
 */
export const adminBookingPurposeChoice = z
  .object({ bookingPurpose: z.enum(adminBookingPurposes, { error: adminBookingMessages.purpose }), ...adminBookingFields })
  .superRefine(requireCitizenContact)
  .superRefine(requirePriceOfCategory);
export type AdminBookingPurposeChoice = z.infer<typeof adminBookingPurposeChoice>;

/** The title an administrator's booking shows when none was given. */
export const defaultAdminTitles: Record<AdminBookingPurpose, string | null> = {
  ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN: null,
  ADMINUSER_INTERNAL_ACTIVITY: 'Intern aktivitet',
  ADMINUSER_MAKE_TIME_UNAVAILABLE: 'Utilgjengelig',
};
