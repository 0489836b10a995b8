import { z } from 'zod';
import { interpreterLanguages, weddingLanguages } from './wedding-application-texts';
import { proevingsattestFileInfo } from './wedding-certificate';

/** GET /api/user/form/wedding/prefill/{bookingId} (spec 02 §7): what is known before the wizard. */
export const weddingPrefillResponse = z.object({
  bookingId: z.number().int(),
  applicantName: z.string(),
  applicantEmail: z.string(),
  applicantPhoneNo: z.string(),
  /** The held time is no longer this booking's (the hold ran out, or the booking was rejected): only leaving is offered. */
  timesAndAssetsNoLongerFree: z.boolean(),
  /** When the hold ends (UTC ISO), or null when there is none. */
  holdExpiresAtUtc: z.string().nullable(),
  /** The form has already been sent. */
  submitted: z.boolean(),
});
export type WeddingPrefillResponse = z.infer<typeof weddingPrefillResponse>;

/** The couple's answers as stored (spec 02 §3, without the file and the declaration). */
export const weddingApplicationAnswers = z.object({
  applicantName: z.string(),
  applicantEmail: z.string(),
  applicantPhoneNo: z.string(),
  addressStreetName: z.string(),
  addressPostCode: z.string(),
  addressPostalName: z.string(),
  spouseName: z.string(),
  spouseEmail: z.string(),
  spousePhoneNo: z.string(),
  eventLanguage: z.enum(weddingLanguages),
  weddingInterpreterRequired: z.boolean(),
  weddingInterpreterLanguage: z.union([z.literal(''), z.enum(interpreterLanguages)]),
  preferredContactLanguage: z.enum(weddingLanguages),
  weddingCulturalSegmentDesired: z.boolean().nullable(),
  weddingCulturalSegment: z.string(),
  needsAccommodation: z.boolean(),
  accommodationDetails: z.string(),
  extraInformation: z.string(),
});
export type WeddingApplicationAnswers = z.infer<typeof weddingApplicationAnswers>;

/** GET /user/form/wedding/{id} and the answer of the submit and the upload: the form read model (no bytes). */
export const weddingFormResponse = z.object({
  bookingId: z.number().int(),
  // The two below default to null so an answer of the certificate-only shape (before decision 012) still parses.
  /** When the couple sent the form (UTC ISO), null before. */
  submittedAtUtc: z.string().nullable().default(null),
  /** The answers, null before the form is sent. */
  answers: weddingApplicationAnswers.nullable().default(null),
  proevingsattestFile: proevingsattestFileInfo.nullable(),
  proevingsattestFileAddedTimeUtc: z.string().nullable(),
});
export type WeddingFormResponse = z.infer<typeof weddingFormResponse>;
