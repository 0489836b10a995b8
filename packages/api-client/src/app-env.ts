// zod/mini: this runs in every page's first download (decision 021).
import { z } from 'zod/mini';

/**
 * Build-time settings of an SPA (VITE_APP_* variables), validated once at start-up. The version is
 * filled in by the app's vite.config.ts; nothing here is a secret, since it ships in the bundle.
 * Each app passes its own `import.meta.env`, which only Vite can fill in.
 */
const appEnvSchema = z.object({ VERSION: z._default(z.string().check(z.minLength(1)), 'dev') });
export type AppEnv = z.infer<typeof appEnvSchema>;

export function readAppEnv(metaEnv: Record<string, unknown>): AppEnv {
  const values = Object.fromEntries(
    Object.entries(metaEnv)
      .filter(([key]) => key.startsWith('VITE_APP_'))
      .map(([key, value]) => [key.slice('VITE_APP_'.length), value]),
  );
  const parsed = appEnvSchema.safeParse(values);
  if (!parsed.success) throw new Error(`Invalid VITE_APP_* settings: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
