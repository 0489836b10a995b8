import { describe, expect, it } from 'vitest';
import { adjustmentForm, holdForm, invoicingFormMessages, parseKroner, settingsForm } from './invoicing-forms';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('the invoicing forms', () => {
  it('reads kroner with a sign, a decimal comma or point, spaces and "kr"', () => {
    expect(parseKroner('250')).toBe(25_000);
    expect(parseKroner('-250,5')).toBe(-25_050);
    expect(parseKroner('+1 250.05')).toBe(125_005);
    expect(parseKroner('\u22121\u00a0000 kr')).toBe(-100_000);
    expect(parseKroner('12,345')).toBeNull();
    expect(parseKroner('ti')).toBeNull();
    expect(parseKroner('')).toBeNull();
    expect(parseKroner('10000000000')).toBe('too large');
  });

  it("checks an added line with the contract's messages, on the form's fields", () => {
    const form = adjustmentForm('2026-10');
    expect(form.safeParse({ element: 'JUSTERING', amount: '-250,50', reason: '  Rabatt etter avtale ' }).data).toEqual({
      period: '2026-10',
      element: 'JUSTERING',
      amountOre: -25_050,
      reason: 'Rabatt etter avtale',
    });
    expect(messagesOf(form.safeParse({ element: 'EKSTRA_RENHOLD', amount: '0', reason: ' ' }))).toEqual([
      'amount: Beløpet kan ikke være 0.',
      'reason: Skriv hvorfor linjen legges til.',
    ]);
    expect(messagesOf(form.safeParse({ element: 'JUSTERING', amount: 'mye', reason: 'x' }))).toEqual([
      `amount: ${invoicingFormMessages.amount}`,
    ]);
    expect(messagesOf(form.safeParse({ element: 'JUSTERING', amount: '1000001', reason: 'x' }))).toEqual(['amount: Beløpet er for stort.']);
  });

  it('refuses a hold without a reason, and checks the payment terms as the server does', () => {
    const line = { period: '2026-10', element: 'TILSYNSVAKT' as const };
    expect(messagesOf(holdForm(line).safeParse({ reason: '   ' }))).toEqual(['reason: Skriv hvorfor linjen holdes tilbake.']);
    expect(holdForm(line).safeParse({ reason: ' Venter på timeliste ' }).data).toEqual({
      held: true,
      period: '2026-10',
      element: 'TILSYNSVAKT',
      reason: 'Venter på timeliste',
    });
    expect(settingsForm.safeParse({ enabled: true, paymentTermsDays: ' 14 ' }).data).toEqual({ enabled: true, paymentTermsDays: 14 });
    expect(messagesOf(settingsForm.safeParse({ enabled: true, paymentTermsDays: '5' }))).toEqual([
      'paymentTermsDays: Betalingsfristen må være minst 7 dager.',
    ]);
    expect(messagesOf(settingsForm.safeParse({ enabled: true, paymentTermsDays: '14,5' }))).toEqual([
      `paymentTermsDays: ${invoicingFormMessages.paymentTermsDays}`,
    ]);
  });
});
