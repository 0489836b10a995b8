import { describe, expect, it } from 'vitest';
import { weddingHoldEnd, weddingWizardVisit } from './wedding-hold';

const at = (iso: string) => new Date(iso);

describe('weddingHoldEnd', () => {
  it('is the hold when the wizard has not left', () => {
    expect(weddingHoldEnd({ holdExpiresAt: at('2026-11-28T12:30:00Z'), releaseAt: null })).toEqual(at('2026-11-28T12:30:00Z'));
  });

  it('is the release moment when the page went away and it comes before the hold ends', () => {
    expect(weddingHoldEnd({ holdExpiresAt: at('2026-11-28T12:30:00Z'), releaseAt: at('2026-11-28T12:01:00Z') })).toEqual(
      at('2026-11-28T12:01:00Z'),
    );
  });

  it('is never later than the hold', () => {
    expect(weddingHoldEnd({ holdExpiresAt: at('2026-11-28T12:30:00Z'), releaseAt: at('2026-11-28T12:30:30Z') })).toEqual(
      at('2026-11-28T12:30:00Z'),
    );
  });

  it('is null without a hold (sent, or closed), whatever the page did', () => {
    expect(weddingHoldEnd({ holdExpiresAt: null, releaseAt: at('2026-11-28T12:01:00Z') })).toBeNull();
  });
});

describe('weddingWizardVisit', () => {
  it('takes a uuid and nothing else', () => {
    expect(weddingWizardVisit.safeParse({ visitId: '0b6c3c1e-6f0a-4d5e-9b1a-2f3e4d5c6b7a' }).success).toBe(true);
    expect(weddingWizardVisit.safeParse({ visitId: 'reload-1' }).success).toBe(false);
    expect(weddingWizardVisit.safeParse({}).success).toBe(false);
    expect(weddingWizardVisit.safeParse({ visitId: '0b6c3c1e-6f0a-4d5e-9b1a-2f3e4d5c6b7a', releaseAt: 'x' }).success).toBe(false);
  });
});
