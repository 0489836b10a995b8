import { z } from 'zod';
import {
  approvalMessages,
  approveBookingBody,
  tilsynsvaktProblem,
  type ApproveBookingInput,
  type ContractPreviewQuery,
} from '@lokaler/domain/admin-approval';
import { costBasedPriceFields, type CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import { costCategories, type CostCategory } from '@lokaler/domain/booking';
import { daysOfWeek, type DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';

/**
 * The approval wizard's form (spec 02 §3 "Approval wizard state", §5 Admin) and what it sends.
 * Amounts are typed in kroner ('3 500', '350,50') and sent in øre. Market price is sent only for
 * MARKET and the cost-based prices only for COST, whatever the hidden fields still hold.
 */

export type CostBasedPriceField = keyof CostBasedPrices;

export interface ApprovalFormValues {
  costCategory: CostCategory | '';
  marketPrice: string;
  costBasedPrices: Record<CostBasedPriceField, string>;
  comment: string;
  retroactiveContract: boolean;
  hasTilsynsvakt: boolean;
  tilsynsvaktWeekdays: DayOfWeek[];
}

export const emptyCostBasedPrices = Object.fromEntries(costBasedPriceFields.map((f) => [f, ''])) as Record<CostBasedPriceField, string>;

export const defaultApprovalValues: ApprovalFormValues = {
  costCategory: '',
  marketPrice: '',
  costBasedPrices: emptyCostBasedPrices,
  comment: '',
  retroactiveContract: false,
  hasTilsynsvakt: false,
  tilsynsvaktWeekdays: [],
};

export const amountMessages = {
  invalid: 'Skriv et beløp i kroner, for eksempel 350 eller 350,50',
  tooLarge: 'Beløpet er for stort',
} as const;

/** Most an amount may be: the server's limit of 100 000 000 øre. */
const MAX_ORE = 100_000_000;

/** Øre of a kroner amount as typed ('3 500', '3500,5', '3500.50'); null when it is not one. */
export function parseKroner(value: string): number | null {
  const compact = value
    .replace(/[\s\u00a0]/g, '')
    .replace(/kr$/i, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return null;
  const [whole = '0', fraction = ''] = compact.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Øre as the field shows them: '350' for whole kroner, else '350,50'. */
export function kronerInput(ore: number): string {
  return ore % 100 === 0 ? String(ore / 100) : `${Math.floor(ore / 100)},${String(ore % 100).padStart(2, '0')}`;
}

function checkAmount(value: string, path: (string | number)[], ctx: z.RefinementCtx, requiredMessage: string): void {
  if (value.trim() === '') {
    ctx.addIssue({ code: 'custom', path, message: requiredMessage });
    return;
  }
  const ore = parseKroner(value);
  if (ore === null) ctx.addIssue({ code: 'custom', path, message: amountMessages.invalid });
  else if (ore > MAX_ORE) ctx.addIssue({ code: 'custom', path, message: amountMessages.tooLarge });
}

/** The form's rules; only the chosen category's price fields are checked. */
export const approvalFormSchema = z
  .object({
    costCategory: z.union([z.enum(costCategories), z.literal('')]),
    marketPrice: z.string(),
    costBasedPrices: z.object(
      Object.fromEntries(costBasedPriceFields.map((f) => [f, z.string()])) as Record<CostBasedPriceField, z.ZodString>,
    ),
    comment: z.string().max(5000, 'Kommentaren kan ha høyst 5000 tegn'),
    retroactiveContract: z.boolean(),
    hasTilsynsvakt: z.boolean(),
    tilsynsvaktWeekdays: z.array(z.enum(daysOfWeek)),
  })
  .superRefine((values, ctx) => {
    if (values.costCategory === '') ctx.addIssue({ code: 'custom', path: ['costCategory'], message: approvalMessages.chooseCostCategory });
    if (values.costCategory === 'MARKET') checkAmount(values.marketPrice, ['marketPrice'], ctx, approvalMessages.marketPriceRequired);
    if (values.costCategory === 'COST') {
      for (const field of costBasedPriceFields)
        checkAmount(values.costBasedPrices[field], ['costBasedPrices', field], ctx, approvalMessages.costBasedRequired);
    }
    const tilsynsvakt = tilsynsvaktProblem(values);
    if (tilsynsvakt) ctx.addIssue({ code: 'custom', path: ['tilsynsvaktWeekdays'], message: tilsynsvakt });
  });

/** The cost-based prices in øre, or null while any of them is missing or not an amount. */
export function costBasedPricesOre(values: ApprovalFormValues['costBasedPrices']): CostBasedPrices | null {
  const entries = costBasedPriceFields.map((f) => [f, parseKroner(values[f])] as const);
  if (entries.some(([, ore]) => ore === null || ore > MAX_ORE)) return null;
  return Object.fromEntries(entries) as CostBasedPrices;
}

/**
 * The terms the vedtak and the contract depend on, or null while the form cannot say them yet (no
 * category, the chosen category's price is missing, or a tilsynsvakt without a weekday, which
 * the server refuses to price). The previews are fetched for these terms, and the approval carries
 * the hashes of exactly these previews.
 */
export function documentTermsOf(values: ApprovalFormValues): ContractPreviewQuery | null {
  if (tilsynsvaktProblem(values)) return null;
  const tilsynsvakt = {
    retroactiveContract: values.retroactiveContract,
    hasTilsynsvakt: values.hasTilsynsvakt,
    tilsynsvaktWeekdays: values.hasTilsynsvakt ? sortedWeekdays(values.tilsynsvaktWeekdays) : [],
  };
  if (values.costCategory === 'FREE') return { costCategory: 'FREE', ...tilsynsvakt };
  if (values.costCategory === 'MARKET') {
    const marketPrice = parseKroner(values.marketPrice);
    return marketPrice === null || marketPrice > MAX_ORE ? null : { costCategory: 'MARKET', marketPrice, ...tilsynsvakt };
  }
  if (values.costCategory === 'COST') {
    const prices = costBasedPricesOre(values.costBasedPrices);
    return prices ? { costCategory: 'COST', ...prices, ...tilsynsvakt } : null;
  }
  return null;
}

function sortedWeekdays(days: readonly DayOfWeek[]): DayOfWeek[] {
  return daysOfWeek.filter((d) => days.includes(d));
}

export interface ApprovedDocuments {
  /** Hash of the vedtak preview the administrator saw; undefined when the location writes no vedtak. */
  vedtakHash?: string;
  contractHash?: string;
}

/**
 * PUT /booking/{id}/approve's body from valid form values and the previews shown. Throws when the
 * values are not valid (the form validates first), so nothing half-checked is ever sent.
 */
export function toApproveBody(values: ApprovalFormValues, documents: ApprovedDocuments): ApproveBookingInput {
  const form = approvalFormSchema.parse(values);
  if (form.costCategory === '') throw new Error('costCategory is required');
  const comment = form.comment.trim();
  const body: ApproveBookingInput = {
    costCategory: form.costCategory,
    ...(comment ? { comment } : {}),
    ...(form.costCategory === 'MARKET' ? { marketPrice: parseKroner(form.marketPrice) ?? undefined } : {}),
    ...(form.costCategory === 'COST' ? { costBasedPrices: costBasedPricesOre(form.costBasedPrices) ?? undefined } : {}),
    ...(documents.vedtakHash ? { vedtakApproved: true, vedtakHash: documents.vedtakHash } : {}),
    ...(documents.contractHash ? { contractApproved: true, contractHash: documents.contractHash } : {}),
    retroactiveContract: form.retroactiveContract,
    hasTilsynsvakt: form.hasTilsynsvakt,
    tilsynsvaktWeekdays: form.hasTilsynsvakt ? sortedWeekdays(form.tilsynsvaktWeekdays) : [],
  };
  // The server's own rules, checked here too: what passes this is what the server accepts.
  approveBookingBody.parse(body);
  return body;
}
