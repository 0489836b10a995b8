import { z } from 'zod';
import { lastTwelveMonths, statisticsPeriod, type StatisticsPeriod } from '@lokaler/domain/statistics';

/**
 * The statistics page's period (decision 068): in the address as ?fra=YYYY-MM-DD&til=YYYY-MM-DD, both
 * dates included, checked by the server's own rule; the last twelve months when it is missing or wrong
 * (a half or mistyped link shows the default, never an error page), as the reimbursement page does.
 */
export const periodParams = { from: 'fra', to: 'til' } as const;

/** The form's fields, trimmed and checked by the server's rule, each message on the field it is about. */
export const statisticsPeriodForm = z.object({ from: z.string().trim(), to: z.string().trim() }).transform((form, ctx) => {
  const checked = statisticsPeriod.safeParse(form);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) {
    ctx.addIssue({ code: 'custom', path: [issue.path[0] === 'from' ? 'from' : 'to'], message: issue.message });
  }
  return z.NEVER;
});
export type StatisticsPeriodForm = z.input<typeof statisticsPeriodForm>;

export function periodFromSearch(search: URLSearchParams, today: string): StatisticsPeriod {
  const asked = statisticsPeriodForm.safeParse({ from: search.get(periodParams.from) ?? '', to: search.get(periodParams.to) ?? '' });
  return asked.success ? asked.data : lastTwelveMonths(today);
}

/** The address's parameters with the period set (the others kept). */
export function withPeriod(search: URLSearchParams, period: StatisticsPeriod): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(periodParams.from, period.from);
  next.set(periodParams.to, period.to);
  return next;
}
