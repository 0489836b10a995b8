import type { Env } from './config';

/**
 * The production rails (decision 033): with NODE_ENV=production the server refuses
 * to start on a setting that is only safe on a laptop, naming each variable and what to set. The
 * fakes (local identity provider, local adapters, PGlite, demo data) may be allowed on purpose with
 * ALLOW_DEMO_SERVICES=true; a weak secret and a plain-http PUBLIC_URL never are.
 */
export function productionProblems(env: Env): string[] {
  const problems = secretProblems(env);
  if (env.NODE_ENV !== 'production') return problems;
  const demo = env.ALLOW_DEMO_SERVICES;
  const fake = (what: string) => `${what}, or ALLOW_DEMO_SERVICES=true for a deliberate demo deployment`;
  return [
    ...problems,
    ...publicUrlProblems(env.PUBLIC_URL),
    !env.COOKIE_SECRET &&
      '  COOKIE_SECRET: required when NODE_ENV=production (32 or more random characters, e.g. `openssl rand -base64 48`)',
    // A demo booking would occupy a real room, and the demo's test people could log in to it.
    !demo &&
      env.SEED_DEMO_DATA === true &&
      `  SEED_DEMO_DATA: would load the demo data into the production database; ${fake('set SEED_DEMO_DATA=false')}`,
    // The local identity provider logs anyone in as a test person.
    !demo &&
      !env.OIDC_ISSUER &&
      `  OIDC_ISSUER: required when NODE_ENV=production (the citizens' provider, e.g. https://idporten.no); without it the local test identity provider runs; ${fake('set it')}`,
    !demo &&
      !env.ADMIN_OIDC_ISSUER &&
      `  ADMIN_OIDC_ISSUER: required when NODE_ENV=production (the administrators' provider, e.g. https://login.microsoftonline.com/{tenant}/v2.0); ${fake('set it')}`,
    // Without a mail folder the local writer keeps the last messages in memory: mail is lost.
    !demo &&
      env.MAIL_ADAPTER === 'local' &&
      `  MAIL_ADAPTER: is local (mail is written to files or memory, never sent); ${fake('set MAIL_ADAPTER=smtp with SMTP_HOST and MAIL_FROM')}`,
    // The fake key service tells a citizen their digital key was accepted.
    !demo &&
      env.KEY_SERVICE_ADAPTER === 'local' &&
      `  KEY_SERVICE_ADAPTER: is local (a fake key service that opens no door); ${fake('set KEY_SERVICE_ADAPTER=http with KEY_SERVICE_URL')}`,
    !demo &&
      env.ORG_REGISTRY_ADAPTER === 'local' &&
      `  ORG_REGISTRY_ADAPTER: is local (made-up organisations); ${fake('set ORG_REGISTRY_ADAPTER=http with ORG_REGISTRY_URL')}`,
    // The local person register knows only the test people: every real citizen would have no e-mail.
    !demo &&
      env.PERSON_REGISTER_ADAPTER === 'local' &&
      `  PERSON_REGISTER_ADAPTER: is local (the test people's contact details); ${fake('set PERSON_REGISTER_ADAPTER=krr with KRR_URL and MASKINPORTEN_*')}`,
    // The local archive keeps the city's case records in a folder (or memory) no archivist sees (decision 056).
    !demo &&
      env.ARCHIVE_MODE === 'local' &&
      `  ARCHIVE_MODE: is local (archive messages are written to a folder, never archived); ${fake('set ARCHIVE_MODE=fiks with FIKS_*, or off')}`,
    // The local invoice delivery writes EHF and ERP files to a folder nobody pays from (decision 071).
    !demo &&
      env.INVOICE_DELIVERY_MODE === 'local' &&
      `  INVOICE_DELIVERY_MODE: is local (invoices are written to a folder, never sent); ${fake('set INVOICE_DELIVERY_MODE=http with INVOICE_ACCESS_POINT_* and INVOICE_ERP_*, or off')}`,
    !demo &&
      !env.DATABASE_URL &&
      `  DATABASE_URL: required when NODE_ENV=production (PGlite is one process on one disk); ${fake('set postgres://…')}`,
  ].filter((line): line is string => Boolean(line));
}

/** https, except a loopback address (a production-like run on one machine; browsers treat it as secure too). */
function publicUrlProblems(publicUrl: string | undefined): string[] {
  if (!publicUrl)
    return ['  PUBLIC_URL: required when NODE_ENV=production (the https address citizens use, e.g. https://lokaler.oslo.kommune.no)'];
  const url = new URL(publicUrl);
  if (url.protocol === 'https:' || isLoopback(url.hostname)) return [];
  return [
    `  PUBLIC_URL: must be https when NODE_ENV=production (got ${url.protocol}//${url.host}); terminate TLS in front of the server and set the https address`,
  ];
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** Placeholders people put in a secret, compared without case and punctuation; the old development default contains two. */
const PLACEHOLDERS = ['changeme', 'secret', 'password', 'placeholder', 'example', 'replaceme', 'notforproduction', 'localdevelopment'];
/**
 * Even 32 random hex characters (16 symbols) have fewer than 8 distinct ones less than once in a
 * million draws (fewer than 10: about 1 in 11,000, too often to refuse); a run of one key or a
 * typed pattern has a handful.
 */
const MIN_DISTINCT_CHARACTERS = 8;

/** The cookie secret signs the impersonation cookie: guessable means anyone can act for any organisation. */
function secretProblems(env: Env): string[] {
  const secret = env.COOKIE_SECRET;
  if (secret === undefined) return [];
  if (secret.length < 32) return ['  COOKIE_SECRET: must be at least 32 characters'];
  if (env.NODE_ENV !== 'production') return [];
  const weakness = secretWeakness(secret);
  return weakness ? [`  COOKIE_SECRET: too weak (${weakness}); set 32 or more random characters, e.g. \`openssl rand -base64 48\``] : [];
}

/** Why a secret is guessable, or null. Exported for the tests' table of weak secrets. */
export function secretWeakness(secret: string): string | null {
  const letters = secret.toLowerCase().replace(/[^a-z0-9]/g, '');
  const placeholder = PLACEHOLDERS.find((word) => letters.includes(word));
  if (placeholder) return `contains the placeholder '${placeholder}'`;
  const distinct = new Set(secret).size;
  if (distinct < MIN_DISTINCT_CHARACTERS) return `only ${distinct} distinct characters`;
  if (/^(.{1,16}?)\1+$/s.test(secret)) return 'a short pattern repeated';
  return null;
}

/** What the chosen HTTP adapters cannot run without; checked only for the adapter chosen. */
export function integrationProblems(env: Env): string[] {
  const problems: (string | false)[] = [];
  if (env.KEY_SERVICE_ADAPTER === 'http') {
    const clientCredentials = [env.KEY_SERVICE_TOKEN_URL, env.KEY_SERVICE_CLIENT_ID, env.KEY_SERVICE_CLIENT_SECRET];
    const some = clientCredentials.some(Boolean);
    problems.push(
      !env.KEY_SERVICE_URL && '  KEY_SERVICE_URL: required when KEY_SERVICE_ADAPTER=http',
      !env.KEY_SERVICE_TOKEN &&
        !some &&
        '  KEY_SERVICE_TOKEN: required when KEY_SERVICE_ADAPTER=http (or KEY_SERVICE_TOKEN_URL, KEY_SERVICE_CLIENT_ID and KEY_SERVICE_CLIENT_SECRET)',
      some &&
        !clientCredentials.every(Boolean) &&
        '  KEY_SERVICE_TOKEN_URL, KEY_SERVICE_CLIENT_ID, KEY_SERVICE_CLIENT_SECRET: set all three for the client credentials grant',
      Boolean(env.KEY_SERVICE_TOKEN) && some && '  KEY_SERVICE_TOKEN: set either it or the client credentials, not both',
    );
  }
  if (env.ORG_REGISTRY_ADAPTER === 'http')
    problems.push(!env.ORG_REGISTRY_URL && '  ORG_REGISTRY_URL: required when ORG_REGISTRY_ADAPTER=http');
  if (env.NODE_ENV === 'production') {
    for (const name of ['KEY_SERVICE_URL', 'KEY_SERVICE_TOKEN_URL', 'ORG_REGISTRY_URL'] as const) {
      const value = env[name];
      if (value && !value.startsWith('https://') && !isLoopback(new URL(value).hostname))
        problems.push(`  ${name}: must be https when NODE_ENV=production (a token travels with every call)`);
    }
  }
  return problems.filter((line): line is string => Boolean(line));
}

export type KeyServiceAuth =
  | { kind: 'token'; token: string }
  | { kind: 'clientCredentials'; tokenUrl: string; clientId: string; clientSecret: string; scope: string | null };

/** The key service's HTTP client settings, or null with the local fake. */
export function keyServiceHttpSettings(env: Env): { url: string; auth: KeyServiceAuth; timeoutMs: number } | null {
  if (env.KEY_SERVICE_ADAPTER !== 'http' || !env.KEY_SERVICE_URL) return null;
  const auth: KeyServiceAuth = env.KEY_SERVICE_TOKEN
    ? { kind: 'token', token: env.KEY_SERVICE_TOKEN }
    : {
        kind: 'clientCredentials',
        tokenUrl: env.KEY_SERVICE_TOKEN_URL!,
        clientId: env.KEY_SERVICE_CLIENT_ID!,
        clientSecret: env.KEY_SERVICE_CLIENT_SECRET!,
        scope: env.KEY_SERVICE_SCOPE ?? null,
      };
  return { url: env.KEY_SERVICE_URL.replace(/\/$/, ''), auth, timeoutMs: env.KEY_SERVICE_TIMEOUT_MS };
}
