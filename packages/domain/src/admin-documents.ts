import { z } from 'zod';
import type { SourceForm } from './booking';
import { idParam } from './id-param';
import { weddingFormResponse } from './wedding-application-answers';

/**
 * The administrator's reads of a booking's documents (spec 02 §7 admin side): GET /vedtak/{id} and
 * GET /contract/{id} answer the citizen's shapes (user-booking-documents.ts vedtakResponse,
 * contract.ts contractResponse); GET /schema{sub}/{formId} answers adminFormResponse below.
 */

/**
 * The form sub-routes an application can have (the booking's `formDetailsSubRoute`) and the source
 * form each belongs to. Only the wedding form has answers of its own today; 'wedding' is accepted
 * beside 'vielse' because it is the source form's name, which older clients put in the path.
 */
export const formSubRoutes = { vielse: 'wedding', wedding: 'wedding' } as const satisfies Record<string, SourceForm>;
export type FormSubRoute = keyof typeof formSubRoutes;

/** `/schema/:sub/:formId`: the sub-route (unknown ones are a 404, not a 400: the path names no form) and the form's id (= the booking id). */
export const adminFormParams = z.object({ sub: z.string().max(40), formId: idParam });

/**
 * GET /schema{sub}/{formId} for an administrator of the booking's location: the stored form as the
 * wedding region of the admin view shows it — the answers (null until sent) and the certificate's
 * description, never the national identity number (only whether one was given).
 */
export const adminFormResponse = weddingFormResponse.extend({
  formDetailsSubRoute: z.literal('vielse'),
  nationalIdentityNumberGiven: z.boolean(),
});
export type AdminFormResponse = z.infer<typeof adminFormResponse>;

export const adminDocumentMessages = {
  noContract: 'Det finnes ingen godkjent kontrakt for denne søknaden.',
  unknownForm: 'Fant ikke skjemaet.',
} as const;
