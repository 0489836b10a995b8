import { z } from 'zod';

/**
 * PUT /api/currentuser/id-token: the SPA sends the ID token of its login, so the server learns the
 * person's name and e-mail from its profile claims (access tokens carry none; decision 032).
 */
export const idTokenInput = z.object({
  // Real ID tokens are 1–3 kB; the cap keeps a stray upload out of the JWT parser.
  idToken: z.string().min(1).max(16_384),
});
export type IdTokenInput = z.infer<typeof idTokenInput>;
