import { createPrivateKey } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  archiveProblems,
  archiveSettings,
  invoicingEnvShape,
  invoicingProblems,
  invoicingSettings,
  mailSettings,
  personRegisterSettings,
  smtpProblems,
} from './config-integrations';
import { integrationProblems, keyServiceHttpSettings, productionProblems } from './production-rails';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** OpenStreetMap's standard tiles (their tile usage policy allows light use with attribution). */
const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Empty (no map background), or an http(s) URL template with Leaflet's {z}, {x} and {y}. */
const tileUrl = z
  .string()
  .trim()
  .refine(
    (url) => url === '' || (/^https?:\/\/[^\s]+$/.test(url) && ['{z}', '{x}', '{y}'].every((part) => url.includes(part))),
    'must be empty or an http(s) URL with {z}, {x} and {y}',
  );

const clientId = z.string().trim().min(1, 'must not be empty');
const scopes = z
  .string()
  .trim()
  .refine((v) => v.split(/\s+/).includes('openid'), 'must include openid');
const claimName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:/-]+$/, 'must be a claim name');
/** JWS algorithms an access or ID token may be signed with; never none or a symmetric one (the key is public). */
const algorithms = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.enum(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA']))
      .min(1, 'must name at least one algorithm'),
  );
/** Parsed at start, so a broken key is a start-up refusal rather than a failed lookup later. */
const privateKeyPem = z
  .string()
  .transform((v) => v.replace(/\\n/g, '\n').trim())
  .refine((pem) => {
    try {
      createPrivateKey(pem);
      return true;
    } catch {
      return false;
    }
  }, 'must be a PEM private key (PKCS#8)');

/** proxy-addr's names for address ranges, which Fastify's trustProxy accepts beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}
/**
 * Who may tell the client's address in X-Forwarded-For: nobody (unset, empty or 0), the last N hops
 * (a number: the load balancers in a row in front), or the proxies' addresses (a comma-separated list of
 * addresses, CIDR ranges, loopback, linklocal, uniquelocal). Never everyone: then any client picks its
 * own address and walks past every per-address rate limit.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === '0') return false;
    if (/^\d+$/.test(value)) {
      if (Number(value) > 10) ctx.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 10' });
      return Number(value);
    }
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count or a list of proxy addresses (IP, CIDR, loopback, linklocal, uniquelocal); not ${wrong.join(', ')}`,
      });
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Public origin the browser uses, e.g. https://lokaler.oslo.kommune.no. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL connection string. When unset, the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * PostgreSQL connections per process. N processes need N × this below the server's max_connections
   * (100 by default), with room for migrations, backups and an operator (decision 016).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  /** Run the local OIDC provider under /idp (default when no external issuer is configured). */
  OIDC_ISSUER: z.url().optional(),
  ADMIN_OIDC_ISSUER: z.url().optional(),
  /** Lifetime of the local provider's access tokens; tests shorten it to see expiry. */
  OIDC_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  /** Secret for signing cookies (impersonation). Required in production; its strength is checked in secretProblems. */
  COOKIE_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load Oslo's demo data into an empty database; defaults to true, except false in production (refused there without ALLOW_DEMO_SERVICES). */
  SEED_DEMO_DATA: bool.optional(),
  /** Serve the built SPAs from this process; false for API-only processes (the SPAs elsewhere, tests without a build). */
  SERVE_SPAS: bool.default(true),
  /** local: .eml files in DATA_DIR/mail; smtp: the city's mail relay (SMTP_* and MAIL_FROM below). */
  MAIL_ADAPTER: z.enum(['local', 'smtp']).default('local'),
  /** The sender of every message, e.g. "Lokaler <ikke-svar@lokaler.oslo.kommune.no>"; required for smtp. */
  MAIL_FROM: z.string().trim().min(3).optional(),
  SMTP_HOST: z.string().trim().min(1).optional(),
  /** Defaults to 465 with SMTP_SECURE, else 587 (submission with STARTTLS). */
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** TLS from the first byte (port 465); otherwise STARTTLS. */
  SMTP_SECURE: bool.default(false),
  /** Refuse to send unless STARTTLS succeeds. Defaults to true when NODE_ENV=production; false must be set explicitly there. */
  SMTP_REQUIRE_TLS: bool.optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** Where the local mail adapter writes each e-mail as .eml; default DATA_DIR/mail on PGlite, nowhere on PostgreSQL. */
  LOCAL_MAIL_DIR: z.string().min(1).optional(),
  /** How long a process holds a claimed background job; a process that dies frees its jobs after this. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** How long a process holds the outbox rows it is sending; the rows of a process that died are sent by another after this. */
  MAIL_CLAIM_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  /** local: the fake in the database (tests, demos); http: the city's key service at KEY_SERVICE_URL. */
  KEY_SERVICE_ADAPTER: z.enum(['local', 'http']).default('local'),
  /** local: a fixed set of test organisations; http: the register at ORG_REGISTRY_URL. */
  ORG_REGISTRY_ADAPTER: z.enum(['local', 'http']).default('local'),
  /** The new portal's map background; empty means no tiles at all (markers on a plain background). */
  MAP_TILE_URL: tileUrl.default(OSM_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap-bidragsytere'),
  /** How long a wedding time taken in the calendar is held for the couple to send the form (spec 02 §9: about 30). */
  WEDDING_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** Decision 038: how long after the wizard's page went away (closed tab, reload) the held wedding time is let go unless the wizard comes back. */
  WEDDING_WIZARD_RETURN_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  /**
   * Most applications one person may send in a 10-minute window (POST /api/booking, counted in the database; decision 041).
   * The ceiling is for load tests whose few test people send thousands (bench/storm: ~1,600 each in 30 s).
   */
  BOOKINGS_PER_PERSON_PER_10_MINUTES: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Most receipts a person's applications send to a typed address other than their own in an hour; beyond it the receipt goes to their own address (decision 041). */
  TYPED_RECEIPTS_PER_PERSON_PER_HOUR: z.coerce.number().int().min(0).max(1000).default(5),
  /** Most active free-time alerts ('Varsle meg når en tid blir ledig') one person may have at once. */
  FREE_SLOT_ALERTS_PER_PERSON: z.coerce.number().int().min(1).max(100).default(10),
  /** Most free-time alert e-mails one person is sent per hour; more freed times wait for the next hour. */
  FREE_SLOT_ALERT_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(60).default(4),
  /** How long after a booking's last time its contact details are kept before they are anonymised (decision 054). */
  RETENTION_BOOKING_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** How long the invitation link to set up a new location (/nytt-lokale/{linkId}) can be claimed (decision 015). */
  LOCATION_INVITATION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Largest request body of an ordinary route; the prøvingsattest upload keeps its own, larger limit. */
  HTTP_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  /** Time for the whole request (headers and body) to arrive: a slow-loris body is cut off (408) after it. Long enough for the 14 MB upload on a slow line. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** Time for the request's headers to arrive. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** An idle keep-alive connection is closed after this; keep it longer than the load balancer's idle timeout. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  /** A socket with no traffic at all for this long is closed; longer than the keep-alive timeout, which it would otherwise cut short. */
  HTTP_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** Which proxies' X-Forwarded-For (and -Proto, -Host) is believed: unset none, a hop count, or their addresses (see trustProxy above). */
  TRUST_PROXY: trustProxy.default(false),
  /** Strict-Transport-Security: on by default when PUBLIC_URL is https, off otherwise; true/false overrides. */
  HSTS: bool.optional(),
  // Restarts (decision 035)
  /** After SIGTERM, how long readiness answers 503 while the process still serves (Connection: close); default 5000 when NODE_ENV=production, else 0. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** The whole shutdown's bound: past it the process exits with 1. Default SHUTDOWN_DRAIN_MS + 10000. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
  // Observability (decision 034)
  /** Serve GET /metrics (no token) on this port too, for a Prometheus inside the cluster; unset: no separate port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** GET /metrics on the main port answers only `Authorization: Bearer <this>`; unset: no /metrics there (404). */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** OTLP/HTTP base URL of a trace collector (…/v1/traces is appended); unset: no tracing at all. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('lokaler'),
  // Production rails, API documents, the key service's and the organisation register's HTTP clients (decision 033)
  /** In production, allows the local fakes (identity provider, mail writer, key service, org register, PGlite, demo data) for a deliberate demo. */
  ALLOW_DEMO_SERVICES: bool.default(false),
  /** Serve the public API's OpenAPI document and UI at /api/docs. */
  API_DOCS_PUBLIC: bool.default(true),
  /** The admin API's document: public (in /api/docs and at /api/docs/admin/json), admins (only with an admin's token), off. Default off in production, else public. */
  API_DOCS_ADMIN: z.enum(['public', 'admins', 'off']).optional(),
  /**
   * Tests only (decision 060): check every /api answer against the OpenAPI document; `record` keeps the
   * mismatches in memory, an absolute path appends them to that file (the e2e suite's). Refused in production.
   */
  API_RESPONSE_CHECK: z
    .string()
    .trim()
    .refine((v) => v === 'record' || path.isAbsolute(v), 'must be record or an absolute file path')
    .optional(),
  KEY_SERVICE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** A fixed bearer token for the key service; or the client credentials below. */
  KEY_SERVICE_TOKEN: z.string().min(1).optional(),
  /** OAuth 2 client credentials grant: the token endpoint, the client and optionally the scope. */
  KEY_SERVICE_TOKEN_URL: z.url({ protocol: /^https?$/ }).optional(),
  KEY_SERVICE_CLIENT_ID: z.string().min(1).optional(),
  KEY_SERVICE_CLIENT_SECRET: z.string().min(1).optional(),
  KEY_SERVICE_SCOPE: z.string().min(1).optional(),
  KEY_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Base URL of the authorized-parties API (Altinn 3 shape, decision 033). */
  ORG_REGISTRY_URL: z.url({ protocol: /^https?$/ }).optional(),
  ORG_REGISTRY_TOKEN: z.string().min(1).optional(),
  ORG_REGISTRY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Enhetsregisteret's open API, for each organisation's form (decision 068); a lookup slower than its deadline leaves the form unknown. */
  ENHETSREGISTERET_URL: z.url({ protocol: /^https?$/ }).default('https://data.brreg.no'),
  ENHETSREGISTERET_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1500),
  // Identity providers and the person register (decision 032). The defaults are the local provider's.
  OIDC_CLIENT_ID: clientId.default('lokaler-portal'),
  OIDC_SCOPES: scopes.default('openid profile'),
  /** Empty: none asked for. Tokens below substantial are refused whatever is asked. */
  OIDC_ACR_VALUES: z.string().trim().default('idporten-loa-substantial'),
  /** The audience the portal's access tokens must carry; default PUBLIC_URL/api. */
  OIDC_AUDIENCE: z.string().trim().min(1, 'must not be empty').optional(),
  /** Resource indicator (RFC 8707) the SPA asks for; default the audience; empty: none (Entra ID uses scopes). */
  OIDC_RESOURCE: z.string().trim().optional(),
  OIDC_ALGORITHMS: algorithms.default(['RS256']),
  ADMIN_OIDC_CLIENT_ID: clientId.default('lokaler-admin'),
  ADMIN_OIDC_SCOPES: scopes.default('openid profile email'),
  ADMIN_OIDC_ACR_VALUES: z.string().trim().default(''),
  ADMIN_OIDC_AUDIENCE: z.string().trim().min(1, 'must not be empty').optional(),
  ADMIN_OIDC_RESOURCE: z.string().trim().optional(),
  ADMIN_OIDC_ALGORITHMS: algorithms.default(['RS256']),
  /** The admin access token's claim matched against location_admins / city_admins (e-mail addresses). */
  ADMIN_OIDC_USER_CLAIM: z.enum(['email', 'preferred_username', 'upn']).default('email'),
  /** A claim (string or array) that makes an administrator city-wide when it holds ADMIN_OIDC_CITY_ADMIN_VALUE. */
  ADMIN_OIDC_CITY_ADMIN_CLAIM: claimName.optional(),
  ADMIN_OIDC_CITY_ADMIN_VALUE: z.string().trim().min(1, 'must not be empty').optional(),
  /** Where a citizen's e-mail and mobile come from when the ID token has none: local test people, or KRR. */
  PERSON_REGISTER_ADAPTER: z.enum(['local', 'krr']).default('local'),
  /** KRR's lookup endpoint, e.g. https://krr.digdir.no/rest/v1/personer. */
  KRR_URL: z.url().optional(),
  /** Maskinporten's issuer, e.g. https://maskinporten.no/ (the JWT grant's audience; token endpoint {issuer}token). */
  MASKINPORTEN_ISSUER: z.url().optional(),
  MASKINPORTEN_CLIENT_ID: clientId.optional(),
  /** PKCS#8 PEM of the key registered with the Maskinporten client (RS256). */
  MASKINPORTEN_PRIVATE_KEY: privateKeyPem.optional(),
  /** The kid of that key as registered at Maskinporten. */
  MASKINPORTEN_KEY_ID: z.string().trim().min(1).optional(),
  MASKINPORTEN_SCOPE: z.string().trim().min(1).default('krr:global/kontaktinformasjon.read'),
  // The city's archive (decision 056)
  /** local: each message a folder in LOCAL_ARCHIVE_DIR; fiks: KS Fiks Arkiv through Fiks IO; off: nothing is archived. */
  ARCHIVE_MODE: z.enum(['local', 'fiks', 'off']).default('local'),
  /** Where the local archive writes each message; default DATA_DIR/archive on PGlite, in memory on PostgreSQL and in tests. */
  LOCAL_ARCHIVE_DIR: z.string().min(1).optional(),
  FIKS_IO_URL: z.url({ protocol: /^https?$/ }).default('https://api.fiks.ks.no'),
  /** The portal's Fiks IO account, and the archive's (the receiving account). */
  FIKS_ARKIV_ACCOUNT_ID: z.uuid().optional(),
  FIKS_ARKIV_ARCHIVE_ACCOUNT_ID: z.uuid().optional(),
  FIKS_INTEGRATION_ID: z.uuid().optional(),
  FIKS_INTEGRATION_PASSWORD: z.string().min(1).optional(),
  /** The scope asked of Maskinporten (MASKINPORTEN_ISSUER, _CLIENT_ID, _PRIVATE_KEY, _KEY_ID) for Fiks IO. */
  FIKS_MASKINPORTEN_SCOPE: z.string().trim().min(1).default('ks:fiks'),
  FIKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  // Invoices (decision 071): config-integrations.ts.
  ...invoicingEnvShape,
});

export type Config = ReturnType<typeof buildConfig>;
/** The validated environment, before it becomes a Config. */
export type Env = z.infer<typeof envSchema>;

function buildConfig(env: Env) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    /** The admin app's public address: this server serves it under /admin (platform/spa-hosting/static.ts). */
    adminPublicUrl: `${publicUrl}/admin`,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? ({ engine: 'postgres', url: env.DATABASE_URL, maxConnections: env.DATABASE_POOL_SIZE } as const)
      : ({ engine: 'pglite', dataDir: path.resolve(env.DATA_DIR) } as const),
    seedDemoData: env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production',
    localMailDir: env.LOCAL_MAIL_DIR ? path.resolve(env.LOCAL_MAIL_DIR) : env.DATABASE_URL ? undefined : path.resolve(env.DATA_DIR, 'mail'),
    jobLeaseMs: env.JOB_LEASE_SECONDS * 1000,
    mailClaimLeaseSeconds: env.MAIL_CLAIM_LEASE_SECONDS,
    serveSpas: env.SERVE_SPAS,
    oidc: {
      /** When true, this process runs the local provider at {publicUrl}/idp. */
      local: !env.OIDC_ISSUER,
      issuer: env.OIDC_ISSUER ?? `${publicUrl}/idp`,
      adminIssuer: env.ADMIN_OIDC_ISSUER ?? env.OIDC_ISSUER ?? `${publicUrl}/idp`,
      portalClientId: env.OIDC_CLIENT_ID,
      adminClientId: env.ADMIN_OIDC_CLIENT_ID,
      accessTokenTtlSeconds: env.OIDC_ACCESS_TOKEN_TTL_SECONDS,
      ...oidcProviderSettings(env, publicUrl),
    },
    cookieSecret: env.COOKIE_SECRET ?? 'local-development-cookie-secret-not-for-production',
    map: { tileUrl: env.MAP_TILE_URL === '' ? null : env.MAP_TILE_URL, tileAttribution: env.MAP_TILE_ATTRIBUTION },
    weddingHoldMinutes: env.WEDDING_HOLD_MINUTES,
    weddingWizardReturnSeconds: env.WEDDING_WIZARD_RETURN_SECONDS,
    bookingRates: {
      perPersonPer10Minutes: env.BOOKINGS_PER_PERSON_PER_10_MINUTES,
      typedReceiptsPerPersonPerHour: env.TYPED_RECEIPTS_PER_PERSON_PER_HOUR,
    },
    locationInvitationDays: env.LOCATION_INVITATION_DAYS,
    freeSlotAlerts: { maxPerPerson: env.FREE_SLOT_ALERTS_PER_PERSON, mailsPerHour: env.FREE_SLOT_ALERT_MAILS_PER_HOUR },
    retention: { bookingMonths: env.RETENTION_BOOKING_MONTHS },
    http: {
      bodyLimitBytes: env.HTTP_BODY_LIMIT_BYTES,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeoutMs: Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS),
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: env.HTTP_CONNECTION_TIMEOUT_MS,
      hsts: env.HSTS ?? publicUrl.startsWith('https://'),
      /** Fastify's trustProxy: false (the socket's address is the client's), a hop count, or the proxies' addresses. */
      trustProxy: env.TRUST_PROXY,
    },
    mail: mailSettings(env),
    adapters: {
      mail: env.MAIL_ADAPTER,
      keyService: env.KEY_SERVICE_ADAPTER,
      orgRegistry: env.ORG_REGISTRY_ADAPTER,
      personRegister: env.PERSON_REGISTER_ADAPTER,
      archive: env.ARCHIVE_MODE,
      invoiceDelivery: env.INVOICE_DELIVERY_MODE,
    },
    shutdown: shutdownSettings(env),
    observability: {
      metricsPort: env.METRICS_PORT,
      metricsToken: env.METRICS_TOKEN,
      /** Read by observability/tracing.ts from the environment before anything else loads; here for validation and the start-up line. */
      otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
      serviceName: env.OTEL_SERVICE_NAME,
    },
    // Production rails, API documents, HTTP clients of the key service and org register (decision 033)
    allowDemoServices: env.ALLOW_DEMO_SERVICES,
    apiDocs: { public: env.API_DOCS_PUBLIC, admin: env.API_DOCS_ADMIN ?? (env.NODE_ENV === 'production' ? 'off' : 'public') },
    /** Where answers that disagree with the document go: 'record', a file, or null (not checked; decision 060). */
    responseCheck: env.API_RESPONSE_CHECK ?? null,
    keyServiceHttp: keyServiceHttpSettings(env),
    orgRegistryHttp:
      env.ORG_REGISTRY_ADAPTER === 'http' && env.ORG_REGISTRY_URL
        ? {
            url: env.ORG_REGISTRY_URL.replace(/\/$/, ''),
            token: env.ORG_REGISTRY_TOKEN ?? null,
            timeoutMs: env.ORG_REGISTRY_TIMEOUT_MS,
            enhetsregisteret: { url: env.ENHETSREGISTERET_URL.replace(/\/$/, ''), timeoutMs: env.ENHETSREGISTERET_TIMEOUT_MS },
          }
        : null,
    personRegister: personRegisterSettings(env),
    archive: archiveSettings(env),
    invoicing: invoicingSettings(env),
  };
}

/** A load balancer needs the drain to notice the 503 (its health-check interval × unhealthy threshold). */
const PRODUCTION_DRAIN_MS = 5000;
/** What requests and jobs in flight get after the drain, unless SHUTDOWN_GRACE_MS says otherwise. */
const GRACE_AFTER_DRAIN_MS = 10_000;

function shutdownSettings(env: Env) {
  const drainMs = env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' ? PRODUCTION_DRAIN_MS : 0);
  const graceMs = env.SHUTDOWN_GRACE_MS ?? drainMs + GRACE_AFTER_DRAIN_MS;
  // A grace within the drain would exit with 1 while the process still serves.
  if (graceMs <= drainMs)
    throw new ConfigError(`Invalid configuration:\n  SHUTDOWN_GRACE_MS: must be longer than SHUTDOWN_DRAIN_MS (${drainMs})`);
  return { drainMs, graceMs };
}

/** What the SPAs ask each provider for and how the API reads its tokens (decision 032). */
function oidcProviderSettings(env: Env, publicUrl: string) {
  const audience = env.OIDC_AUDIENCE ?? `${publicUrl}/api`;
  const adminAudience = env.ADMIN_OIDC_AUDIENCE ?? `${publicUrl}/api/admin`;
  return {
    /** The audience of the portal's (citizens') access tokens, and by default its resource indicator. */
    audience,
    /**
     * The audience of the admin client's access tokens. A separate audience, so a token issued to one
     * app is never accepted as the other's (the issuer may be the same).
     */
    adminAudience,
    portalScope: env.OIDC_SCOPES,
    adminScope: env.ADMIN_OIDC_SCOPES,
    portalAcrValues: env.OIDC_ACR_VALUES,
    adminAcrValues: env.ADMIN_OIDC_ACR_VALUES,
    /** '' means the SPA sends no resource parameter. */
    portalResource: env.OIDC_RESOURCE ?? audience,
    adminResource: env.ADMIN_OIDC_RESOURCE ?? adminAudience,
    portalAlgorithms: env.OIDC_ALGORITHMS,
    adminAlgorithms: env.ADMIN_OIDC_ALGORITHMS,
    adminUserClaim: env.ADMIN_OIDC_USER_CLAIM,
    cityAdminClaim:
      env.ADMIN_OIDC_CITY_ADMIN_CLAIM && env.ADMIN_OIDC_CITY_ADMIN_VALUE
        ? { claim: env.ADMIN_OIDC_CITY_ADMIN_CLAIM, value: env.ADMIN_OIDC_CITY_ADMIN_VALUE }
        : null,
  };
}

/** Settings that are only wrong together: named, like smtpProblems. */
function identityProblems(env: Env): string[] {
  const krr = env.PERSON_REGISTER_ADAPTER === 'krr';
  return [
    !env.ADMIN_OIDC_CITY_ADMIN_CLAIM !== !env.ADMIN_OIDC_CITY_ADMIN_VALUE &&
      '  ADMIN_OIDC_CITY_ADMIN_CLAIM, ADMIN_OIDC_CITY_ADMIN_VALUE: set both or neither',
    ...(['KRR_URL', 'MASKINPORTEN_ISSUER', 'MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_PRIVATE_KEY', 'MASKINPORTEN_KEY_ID'] as const).map(
      (name) => krr && !env[name] && `  ${name}: required when PERSON_REGISTER_ADAPTER=krr`,
    ),
  ].filter((line): line is string => Boolean(line));
}

/** Reads the environment; throws a message that names every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Every problem at once, so an operator fixes the deployment in one round.
  const problems = [
    ...productionProblems(parsed.data),
    ...smtpProblems(parsed.data),
    ...integrationProblems(parsed.data),
    ...identityProblems(parsed.data),
    ...archiveProblems(parsed.data),
    ...invoicingProblems(parsed.data),
    // Decision 060: a test's check, whose compiling and validating every answer production should not pay for.
    ...(parsed.data.NODE_ENV === 'production' && parsed.data.API_RESPONSE_CHECK
      ? ['  API_RESPONSE_CHECK: for tests only; unset it in production']
      : []),
  ];
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return buildConfig(parsed.data);
}

export class ConfigError extends Error {}
