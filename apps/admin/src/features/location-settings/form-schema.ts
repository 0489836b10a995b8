import { z } from 'zod';

/**
 * A form's schema on top of the domain's: the form holds what its inputs hold (text for numbers, empty
 * strings), `toInput` turns that into the payload, and the domain schema (the server's own) decides.
 * Its messages land on the fields of the same name; the output is the payload to send, trimmed.
 */
export function viaDomainSchema<F extends z.ZodType, D extends z.ZodType>(form: F, domain: D, toInput: (values: z.output<F>) => unknown) {
  return form.transform((values, ctx): z.output<D> => {
    const parsed = domain.safeParse(toInput(values));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
}

/** A number typed in a text field ('' → null; a decimal comma is accepted); NaN when it is not a number. */
export function numberOrNull(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed.replace(',', '.'));
  return Number.isFinite(n) ? n : Number.NaN;
}

/** A text field that must hold a number, when filled. */
export const numberText = (message: string) =>
  z.string().refine((v) => v.trim() === '' || Number.isFinite(Number(v.trim().replace(',', '.'))), { message });
