import { z } from 'zod';
import { costBasedPrices, costBasedPriceFields } from './admin-selvkost';
import { bookingStatus, costCategories, type SourceForm } from './booking';
import { queryBoolean, repeatedParam } from './scheduling/api-primitives';
import { daysOfWeek } from './scheduling/day-of-week';

/**
 * The approval wizard's contract (spec 02 §3 "Approval wizard state", §5 Admin): PUT
 * /api/booking/{id}/approve, PUT /api/booking/{id}/unapprove ('Angre godkjenning'), and the previews
 * of the vedtak and the contract the administrator approves by their hash.
 */

export const approvalMessages = {
  chooseCostCategory: 'Vennligst velg et alternativ',
  confirm: 'Er du sikker på at du vil godkjenne denne søknaden?',
  marketPriceRequired: 'Skriv inn markedsprisen',
  costBasedRequired: 'Fyll inn prisene for selvkost',
  onlyForMarket: 'Markedspris sendes bare for markedspris',
  onlyForCost: 'Selvkostpriser sendes bare for selvkost',
  tilsynsvaktWeekdaysRequired: 'Velg minst én ukedag for tilsynsvakt',
  contractNotApproved: 'Du må godkjenne kontrakten før søknaden kan godkjennes',
  vedtakNotApproved: 'Du må godkjenne vedtaket før søknaden kan godkjennes',
  documentChanged: 'Dokumentet er endret siden du så det. Se gjennom forhåndsvisningen på nytt og godkjenn igjen.',
  alreadyProcessed: 'Søknaden er allerede behandlet av noen andre. Last siden på nytt.',
  notApproved: 'Søknaden er ikke godkjent, så godkjenningen kan ikke angres.',
  noTimesLeft: 'Søknaden har ingen tider igjen å godkjenne.',
  timesBlocked: 'Noen av tidene er blokkert eller opptatt. Endre eller slett dem før du godkjenner.',
  notForWedding: 'Gjelder ikke vielser: en vielse i rådhuset er gratis, uten tilbakevirkende kontrakt og uten tilsynsvakt.',
} as const;

/**
 * What an approval may set for a booking of this form (decision 044): a town-hall wedding is free and has
 * neither a retroactive contract nor a tilsynsvakt, so its approval offers none of them. The wizard
 * shows only these, the server refuses the others (weddingApprovalProblems).
 */
export function approvalOptionsFor(sourceForm: SourceForm): { costCategory: boolean; retroactiveContract: boolean; tilsynsvakt: boolean } {
  const wedding = sourceForm === 'wedding';
  return { costCategory: !wedding, retroactiveContract: !wedding, tilsynsvakt: !wedding };
}

/** The fields of an approval that do not apply to a wedding (empty for any other booking). */
export function weddingApprovalProblems(
  sourceForm: SourceForm,
  body: { costCategory: string; retroactiveContract: boolean; hasTilsynsvakt: boolean },
): { path: string; message: string }[] {
  if (sourceForm !== 'wedding') return [];
  const problems: { path: string; message: string }[] = [];
  if (body.costCategory !== 'FREE') problems.push({ path: 'costCategory', message: approvalMessages.notForWedding });
  if (body.retroactiveContract) problems.push({ path: 'retroactiveContract', message: approvalMessages.notForWedding });
  if (body.hasTilsynsvakt) problems.push({ path: 'hasTilsynsvakt', message: approvalMessages.notForWedding });
  return problems;
}

/** Tilsynsvakt is priced per hour on the chosen weekdays: without one it is no choice (decision 044). */
export function tilsynsvaktProblem(terms: {
  hasTilsynsvakt?: boolean | undefined;
  tilsynsvaktWeekdays?: readonly string[] | undefined;
}): string | null {
  return terms.hasTilsynsvakt && (terms.tilsynsvaktWeekdays ?? []).length === 0 ? approvalMessages.tilsynsvaktWeekdaysRequired : null;
}

/** A SHA-256 of the document's HTML, lower-case hex, as the preview answered it. */
export const documentHash = z.string().regex(/^[0-9a-f]{64}$/, { message: 'Ugyldig dokument-hash' });

const costCategoryChoice = z.enum(costCategories, { error: approvalMessages.chooseCostCategory });
/** Market price in øre. */
const marketPriceOre = z.number().int().min(0).max(100_000_000);

/**
 * The body of PUT /booking/{id}/approve. Market price only with MARKET; the cost-based prices only
 * with COST (spec 02 §5). contract/vedtak: the administrator approved the preview whose hash this
 * is; the server regenerates the document and refuses (409) when the hash differs, so the applicant
 * gets exactly what the administrator saw. The vedtak fields are required where the location has
 * ENABLE_VEDTAK (ignored elsewhere), the contract fields where it has REQUIRE_CONTRACT (a contract
 * approved for another location is stored too, without a signing requirement).
 */
export const approveBookingBody = z
  .object({
    costCategory: z.preprocess((v) => (v === '' || v === null ? undefined : v), costCategoryChoice),
    comment: z.string().trim().max(5000).optional(),
    marketPrice: marketPriceOre.optional(),
    costBasedPrices: costBasedPrices.optional(),
    contractApproved: z.boolean().optional(),
    contractHash: documentHash.optional(),
    vedtakApproved: z.boolean().optional(),
    vedtakHash: documentHash.optional(),
    retroactiveContract: z.boolean().default(false),
    hasTilsynsvakt: z.boolean().default(false),
    tilsynsvaktWeekdays: z.array(z.enum(daysOfWeek)).max(7).default([]),
  })
  .superRefine((body, ctx) => {
    if (body.costCategory === 'MARKET' && body.marketPrice === undefined)
      ctx.addIssue({ code: 'custom', path: ['marketPrice'], message: approvalMessages.marketPriceRequired });
    if (body.costCategory !== 'MARKET' && body.marketPrice !== undefined)
      ctx.addIssue({ code: 'custom', path: ['marketPrice'], message: approvalMessages.onlyForMarket });
    if (body.costCategory === 'COST' && body.costBasedPrices === undefined)
      ctx.addIssue({ code: 'custom', path: ['costBasedPrices'], message: approvalMessages.costBasedRequired });
    if (body.costCategory !== 'COST' && body.costBasedPrices !== undefined)
      ctx.addIssue({ code: 'custom', path: ['costBasedPrices'], message: approvalMessages.onlyForCost });
    const tilsynsvakt = tilsynsvaktProblem(body);
    if (tilsynsvakt) ctx.addIssue({ code: 'custom', path: ['tilsynsvaktWeekdays'], message: tilsynsvakt });
  });
export type ApproveBookingBody = z.infer<typeof approveBookingBody>;
export type ApproveBookingInput = z.input<typeof approveBookingBody>;

/** The answer of approve / unapprove / reject: the booking's new status and what was stored. */
export const decisionResponse = z.object({
  bookingId: z.number().int(),
  status: bookingStatus,
  contractRequired: z.boolean(),
  vedtakStored: z.boolean(),
  contractStored: z.boolean(),
});
export type DecisionResponse = z.infer<typeof decisionResponse>;

export const vedtakTypes = ['APPROVAL', 'REJECTION'] as const;
export type VedtakType = (typeof vedtakTypes)[number];

/**
 * The cost-based price fields as query parameters of the previews (flat, like the spec's
 * `costCategory plus marketPrice or the cost-based fields`), each in øre.
 */
const priceQueryFields = Object.fromEntries(
  costBasedPriceFields.map((f) => [f, z.coerce.number().int().min(0).max(100_000_000).optional()]),
) as Record<(typeof costBasedPriceFields)[number], z.ZodOptional<z.ZodCoercedNumber>>;

const previewTerms = {
  costCategory: z.enum(costCategories).optional(),
  marketPrice: z.coerce.number().int().min(0).max(100_000_000).optional(),
  ...priceQueryFields,
  retroactiveContract: queryBoolean.optional(),
  hasTilsynsvakt: queryBoolean.optional(),
  tilsynsvaktWeekdays: repeatedParam(z.enum(daysOfWeek)).optional(),
};

/** GET /api/vedtak-preview/{bookingId}?vedtakType&costCategory&rejectionText (+ the price fields). */
export const vedtakPreviewQuery = z.object({
  vedtakType: z.enum(vedtakTypes).default('APPROVAL'),
  rejectionText: z.string().max(5000).optional(),
  ...previewTerms,
});
export type VedtakPreviewQuery = z.infer<typeof vedtakPreviewQuery>;

/** GET /api/contract-preview/{bookingId}?costCategory&marketPrice|price fields. */
export const contractPreviewQuery = z.object(previewTerms);
export type ContractPreviewQuery = z.infer<typeof contractPreviewQuery>;

/** A preview: the HTML as the applicant will get it and its SHA-256 (hex) to approve it by. */
export const documentPreview = z.object({ html: z.string(), hash: documentHash });
export type DocumentPreview = z.infer<typeof documentPreview>;
