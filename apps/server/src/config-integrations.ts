import path from 'node:path';
import { z } from 'zod';
import type { InvoiceSeller } from '@lokaler/domain/invoices';
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

const orgnrList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^\d{9}$/, 'each organisation number must be 9 digits')));

/** Invoices (decision 071): who is invoiced, the seller, and where the documents go. Spread into config.ts's envSchema. */
export const invoicingEnvShape = {
  /** Organisations invoiced by EHF at any location (spec 01's invoiceGeneration for fixed organisations): comma-separated orgnr. */
  INVOICE_ORGANIZATIONS: orgnrList.optional(),
  /** local: EHF and ERP files written to LOCAL_INVOICE_DIR (or memory); http: the access point and the ERP; off: nothing is sent. */
  INVOICE_DELIVERY_MODE: z.enum(['local', 'http', 'off']).default('local'),
  LOCAL_INVOICE_DIR: z.string().min(1).optional(),
  INVOICE_ACCESS_POINT_URL: z.url({ protocol: /^https?$/ }).optional(),
  INVOICE_ACCESS_POINT_TOKEN: z.string().min(1).optional(),
  INVOICE_ERP_URL: z.url({ protocol: /^https?$/ }).optional(),
  INVOICE_ERP_TOKEN: z.string().min(1).optional(),
  INVOICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  INVOICE_SELLER_NAME: z.string().trim().min(1).default('Oslo kommune'),
  INVOICE_SELLER_ORGNR: z
    .string()
    .regex(/^\d{9}$/, 'must be 9 digits')
    .optional(),
  INVOICE_SELLER_ADDRESS: z.string().trim().min(1).default('Rådhusplassen 1'),
  INVOICE_SELLER_POSTAL_CODE: z.string().trim().min(1).default('0037'),
  INVOICE_SELLER_CITY: z.string().trim().min(1).default('Oslo'),
  INVOICE_SELLER_ACCOUNT: z
    .string()
    .regex(/^\d{11}$/, 'must be 11 digits')
    .optional(),
  INVOICE_SELLER_EMAIL: z.email().default('faktura@lokaler.oslo.kommune.no'),
  INVOICE_SELLER_VAT_REGISTERED: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
};

/** The demo's invoiced organisations (Sagene Sjakklubb, Frogner Damekor of the local register), in development only. */
const DEMO_INVOICE_ORGANIZATIONS = ['998877660', '996655431'];
/** A made-up seller for development and tests (valid mod-11 orgnr, an 11-digit account): production must set its own. */
const DEMO_SELLER = { orgnr: '999999999', accountNumber: '12345678903' };

export function invoicingSettings(env: Env) {
  const localFolder = env.LOCAL_INVOICE_DIR
    ? path.resolve(env.LOCAL_INVOICE_DIR)
    : env.DATABASE_URL || env.NODE_ENV === 'test'
      ? undefined
      : path.resolve(env.DATA_DIR, 'invoices');
  const http = (url: string | undefined, token: string | undefined) =>
    url && token ? { url: url.replace(/\/$/, ''), token, timeoutMs: env.INVOICE_TIMEOUT_MS } : undefined;
  return {
    organizations: env.INVOICE_ORGANIZATIONS ?? (env.NODE_ENV === 'development' ? DEMO_INVOICE_ORGANIZATIONS : []),
    delivery: {
      mode: env.INVOICE_DELIVERY_MODE,
      localFolder,
      accessPoint: http(env.INVOICE_ACCESS_POINT_URL, env.INVOICE_ACCESS_POINT_TOKEN),
      erp: http(env.INVOICE_ERP_URL, env.INVOICE_ERP_TOKEN),
    },
    seller: {
      name: env.INVOICE_SELLER_NAME,
      orgnr: env.INVOICE_SELLER_ORGNR ?? DEMO_SELLER.orgnr,
      address: {
        addressLine: env.INVOICE_SELLER_ADDRESS,
        postalCode: env.INVOICE_SELLER_POSTAL_CODE,
        city: env.INVOICE_SELLER_CITY,
        countryCode: 'NO',
      },
      accountNumber: env.INVOICE_SELLER_ACCOUNT ?? DEMO_SELLER.accountNumber,
      contactEmail: env.INVOICE_SELLER_EMAIL,
      vatRegistered: env.INVOICE_SELLER_VAT_REGISTERED,
    } satisfies InvoiceSeller,
  };
}

/** What INVOICE_DELIVERY_MODE=http, and invoicing in production, cannot run without. */
export function invoicingProblems(env: Env): string[] {
  const problems: (string | false)[] = [];
  if (env.INVOICE_DELIVERY_MODE === 'http')
    for (const name of ['INVOICE_ACCESS_POINT_URL', 'INVOICE_ACCESS_POINT_TOKEN', 'INVOICE_ERP_URL', 'INVOICE_ERP_TOKEN'] as const)
      problems.push(!env[name] && `  ${name}: required when INVOICE_DELIVERY_MODE=http`);
  // A made-up seller would put a made-up account number on real invoices.
  if (env.NODE_ENV === 'production' && env.INVOICE_DELIVERY_MODE !== 'off' && !env.ALLOW_DEMO_SERVICES)
    for (const name of ['INVOICE_SELLER_ORGNR', 'INVOICE_SELLER_ACCOUNT'] as const)
      problems.push(
        !env[name] && `  ${name}: required when NODE_ENV=production and invoices are sent (INVOICE_DELIVERY_MODE=off sends none)`,
      );
  return problems.filter((line): line is string => Boolean(line));
}
