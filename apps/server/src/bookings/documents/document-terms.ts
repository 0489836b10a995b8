import type { ApproveBookingBody, ContractPreviewQuery } from '@lokaler/domain/admin-approval';
import { approvalMessages, tilsynsvaktProblem } from '@lokaler/domain/admin-approval';
import { costBasedPriceFields, type CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { CostCategory } from '@lokaler/domain/booking';
import type { DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { messages } from '@lokaler/domain/api-error';
import { AppError } from '../../errors';

/** The terms a vedtak or contract states: what the approval wizard chose. */
export interface DocumentTerms {
  costCategory: CostCategory | null;
  marketPriceOre: number | null;
  costBasedPrices: CostBasedPrices | null;
  retroactiveContract: boolean;
  hasTilsynsvakt: boolean;
  tilsynsvaktWeekdays: readonly DayOfWeek[];
}

/**
 * The terms of a preview. The cost-based fields may be left out: the location's own prices fill
 * them (the wizard starts from those); the approval then sends them all, so both produce the same
 * document. COST without a complete price list is a 400, so is a tilsynsvakt without a weekday.
 */
export function termsFromPreview(query: ContractPreviewQuery, locationPrices: CostBasedPrices | null): DocumentTerms {
  const category = query.costCategory ?? null;
  // A tilsynsvakt without weekdays would state a supervision nobody is priced for: refused, as the approval refuses it.
  const tilsynsvakt = tilsynsvaktProblem(query);
  if (tilsynsvakt)
    throw new AppError('VALIDATION', 'hasTilsynsvakt without tilsynsvaktWeekdays', tilsynsvakt, {
      fields: [{ path: 'querystring.tilsynsvaktWeekdays', message: tilsynsvakt }],
    });
  let costBasedPrices: CostBasedPrices | null = null;
  if (category === 'COST') {
    const merged: Partial<CostBasedPrices> = { ...(locationPrices ?? {}) };
    for (const field of costBasedPriceFields) if (query[field] !== undefined) merged[field] = query[field];
    const missing = costBasedPriceFields.filter((f) => merged[f] === undefined);
    if (missing.length > 0) {
      throw new AppError('VALIDATION', `Missing cost-based prices: ${missing.join(', ')}`, messages.invalidInput, {
        fields: missing.map((f) => ({ path: `querystring.${f}`, message: approvalMessages.costBasedRequired })),
      });
    }
    costBasedPrices = merged as CostBasedPrices;
  }
  return {
    costCategory: category,
    marketPriceOre: category === 'MARKET' ? (query.marketPrice ?? null) : null,
    costBasedPrices,
    retroactiveContract: query.retroactiveContract ?? false,
    hasTilsynsvakt: query.hasTilsynsvakt ?? false,
    tilsynsvaktWeekdays: query.hasTilsynsvakt ? (query.tilsynsvaktWeekdays ?? []) : [],
  };
}

export function termsFromApproval(body: ApproveBookingBody): DocumentTerms {
  return {
    costCategory: body.costCategory,
    marketPriceOre: body.costCategory === 'MARKET' ? (body.marketPrice ?? null) : null,
    costBasedPrices: body.costCategory === 'COST' ? (body.costBasedPrices ?? null) : null,
    retroactiveContract: body.retroactiveContract,
    hasTilsynsvakt: body.hasTilsynsvakt,
    tilsynsvaktWeekdays: body.hasTilsynsvakt ? body.tilsynsvaktWeekdays : [],
  };
}
