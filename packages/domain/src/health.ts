import { z } from 'zod';

export const healthResponse = z.object({
  status: z.literal('ok'),
  engine: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponse>;
