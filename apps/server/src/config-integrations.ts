import path from 'node:path';
import type { Env } from './config';

/**
 * The settings of the external services behind adapters (the archive, the person register, e-mail),
 * read from the validated environment, and what each cannot run without. config.ts builds the Config
 * from them; production-rails.ts holds what production refuses.
 */

/** The archive's adapter (decision 056): the local folder (or memory), Fiks Arkiv's settings, or off. */
export function archiveSettings(env: Env) {
  const localFolder = env.LOCAL_ARCHIVE_DIR
    ? path.resolve(env.LOCAL_ARCHIVE_DIR)
    : env.DATABASE_URL || env.NODE_ENV === 'test'
      ? undefined
      : path.resolve(env.DATA_DIR, 'archive');
  const fiks =
    env.ARCHIVE_MODE === 'fiks' &&
    env.FIKS_ARKIV_ACCOUNT_ID &&
    env.FIKS_ARKIV_ARCHIVE_ACCOUNT_ID &&
    env.FIKS_INTEGRATION_ID &&
    env.FIKS_INTEGRATION_PASSWORD &&
    env.MASKINPORTEN_ISSUER &&
    env.MASKINPORTEN_CLIENT_ID &&
    env.MASKINPORTEN_PRIVATE_KEY &&
    env.MASKINPORTEN_KEY_ID
      ? {
          fiksIoUrl: env.FIKS_IO_URL,
          accountId: env.FIKS_ARKIV_ACCOUNT_ID,
          archiveAccountId: env.FIKS_ARKIV_ARCHIVE_ACCOUNT_ID,
          integrationId: env.FIKS_INTEGRATION_ID,
          integrationPassword: env.FIKS_INTEGRATION_PASSWORD,
          timeoutMs: env.FIKS_TIMEOUT_MS,
          maskinporten: {
            issuer: env.MASKINPORTEN_ISSUER,
            clientId: env.MASKINPORTEN_CLIENT_ID,
            privateKeyPem: env.MASKINPORTEN_PRIVATE_KEY,
            keyId: env.MASKINPORTEN_KEY_ID,
            scope: env.FIKS_MASKINPORTEN_SCOPE,
          },
        }
      : null;
  return { mode: env.ARCHIVE_MODE, localFolder, fiks };
}

/** What ARCHIVE_MODE=fiks cannot run without, named. */
export function archiveProblems(env: Env): string[] {
  if (env.ARCHIVE_MODE !== 'fiks') return [];
  const required = [
    'FIKS_ARKIV_ACCOUNT_ID',
    'FIKS_ARKIV_ARCHIVE_ACCOUNT_ID',
    'FIKS_INTEGRATION_ID',
    'FIKS_INTEGRATION_PASSWORD',
    'MASKINPORTEN_ISSUER',
    'MASKINPORTEN_CLIENT_ID',
    'MASKINPORTEN_PRIVATE_KEY',
    'MASKINPORTEN_KEY_ID',
  ] as const;
  return required.filter((name) => !env[name]).map((name) => `  ${name}: required when ARCHIVE_MODE=fiks`);
}

export function personRegisterSettings(env: Env) {
  if (
    env.PERSON_REGISTER_ADAPTER === 'local' ||
    !env.KRR_URL ||
    !env.MASKINPORTEN_ISSUER ||
    !env.MASKINPORTEN_CLIENT_ID ||
    !env.MASKINPORTEN_PRIVATE_KEY ||
    !env.MASKINPORTEN_KEY_ID
  ) {
    return { adapter: 'local' } as const;
  }
  return {
    adapter: 'krr',
    krrUrl: env.KRR_URL,
    maskinporten: {
      issuer: env.MASKINPORTEN_ISSUER,
      clientId: env.MASKINPORTEN_CLIENT_ID,
      privateKeyPem: env.MASKINPORTEN_PRIVATE_KEY,
      keyId: env.MASKINPORTEN_KEY_ID,
      scope: env.MASKINPORTEN_SCOPE,
    },
  } as const;
}

const DEFAULT_MAIL_FROM = 'Lokaler <ikke-svar@lokaler.oslo.kommune.no>';

export function mailSettings(env: Env) {
  const secure = env.SMTP_SECURE;
  return {
    from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    smtp:
      env.MAIL_ADAPTER === 'smtp' && env.SMTP_HOST
        ? {
            host: env.SMTP_HOST,
            port: env.SMTP_PORT ?? (secure ? 465 : 587),
            secure,
            requireTls: secure || (env.SMTP_REQUIRE_TLS ?? env.NODE_ENV === 'production'),
            auth: env.SMTP_USER && env.SMTP_PASSWORD ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD } : null,
          }
        : null,
  };
}

/** What MAIL_ADAPTER=smtp cannot run without: named, so an operator sees every gap at once. */
export function smtpProblems(env: Env): string[] {
  if (env.MAIL_ADAPTER !== 'smtp') return [];
  return [
    !env.SMTP_HOST && '  SMTP_HOST: required when MAIL_ADAPTER=smtp',
    !env.MAIL_FROM && '  MAIL_FROM: required when MAIL_ADAPTER=smtp (e.g. "Lokaler <ikke-svar@example.no>")',
    !env.SMTP_USER !== !env.SMTP_PASSWORD && '  SMTP_USER, SMTP_PASSWORD: set both or neither',
  ].filter((line): line is string => Boolean(line));
}
