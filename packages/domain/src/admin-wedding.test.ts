import { describe, expect, it } from 'vitest';
import { findWeddingRejectionChoice, weddingRejectionChoices } from './admin-rejection';
import { cancellationDaysBeforeCeremony, weddingCancellationDays, weddingInfoLetterDueDate, weddingOfficeTexts } from './admin-wedding';

describe("the wedding office's dates", () => {
  it('the info letter is due 14 Oslo days after the approval, also when the approval is after midnight in Oslo but not in UTC', () => {
    expect(weddingInfoLetterDueDate(new Date('2026-03-04T10:00:00Z'))).toBe('2026-03-18');
    // 23:30 UTC on 4 March is 00:30 on 5 March in Oslo.
    expect(weddingInfoLetterDueDate(new Date('2026-03-04T23:30:00Z'))).toBe('2026-03-19');
    // Across the change to summer time (29 March 2026).
    expect(weddingInfoLetterDueDate(new Date('2026-03-20T12:00:00Z'))).toBe('2026-04-03');
  });

  it('the cancellation deadline reads as days before the ceremony (23:59 Oslo that day), 0 for a short-notice booking', () => {
    // 23:59 on 8 May in Oslo (summer time) is 21:59 UTC; the ceremony is 5 June: 28 days.
    expect(cancellationDaysBeforeCeremony(new Date('2026-05-08T21:59:00Z'), '2026-06-05')).toBe(28);
    expect(cancellationDaysBeforeCeremony(new Date('2026-06-05T09:00:00Z'), '2026-06-05')).toBe(0);
    expect(weddingOfficeTexts.cancellationDays(28)).toBe('Avbestillingsfrist: 28 dager før vielsen');
    expect(weddingOfficeTexts.cancellationDays(1)).toBe('Avbestillingsfrist: 1 dag før vielsen');
    expect(weddingOfficeTexts.cancellationDays(0)).toBe('Kan avbestilles fram til vielsen');
    expect(weddingOfficeTexts.infoLetterDue('18.03.2026')).toBe('Infobrev sendes innen 18.03.2026');
  });

  it("counts from a booking's deadline to its first time that still holds; null without either", () => {
    const time = (date: string, status: 'APPROVED' | 'UNPROCESSED' | 'CANCELLED' = 'APPROVED') => ({ date, status });
    const deadline = '2026-05-08T21:59:00Z';
    expect(
      weddingCancellationDays({
        cancellationDeadline: deadline,
        reservations: [time('2026-06-12'), time('2026-06-05', 'CANCELLED'), time('2026-06-06', 'UNPROCESSED')],
      }),
    ).toBe(29);
    expect(weddingCancellationDays({ cancellationDeadline: null, reservations: [time('2026-06-05')] })).toBeNull();
    expect(weddingCancellationDays({ cancellationDeadline: deadline, reservations: [time('2026-06-05', 'CANCELLED')] })).toBeNull();
  });

  it('the wedding rejection choices have unique keys, a title and a text, and are found by key', () => {
    const keys = weddingRejectionChoices.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of weddingRejectionChoices) {
      expect(c.key).toMatch(/^VIELSE_/);
      expect(c.title.length).toBeGreaterThan(3);
      expect(c.text.length).toBeGreaterThan(40);
    }
    expect(findWeddingRejectionChoice('VIELSE_ANNET')?.title).toBe('Annen grunn');
    expect(findWeddingRejectionChoice('OPPTATT')).toBeNull();
  });
});
