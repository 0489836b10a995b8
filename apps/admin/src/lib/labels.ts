import type { CostCategory } from '@lokaler/domain/booking';

/** Spec 02 §4 cost kinds, as the approval wizard and the booking show them. */
export const costCategoryLabels: Record<CostCategory, string> = { FREE: 'Gratis', COST: 'Selvkost', MARKET: 'Markedspris' };
