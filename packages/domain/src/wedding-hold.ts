import { z } from 'zod';

/**
 * Decision 038: a wedding time is held until the hold's end (`hold_expires_at`, 30 minutes from the
 * take) — or, when the wizard's page went away (closed tab, another site) and did not come back, until
 * that page's release moment (`release_at`, a short grace after the page went), whichever comes first.
 * A reload or a restored tab comes back within the grace and clears the release moment.
 */
export function weddingHoldEnd(hold: { holdExpiresAt: Date | null; releaseAt: Date | null }): Date | null {
  if (hold.holdExpiresAt === null) return null;
  if (hold.releaseAt === null) return hold.holdExpiresAt;
  return hold.releaseAt.getTime() < hold.holdExpiresAt.getTime() ? hold.releaseAt : hold.holdExpiresAt;
}

/**
 * PUT /api/user/form/wedding/{bookingId}/wizard-open and …/wizard-left: one page load of the wizard,
 * named by a random id the page makes, so that a late "left" from the page before a reload does not
 * let go of the time the reloaded page holds.
 */
export const weddingWizardVisit = z.object({ visitId: z.uuid() }).strict();
export type WeddingWizardVisit = z.infer<typeof weddingWizardVisit>;

/** The answer of …/wizard-open: the time is held for this page until then (UTC ISO). */
export const weddingWizardOpenResponse = z.object({ holdExpiresAtUtc: z.string() });
export type WeddingWizardOpenResponse = z.infer<typeof weddingWizardOpenResponse>;
