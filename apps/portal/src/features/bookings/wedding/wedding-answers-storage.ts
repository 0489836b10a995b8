import { initialValues, type WeddingFormValues } from './wedding-form-values';

/**
 * Decision 038: the wizard's answers live in the tab's sessionStorage while the time is held, so a
 * reload, the browser's back and forward across another site, or a tab the browser restores comes
 * back to them. sessionStorage belongs to the tab and goes with it; it is cleared when the form is
 * sent, when the couple leaves ('Avbryt' or a confirmed leave), and when the time is gone. The
 * certificate's PDF is not kept (up to 10 MB, more than the storage holds): it is chosen again.
 */

const NOT_KEPT = ['proevingsattestFile', 'proevingsattestFileName'] as const;

const keyOf = (sub: string, bookingId: number) => `lokaler.vielse.${sub}.${bookingId}`;

/** The kept answers, each only if it has the type the form gives it; anything else is left out. */
export function loadWeddingAnswers(sub: string, bookingId: number): Partial<WeddingFormValues> {
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(keyOf(sub, bookingId)) ?? 'null');
  } catch {
    return {};
  }
  if (typeof stored !== 'object' || stored === null) return {};
  const shape = initialValues({ applicantName: '', applicantEmail: '', applicantPhoneNo: '' });
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(stored)) {
    if (
      field in shape &&
      !(NOT_KEPT as readonly string[]).includes(field) &&
      typeof value === typeof shape[field as keyof WeddingFormValues]
    )
      kept[field] = value;
  }
  return kept as Partial<WeddingFormValues>;
}

export function saveWeddingAnswers(sub: string, bookingId: number, values: Partial<WeddingFormValues>): void {
  const kept: Record<string, unknown> = { ...values };
  for (const field of NOT_KEPT) delete kept[field];
  try {
    sessionStorage.setItem(keyOf(sub, bookingId), JSON.stringify(kept));
  } catch {
    // Storage full or turned off: the wizard works as before, only a reload starts it afresh.
  }
}

export function forgetWeddingAnswers(sub: string, bookingId: number): void {
  try {
    sessionStorage.removeItem(keyOf(sub, bookingId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
