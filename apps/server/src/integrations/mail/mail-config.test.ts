import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { productionEnv } from '../../../test/production-env';

// Production as the rails accept it (decision 033); each test gives its own mail settings over it.
const production = productionEnv;
const smtp = { MAIL_ADAPTER: 'smtp', SMTP_HOST: 'smtp.example.no', MAIL_FROM: 'Lokaler <ikke-svar@example.no>' };

describe('mail configuration', () => {
  it('fails at start, naming every gap, when MAIL_ADAPTER=smtp lacks what it needs', () => {
    expect(() => loadConfig({ MAIL_ADAPTER: 'smtp' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_ADAPTER: 'smtp' })).toThrow(/SMTP_HOST: required[\s\S]*MAIL_FROM: required/);
    expect(() => loadConfig({ ...smtp, SMTP_USER: 'lokaler' })).toThrow(/SMTP_USER, SMTP_PASSWORD: set both or neither/);
    expect(() => loadConfig({ ...smtp, SMTP_PORT: '0' })).toThrow(/SMTP_PORT/);
  });

  it('requires TLS in production unless explicitly allowed, and uses 465 for TLS from the first byte', () => {
    expect(loadConfig({ ...production, ...smtp }).mail.smtp).toEqual({
      host: 'smtp.example.no',
      port: 587,
      secure: false,
      requireTls: true,
      auth: null,
    });
    expect(loadConfig({ ...production, ...smtp, SMTP_REQUIRE_TLS: 'false' }).mail.smtp).toMatchObject({ requireTls: false });
    expect(loadConfig({ ...production, ...smtp, SMTP_SECURE: 'true', SMTP_USER: 'u', SMTP_PASSWORD: 'p' }).mail.smtp).toEqual({
      host: 'smtp.example.no',
      port: 465,
      secure: true,
      requireTls: true,
      auth: { user: 'u', pass: 'p' },
    });
    expect(loadConfig({ ...smtp }).mail.smtp).toMatchObject({ requireTls: false });
  });

  it('keeps the local mailbox by default', () => {
    expect(loadConfig({}).mail).toEqual({ from: 'Lokaler <ikke-svar@lokaler.oslo.kommune.no>', smtp: null });
    expect(loadConfig({}).adapters.mail).toBe('local');
  });
});
