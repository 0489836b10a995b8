import { z } from 'zod';

export const healthResponse = z.object({ status: z.literal('ok'), engine: z.enum(['pglite', 'postgres']) });
export type HealthResponse = z.infer<typeof healthResponse>;

/** The readiness check: `ready` (200) or why not (503). */
export const readinessResponse = z.object({ status: z.enum(['ready', 'shutting-down', 'database-unavailable']) });
export type ReadinessResponse = z.infer<typeof readinessResponse>;
