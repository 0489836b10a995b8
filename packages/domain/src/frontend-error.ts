import { z } from 'zod';

/**
 * POST /api/frontenderror (spec 01 §3 "Client log entry"): msg, level, userAgent, time.
 * Generous limits so a long stack trace is accepted (and cut by the server), strict enough that the
 * endpoint cannot be used to store arbitrary payloads.
 */
export const frontendErrorInput = z.object({
  msg: z.string().trim().min(1).max(20_000),
  level: z.string().trim().min(1).max(20),
  userAgent: z.string().max(1_000).optional(),
  /** When it happened in the browser, ISO 8601. */
  time: z.iso.datetime({ offset: true }).optional(),
});
export type FrontendErrorInput = z.infer<typeof frontendErrorInput>;
