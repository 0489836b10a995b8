import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** OpenStreetMap's standard tiles (their tile usage policy allows light use with attribution). */
const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Empty (no map background), or an http(s) URL template with Leaflet's {z}, {x} and {y}. */
const tileUrl = z.string().trim().refine(
  (url) => url === '' || (/^https?:\/\/[^\s]+$/.test(url) && ['{z}', '{x}', '{y}'].every((part) => url.includes(part))),
  'must be empty or an http(s) URL with {z}, {x} and {y}',
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Public origin the browser uses, e.g. https://lokaler.oslo.kommune.no. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL connection string. When unset, the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Run the local OIDC provider under /idp (default when no external issuer is configured). */
  OIDC_ISSUER: z.url().optional(),
  ADMIN_OIDC_ISSUER: z.url().optional(),
  /** Lifetime of the local provider's access tokens; tests shorten it to see expiry. */
  OIDC_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  /** Secret for signing cookies (impersonation). Required in production. */
  COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: bool.default(true),
  /** Serve the built SPAs from this process; false for API-only processes (the SPAs elsewhere, tests without a build). */
  SERVE_SPAS: bool.default(true),
  MAIL_ADAPTER: z.enum(['local']).default('local'),
  /** Where the local mail adapter writes each e-mail as .eml; default DATA_DIR/mail on PGlite, nowhere on PostgreSQL. */
  LOCAL_MAIL_DIR: z.string().min(1).optional(),
  /** How long a process holds a claimed background job; a process that dies frees its jobs after this. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  KEY_SERVICE_ADAPTER: z.enum(['local']).default('local'),
  ORG_REGISTRY_ADAPTER: z.enum(['local']).default('local'),
  /** The new portal's map background; empty means no tiles at all (markers on a plain background). */
  MAP_TILE_URL: tileUrl.default(OSM_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap-bidragsytere'),
  /** How long a wedding time taken in the calendar is held for the couple to send the form (spec 02 §9: about 30). */
  WEDDING_HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /** How long the invitation link to set up a new location (/nytt-lokale/{linkId}) can be claimed (decision 015). */
  LOCATION_INVITATION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
});

export type Config = ReturnType<typeof buildConfig>;

function buildConfig(env: z.infer<typeof envSchema>) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    /** The admin app's public address: this server serves it under /admin (http/static.ts). */
    adminPublicUrl: `${publicUrl}/admin`,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? ({ engine: 'postgres', url: env.DATABASE_URL } as const)
      : ({ engine: 'pglite', dataDir: path.resolve(env.DATA_DIR) } as const),
    seedDemoData: env.SEED_DEMO_DATA,
    localMailDir: env.LOCAL_MAIL_DIR ? path.resolve(env.LOCAL_MAIL_DIR) : env.DATABASE_URL ? undefined : path.resolve(env.DATA_DIR, 'mail'),
    jobLeaseMs: env.JOB_LEASE_SECONDS * 1000,
    serveSpas: env.SERVE_SPAS,
    oidc: {
      /** When true, this process runs the local provider at {publicUrl}/idp. */
      local: !env.OIDC_ISSUER,
      issuer: env.OIDC_ISSUER ?? `${publicUrl}/idp`,
      adminIssuer: env.ADMIN_OIDC_ISSUER ?? env.OIDC_ISSUER ?? `${publicUrl}/idp`,
      /** The API's resource indicator: the audience of access tokens. */
      audience: `${publicUrl}/api`,
      portalClientId: 'lokaler-portal',
      adminClientId: 'lokaler-admin',
      accessTokenTtlSeconds: env.OIDC_ACCESS_TOKEN_TTL_SECONDS,
    },
    cookieSecret: env.COOKIE_SECRET ?? 'local-development-cookie-secret-not-for-production',
    map: { tileUrl: env.MAP_TILE_URL === '' ? null : env.MAP_TILE_URL, tileAttribution: env.MAP_TILE_ATTRIBUTION },
    weddingHoldMinutes: env.WEDDING_HOLD_MINUTES,
    locationInvitationDays: env.LOCATION_INVITATION_DAYS,
    adapters: { mail: env.MAIL_ADAPTER, keyService: env.KEY_SERVICE_ADAPTER, orgRegistry: env.ORG_REGISTRY_ADAPTER },
  };
}

/** Reads the environment; throws a message that names every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.NODE_ENV === 'production') {
    const missing = [
      !parsed.data.COOKIE_SECRET && '  COOKIE_SECRET: required when NODE_ENV=production',
      // The local identity provider logs anyone in as a test person: never in production.
      !parsed.data.OIDC_ISSUER && '  OIDC_ISSUER: required when NODE_ENV=production (the local test identity provider only runs outside production)',
    ].filter(Boolean);
    if (missing.length) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  }
  return buildConfig(parsed.data);
}

export class ConfigError extends Error {}
