import { z } from 'zod';
import {
  invoiceAdjustmentRequest,
  invoiceHoldRequest,
  invoiceSettings,
  manualInvoiceElements,
  type InvoiceAdjustmentRequest,
  type InvoiceHoldRequest,
  type InvoiceSettings,
  type InvoicingLine,
} from '@lokaler/domain/invoices';

/**
 * The invoicing page's three forms as text fields, each checked by the contract's own schema (decision
 * 071) after the text is read: the schema's messages on the field they are about, so the page refuses
 * exactly what the server would, in the same words.
 */
export const invoicingFormMessages = {
  paymentTermsDays: 'Skriv betalingsfristen som et helt antall dager.',
  amount: 'Skriv beløpet i kroner, for eksempel 250 eller -250,50.',
  amountTooLarge: 'Beløpet er for stort.',
} as const;

/** Copies the schema's issues to the form's fields (`fields` maps the schema's first path part to a field). */
function copyIssues(ctx: z.RefinementCtx, error: z.ZodError, fields: Record<string, string>, fallback: string) {
  for (const issue of error.issues) {
    ctx.addIssue({ code: 'custom', path: [fields[String(issue.path[0])] ?? fallback], message: issue.message });
  }
}

export const settingsForm = z
  .object({ enabled: z.boolean(), paymentTermsDays: z.string().trim() })
  .transform((form, ctx): InvoiceSettings => {
    if (!/^\d{1,4}$/.test(form.paymentTermsDays)) {
      ctx.addIssue({ code: 'custom', path: ['paymentTermsDays'], message: invoicingFormMessages.paymentTermsDays });
      return z.NEVER;
    }
    const checked = invoiceSettings.safeParse({ enabled: form.enabled, paymentTermsDays: Number(form.paymentTermsDays) });
    if (checked.success) return checked.data;
    copyIssues(ctx, checked.error, { paymentTermsDays: 'paymentTermsDays' }, 'paymentTermsDays');
    return z.NEVER;
  });
export type SettingsFormValues = z.input<typeof settingsForm>;

export const settingsFormValues = (settings: InvoiceSettings): SettingsFormValues => ({
  enabled: settings.enabled,
  paymentTermsDays: String(settings.paymentTermsDays),
});

/**
 * Kroner as people write them, with a sign: '250', '-250,50', '+1 250.5', '−75 kr'. Answers øre, or
 * null when the text is not an amount; 'too large' past a billion kroner (before a float loses øre).
 */
export function parseKroner(text: string): number | 'too large' | null {
  const compact = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/kr\.?$/i, '')
    .replace('\u2212', '-');
  const match = /^([+-]?)(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole.replace(/^0+/, '').length > 9) return 'too large';
  const ore = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -ore : ore;
}

export const adjustmentForm = (period: string) =>
  z
    .object({ element: z.enum(manualInvoiceElements), amount: z.string(), reason: z.string() })
    .transform((form, ctx): InvoiceAdjustmentRequest => {
      const amountOre = parseKroner(form.amount);
      if (typeof amountOre !== 'number') {
        const message = amountOre === null ? invoicingFormMessages.amount : invoicingFormMessages.amountTooLarge;
        ctx.addIssue({ code: 'custom', path: ['amount'], message });
      }
      const checked = invoiceAdjustmentRequest.safeParse({ period, element: form.element, amountOre: amountOre ?? 0, reason: form.reason });
      // The amount's own message comes first; the schema's 'cannot be 0' only for an amount that parsed.
      const issues = checked.error?.issues.filter((i) => typeof amountOre === 'number' || i.path[0] !== 'amountOre') ?? [];
      if (issues.length > 0)
        copyIssues(ctx, new z.ZodError(issues), { amountOre: 'amount', reason: 'reason', element: 'element' }, 'reason');
      if (!checked.success || typeof amountOre !== 'number') return z.NEVER;
      return checked.data;
    });
export type AdjustmentFormValues = z.input<ReturnType<typeof adjustmentForm>>;

export const holdForm = (line: Pick<InvoicingLine, 'period' | 'element'>) =>
  z.object({ reason: z.string() }).transform((form, ctx): InvoiceHoldRequest => {
    const checked = invoiceHoldRequest.safeParse({ held: true, period: line.period, element: line.element, reason: form.reason });
    if (checked.success) return checked.data;
    copyIssues(ctx, checked.error, { reason: 'reason' }, 'reason');
    return z.NEVER;
  });
export type HoldFormValues = z.input<ReturnType<typeof holdForm>>;
