import { z } from 'zod';
import { documentHash } from './admin-approval';
import { idParam } from './id-param';

/**
 * Rejections (spec 02 §3 "Rejection choice: title, text, key"): of a whole booking (PUT
 * /api/booking/{id}/reject), of one room of it (PUT /api/booking/{id}/rejectasset/{assetId}).
 */

/** GET /api/rejection-choices: the prepared reasons, in the order the modal lists them. */
export const rejectionChoice = z.object({
  key: z.string(),
  title: z.string(),
  text: z.string(),
});
export const rejectionChoices = z.array(rejectionChoice);
export type RejectionChoice = z.infer<typeof rejectionChoice>;

export const rejectionMessages = {
  reasonRequired: 'Velg en begrunnelse eller skriv en selv',
  unknownChoice: 'Ukjent begrunnelse',
  notRejectable: 'Søknaden er allerede avslått, kansellert eller avsluttet.',
  onlyRoom: 'Dette er det eneste rommet med tider i søknaden. Avslå hele søknaden i stedet.',
  noTimesInRoom: 'Søknaden har ingen aktive tider i dette rommet.',
} as const;

export const REJECTION_TEXT_MAX = 5000;

/**
 * The reason is a prepared choice (its text is sent to the applicant), a written text, or both (the
 * written text then replaces the choice's). vedtakHash: when the location writes vedtak and the
 * administrator previewed the rejection vedtak, the server refuses (409) if it would differ.
 */
export const rejectBookingBody = z.object({
  rejectionChoiceKey: z.string().trim().max(100).optional(),
  rejectionText: z.string().trim().max(REJECTION_TEXT_MAX).optional(),
  vedtakHash: documentHash.optional(),
}).refine((b) => Boolean(b.rejectionChoiceKey) || Boolean(b.rejectionText), { path: ['rejectionText'], message: rejectionMessages.reasonRequired });
export type RejectBookingBody = z.infer<typeof rejectBookingBody>;

/** PUT /api/booking/{id}/rejectasset/{assetId}: an optional message to the applicant; the body may be left out. */
export const rejectAssetBody = z.preprocess((v) => v ?? {}, z.object({
  comment: z.string().trim().max(REJECTION_TEXT_MAX).optional(),
}));

export const rejectAssetParams = z.object({ id: idParam, assetId: idParam });
