import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database and the local identity provider on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toMatchObject({ engine: 'pglite' });
    expect(config.oidc).toMatchObject({ local: true, issuer: 'http://localhost:3000/idp', audience: 'http://localhost:3000/api' });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/lokaler' }).database).toEqual({ engine: 'postgres', url: 'postgres://u@db:5432/lokaler' });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'production', OIDC_ISSUER: 'https://idporten.no' }, 'COOKIE_SECRET'],
    [{ NODE_ENV: 'production', COOKIE_SECRET: 'x'.repeat(32) }, 'OIDC_ISSUER'],
  ])('refuses %o with a message that names %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}:`));
  });
});
