import { z } from 'zod';
import { reimbursementQuery, type ReimbursementQuery } from '@lokaler/domain/reimbursement';
import { addDays, isValidDate } from '@lokaler/domain/scheduling/calendar-date';

/**
 * The page's period: both dates included, as people say it ('1.1.–31.12.'); the API takes the end
 * exclusive, so the form adds a day and checks the result with the server's own rule
 * (reimbursementQuery), its messages on the field they are about.
 */
export interface ReimbursementRangeForm {
  fromDateInclusive: string;
  toDateInclusive: string;
}

export function toReimbursementQuery(form: ReimbursementRangeForm): ReimbursementQuery {
  return {
    fromDateInclusive: form.fromDateInclusive,
    toDateExclusive: isValidDate(form.toDateInclusive) ? addDays(form.toDateInclusive, 1) : form.toDateInclusive,
  };
}

export const reimbursementRangeForm = z
  .object({ fromDateInclusive: z.string().trim(), toDateInclusive: z.string().trim() })
  .transform((form, ctx) => {
    const checked = reimbursementQuery.safeParse(toReimbursementQuery(form));
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues) {
      ctx.addIssue({
        code: 'custom',
        path: [issue.path[0] === 'fromDateInclusive' ? 'fromDateInclusive' : 'toDateInclusive'],
        message: issue.message,
      });
    }
    return z.NEVER;
  });

/** This year, 1 January to 31 December (the page's default). */
export function thisYear(today: string): ReimbursementRangeForm {
  const year = today.slice(0, 4);
  return { fromDateInclusive: `${year}-01-01`, toDateInclusive: `${year}-12-31` };
}

/** The period's names in the page's address: ?fra=YYYY-MM-DD&til=YYYY-MM-DD, both dates included (decision 063). */
export const periodParams = { from: 'fra', to: 'til' } as const;

/**
 * The period in the address, checked by the form's own rule; this year when it is missing or wrong
 * (a mistyped or half link shows the default period, never an error page). Decision 063.
 */
export function periodFromSearch(search: URLSearchParams, today: string): ReimbursementQuery {
  const asked = reimbursementRangeForm.safeParse({
    fromDateInclusive: search.get(periodParams.from) ?? '',
    toDateInclusive: search.get(periodParams.to) ?? '',
  });
  return asked.success ? asked.data : toReimbursementQuery(thisYear(today));
}

/** The address's parameters with the period set (the others, such as ?lokale, kept). */
export function withPeriod(search: URLSearchParams, range: ReimbursementQuery): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(periodParams.from, range.fromDateInclusive);
  next.set(periodParams.to, addDays(range.toDateExclusive, -1));
  return next;
}
