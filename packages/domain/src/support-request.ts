import { z } from 'zod';
import { internationalEmail } from './email-address';
import { MAX_ID } from './id-param';
import { supportCategories, type SupportCategory } from './support-inquiry';

/**
 * The contact form (/kontakt-oss) and POST /api/support (spec 01 §2 Contact page, §5 Contact form).
 * The portal's form and the server validate with this one schema, with the spec's texts.
 */

export const supportFormMessages = {
  required: 'Feltet er påkrevd',
  email: 'Vennligst skriv inn en gyldig e-postadresse',
  category: 'Velg et alternativ',
  tooLong: (max: number) => `Teksten kan ha høyst ${max} tegn`,
} as const;

/** The location dropdown's prompt; an empty choice where one is needed shows 'Feltet er påkrevd' (spec 01 §5). */
export const locationPrompt = 'Velg et lokale';

/** The category choices as the form and the e-mail name them. */
export const supportCategoryLabels: Record<SupportCategory, string> = {
  LOCATION: 'Spørsmål om et lokale',
  BOOKING: 'Spørsmål om en booking',
  TECHNICAL: 'Teknisk problem med nettsiden',
  OTHER: 'Annet',
};

/** Categories whose inquiry goes to a location, which must then be chosen. */
export const categoriesWithLocation: ReadonlySet<SupportCategory> = new Set(['LOCATION', 'BOOKING']);
/** Categories that carry the page the person came from (hidden in the form). */
export const categoriesWithReferringPage: ReadonlySet<SupportCategory> = new Set(['TECHNICAL', 'OTHER']);

export const SUPPORT_MESSAGE_MAX = 5000;
export const REFERRING_PAGE_MAX = 2000;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const blankToUndefined = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v === null ? undefined : v);
const missingOr = (invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? supportFormMessages.required : invalid),
});

export const supportRequest = z
  .object({
    category: z.preprocess(blankToUndefined, z.enum(supportCategories, { error: supportFormMessages.category })),
    /** æøå allowed (email-address.ts): the support staff reply from their own mail system. */
    userEmail: z.preprocess(
      blankToUndefined,
      z.string(missingOr(supportFormMessages.email)).pipe(internationalEmail(supportFormMessages.email)),
    ),
    message: z.preprocess(
      trimmed,
      z
        .string(missingOr(supportFormMessages.required))
        .min(1, supportFormMessages.required)
        .max(SUPPORT_MESSAGE_MAX, supportFormMessages.tooLong(SUPPORT_MESSAGE_MAX)),
    ),
    /** A select gives a string ('12'); the API a number. */
    locationId: z.preprocess(
      (v) => {
        const value = blankToUndefined(v);
        return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
      },
      z
        .number(missingOr(supportFormMessages.required))
        .int(supportFormMessages.required)
        .positive(supportFormMessages.required)
        .max(MAX_ID, supportFormMessages.required)
        .optional(),
    ),
    /** The page the person came from; kept only for TECHNICAL and OTHER. */
    referringPage: z.preprocess(blankToUndefined, z.string().max(REFERRING_PAGE_MAX).optional()),
  })
  .refine((request) => !categoriesWithLocation.has(request.category) || request.locationId !== undefined, {
    path: ['locationId'],
    message: supportFormMessages.required,
    // Also when other fields are wrong, so the form shows every problem at once; only the two fields
    // the rule reads must be valid, and the request an object at all (a `null` body has an issue at the root).
    when: (payload) =>
      payload.issues.every(
        (issue) => issue.path !== undefined && issue.path.length > 0 && issue.path[0] !== 'category' && issue.path[0] !== 'locationId',
      ),
  });
export type SupportRequest = z.infer<typeof supportRequest>;
export type SupportRequestInput = z.input<typeof supportRequest>;

export const supportResponse = z.object({ id: z.number().int() });
export type SupportResponse = z.infer<typeof supportResponse>;

/** The stored message: the person's text, plus 'Referring page: …' for TECHNICAL and OTHER (spec 01 §3). */
export function supportMessageText(request: Pick<SupportRequest, 'category' | 'message' | 'referringPage'>): string {
  if (!request.referringPage || !categoriesWithReferringPage.has(request.category)) return request.message;
  return `${request.message}\n\nReferring page: ${request.referringPage}`;
}

/**
 * The location to pre-select from the referring page (spec 01 §5): the id in /sted/{id},
 * /lokale/{id} or a locationId query parameter; null when none is found.
 */
export function locationIdFromReferringPage(referringPage: string | null | undefined): number | null {
  if (!referringPage) return null;
  // Path and query of a full or relative address, without the fragment (no URL class: the package runs anywhere).
  const [pathAndQuery = ''] = referringPage
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
    .split('#');
  const [path = '', query = ''] = pathAndQuery.split('?');
  const fromPath = /\/(?:sted|lokale)\/(\d+)(?:\/|$)/.exec(path)?.[1];
  const fromQuery = /(?:^|&)locationId=(\d+)(?:&|$)/.exec(query)?.[1];
  const id = Number(fromPath ?? fromQuery ?? NaN);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
