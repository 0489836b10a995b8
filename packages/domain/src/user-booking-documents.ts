import { z } from 'zod';

/** The documents section of the booking page (spec 02 §2, §3, §7). */

/** GET /user/vedtak/{id}: the decision letter, exactly as the administrator approved it (decision 004). */
export const vedtakResponse = z.object({ vedtakHtml: z.string() });
export type VedtakResponse = z.infer<typeof vedtakResponse>;

export const vedtakMessages = {
  /** The 404 of GET /user/vedtak/{id}: the booking has no (current) vedtak. */
  noVedtak: 'Det finnes ikke noe vedtak for denne bookingen.',
} as const;

/** GET /user/retroactive-contract/{bookingId}: the retroactive-booking note, '' when there is none (cached 5 minutes). */
export const retroactiveContractResponse = z.object({ text: z.string() });
export type RetroactiveContractResponse = z.infer<typeof retroactiveContractResponse>;
export const RETROACTIVE_CONTRACT_CACHE_SECONDS = 300;

/** GET /user/booking/{bookingId}/infoforleietaker: practical information about the venue. */
export const infoForLeietaker = z.object({
  heading: z.string(),
  description: z.string(),
  links: z.array(z.object({ url: z.string(), linkText: z.string() })),
});
export type InfoForLeietaker = z.infer<typeof infoForLeietaker>;

/** GET /verifiedbookingaccess/{token}: the booking the claim link is for. */
export const verifiedBookingAccess = z.object({ bookingId: z.number().int() });
export type VerifiedBookingAccess = z.infer<typeof verifiedBookingAccess>;
export const claimTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'Ugyldig lenke' }) });
