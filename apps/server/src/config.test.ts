import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { productionEnv } from '../test/production-env';

describe('loadConfig', () => {
  it('defaults to the embedded database and the local identity provider on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toMatchObject({ engine: 'pglite' });
    expect(config.oidc).toMatchObject({ local: true, issuer: 'http://localhost:3000/idp', audience: 'http://localhost:3000/api' });
  });

  it('uses PostgreSQL when DATABASE_URL is set, with 20 connections per process unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/lokaler' }).database).toEqual({
      engine: 'postgres',
      url: 'postgres://u@db:5432/lokaler',
      maxConnections: 20,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/lokaler', DATABASE_POOL_SIZE: '8' }).database).toMatchObject({
      maxConnections: 8,
    });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("takes the map's tiles from MAP_TILE_URL: OpenStreetMap by default, none when empty", () => {
    expect(loadConfig({}).map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: '© OpenStreetMap-bidragsytere',
    });
    expect(loadConfig({ MAP_TILE_URL: '', MAP_TILE_ATTRIBUTION: '' }).map).toEqual({ tileUrl: null, tileAttribution: '' });
    expect(loadConfig({ MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }).map.tileUrl).toBe('http://127.0.0.1:9/{z}/{x}/{y}.png');
  });

  it('holds a wedding time 30 minutes unless WEDDING_HOLD_MINUTES says otherwise', () => {
    expect(loadConfig({}).weddingHoldMinutes).toBe(30);
    expect(loadConfig({ WEDDING_HOLD_MINUTES: '45' }).weddingHoldMinutes).toBe(45);
    expect(loadConfig({}).weddingWizardReturnSeconds).toBe(60);
    expect(loadConfig({ WEDDING_WIZARD_RETURN_SECONDS: '10' }).weddingWizardReturnSeconds).toBe(10);
    expect(() => loadConfig({ WEDDING_WIZARD_RETURN_SECONDS: '1' })).toThrow(/WEDDING_WIZARD_RETURN_SECONDS/);
  });

  it('lets an invitation to a new location be claimed for 14 days unless LOCATION_INVITATION_DAYS says otherwise; the admin app lives under /admin', () => {
    expect(loadConfig({}).locationInvitationDays).toBe(14);
    expect(loadConfig({ LOCATION_INVITATION_DAYS: '3' }).locationInvitationDays).toBe(3);
    expect(loadConfig({ PUBLIC_URL: 'https://lokaler.oslo.kommune.no/' }).adminPublicUrl).toBe('https://lokaler.oslo.kommune.no/admin');
  });

  it('writes local mail to DATA_DIR/mail on PGlite, nowhere on PostgreSQL unless LOCAL_MAIL_DIR says; leases jobs 5 minutes unless JOB_LEASE_SECONDS says; serves the SPAs unless SERVE_SPAS=false', () => {
    expect(loadConfig({ DATA_DIR: '/var/lokaler' }).localMailDir).toBe('/var/lokaler/mail');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/lokaler' }).localMailDir).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/lokaler', LOCAL_MAIL_DIR: '/tmp/mail' }).localMailDir).toBe('/tmp/mail');
    expect(loadConfig({}).jobLeaseMs).toBe(300_000);
    expect(loadConfig({ JOB_LEASE_SECONDS: '5' }).jobLeaseMs).toBe(5000);
    expect(loadConfig({}).serveSpas).toBe(true);
    expect(loadConfig({ SERVE_SPAS: 'false' }).serveSpas).toBe(false);
  });

  it.each([
    [{ JOB_LEASE_SECONDS: '0' }, 'JOB_LEASE_SECONDS'],
    [{ SERVE_SPAS: 'no' }, 'SERVE_SPAS'],
    [{ PORT: 'abc' }, 'PORT'],
    [{ LOCATION_INVITATION_DAYS: '0' }, 'LOCATION_INVITATION_DAYS'],
    [{ LOCATION_INVITATION_DAYS: 'two weeks' }, 'LOCATION_INVITATION_DAYS'],
    [{ WEDDING_HOLD_MINUTES: '0' }, 'WEDDING_HOLD_MINUTES'],
    [{ WEDDING_HOLD_MINUTES: '2.5' }, 'WEDDING_HOLD_MINUTES'],
    [{ WEDDING_HOLD_MINUTES: 'soon' }, 'WEDDING_HOLD_MINUTES'],
    [{ MAP_TILE_URL: 'https://tile.example.no/tiles.png' }, 'MAP_TILE_URL'],
    [{ MAP_TILE_URL: 'ftp://tile.example.no/{z}/{x}/{y}.png' }, 'MAP_TILE_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'production', OIDC_ISSUER: 'https://idporten.no' }, 'COOKIE_SECRET'],
    [{ NODE_ENV: 'production', COOKIE_SECRET: 'x'.repeat(32) }, 'OIDC_ISSUER'],
    [{ COOKIE_SECRET: 'too-short' }, 'COOKIE_SECRET'],
    [{ API_DOCS_ADMIN: 'everyone' }, 'API_DOCS_ADMIN'],
    [{ KEY_SERVICE_ADAPTER: 'oslonokkelen' }, 'KEY_SERVICE_ADAPTER'],
  ])('refuses %o with a message that names %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}:`));
  });
});

const without = (name: keyof typeof productionEnv) => ({ ...productionEnv, [name]: undefined });

describe('the production rails (decision 033)', () => {
  it('starts with every real service named, without demo data, and with the admin API document off', () => {
    const config = loadConfig(productionEnv);
    expect(config.seedDemoData).toBe(false);
    expect(config.oidc.local).toBe(false);
    expect(config.database).toMatchObject({ engine: 'postgres' });
    expect(config.adapters).toMatchObject({ mail: 'smtp', keyService: 'http', orgRegistry: 'http' });
    expect(config.apiDocs).toEqual({ public: true, admin: 'off' });
    expect(config.allowDemoServices).toBe(false);
  });

  it('seeds demo data and documents the admin API publicly by default outside production', () => {
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
    expect(loadConfig({}).apiDocs).toEqual({ public: true, admin: 'public' });
    expect(loadConfig({ ...productionEnv, API_DOCS_ADMIN: 'admins', API_DOCS_PUBLIC: 'false' }).apiDocs).toEqual({
      public: false,
      admin: 'admins',
    });
  });

  it.each([
    [{ SEED_DEMO_DATA: 'true' }, 'SEED_DEMO_DATA', /demo data/],
    [without('OIDC_ISSUER'), 'OIDC_ISSUER', /local test identity provider/],
    [without('ADMIN_OIDC_ISSUER'), 'ADMIN_OIDC_ISSUER', /administrators' provider/],
    [{ MAIL_ADAPTER: 'local' }, 'MAIL_ADAPTER', /never sent/],
    [{ KEY_SERVICE_ADAPTER: 'local' }, 'KEY_SERVICE_ADAPTER', /fake key service/],
    [{ ORG_REGISTRY_ADAPTER: 'local' }, 'ORG_REGISTRY_ADAPTER', /made-up organisations/],
    [{ PERSON_REGISTER_ADAPTER: 'local' }, 'PERSON_REGISTER_ADAPTER', /test people/],
    [{ INVOICE_DELIVERY_MODE: 'local' }, 'INVOICE_DELIVERY_MODE', /never sent/],
    [without('INVOICE_SELLER_ACCOUNT'), 'INVOICE_SELLER_ACCOUNT', /invoices are sent/],
    [without('INVOICE_ERP_TOKEN'), 'INVOICE_ERP_TOKEN', /required when INVOICE_DELIVERY_MODE=http/],
    [without('DATABASE_URL'), 'DATABASE_URL', /PGlite/],
    [without('PUBLIC_URL'), 'PUBLIC_URL', /required/],
    [{ PUBLIC_URL: 'http://lokaler.example.no' }, 'PUBLIC_URL', /must be https/],
    [without('COOKIE_SECRET'), 'COOKIE_SECRET', /required/],
    [{ COOKIE_SECRET: 'x'.repeat(40) }, 'COOKIE_SECRET', /only 1 distinct characters/],
    [{ COOKIE_SECRET: 'qwerqwreqwerrewqqwerqwerqweqrwerqwe' }, 'COOKIE_SECRET', /only 4 distinct characters/],
    [{ COOKIE_SECRET: 'abcdefgh'.repeat(5) }, 'COOKIE_SECRET', /a short pattern repeated/],
    [{ COOKIE_SECRET: 'Lokaler-2026!'.repeat(3) }, 'COOKIE_SECRET', /a short pattern repeated/],
    [{ COOKIE_SECRET: 'Change-Me-9f8e7d6c5b4a3210ZYXWVUTSRQ' }, 'COOKIE_SECRET', /placeholder 'changeme'/],
    [{ COOKIE_SECRET: 'our-very-own-SECRET-for-lokaler-2026!' }, 'COOKIE_SECRET', /placeholder 'secret'/],
    [{ COOKIE_SECRET: 'local-development-cookie-secret-not-for-production' }, 'COOKIE_SECRET', /placeholder/],
    [{ KEY_SERVICE_URL: 'http://nokkel.example.no/api' }, 'KEY_SERVICE_URL', /must be https/],
    [{ ORG_REGISTRY_URL: 'http://register.example.no' }, 'ORG_REGISTRY_URL', /must be https/],
  ])('refuses production with %o, naming %s', (change, variable, why) => {
    const env = { ...productionEnv, ...change };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    const lines = messageOf(env)
      .split('\n')
      .filter((line) => line.startsWith('  '));
    // Exactly the one problem: the other settings are good.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^  ${variable}: `));
    expect(lines[0]).toMatch(why);
  });

  it('lists every problem at once, each with its variable and what to set', () => {
    const message = messageOf({
      NODE_ENV: 'production',
      COOKIE_SECRET: 'change-me-change-me-change-me-change-me',
      PUBLIC_URL: 'http://lokaler.example.no',
      SEED_DEMO_DATA: 'true',
    });
    const named = message
      .split('\n')
      .filter((line) => line.startsWith('  '))
      .map((line) => /^ {2}(\w+):/.exec(line)?.[1]);
    expect(named.sort()).toEqual([
      'ADMIN_OIDC_ISSUER',
      'ARCHIVE_MODE',
      'COOKIE_SECRET',
      'DATABASE_URL',
      'INVOICE_DELIVERY_MODE',
      'INVOICE_SELLER_ACCOUNT',
      'INVOICE_SELLER_ORGNR',
      'KEY_SERVICE_ADAPTER',
      'MAIL_ADAPTER',
      'OIDC_ISSUER',
      'ORG_REGISTRY_ADAPTER',
      'PERSON_REGISTER_ADAPTER',
      'PUBLIC_URL',
      'SEED_DEMO_DATA',
    ]);
    expect(message).toMatch(/MAIL_ADAPTER: .*set MAIL_ADAPTER=smtp/);
    expect(message).toMatch(/ALLOW_DEMO_SERVICES=true/);
  });

  it('allows the fakes and demo data with ALLOW_DEMO_SERVICES=true, never a weak secret or a plain-http address', () => {
    const demo = {
      NODE_ENV: 'production',
      ALLOW_DEMO_SERVICES: 'true',
      PUBLIC_URL: 'https://demo.lokaler.example.no',
      COOKIE_SECRET: productionEnv.COOKIE_SECRET,
      SEED_DEMO_DATA: 'true',
    };
    const config = loadConfig(demo);
    expect(config.allowDemoServices).toBe(true);
    expect(config.oidc.local).toBe(true);
    expect(config.database).toMatchObject({ engine: 'pglite' });
    expect(config.adapters).toEqual({
      mail: 'local',
      keyService: 'local',
      orgRegistry: 'local',
      personRegister: 'local',
      archive: 'local',
      invoiceDelivery: 'local',
    });
    expect(config.seedDemoData).toBe(true);
    expect(() => loadConfig({ ...demo, COOKIE_SECRET: 'secret'.repeat(6) })).toThrow(/COOKIE_SECRET: too weak/);
    expect(() => loadConfig({ ...demo, PUBLIC_URL: 'http://demo.lokaler.example.no' })).toThrow(/PUBLIC_URL: must be https/);
  });

  it('accepts random secrets in hex and base64 (openssl rand -hex 16 / -base64 48)', () => {
    for (const secret of ['9f86d081884c7d659a2feaa0c55ad015', 'k3Jq9V0b+Xw7sT2LmYc4/RuN8hEaP1zGdQ6oWfKiZ5Bn0UyHtM3xJvCg7lSrA2eD']) {
      expect(loadConfig({ ...productionEnv, COOKIE_SECRET: secret }).cookieSecret).toBe(secret);
    }
  });

  it('accepts a plain-http loopback PUBLIC_URL (a production-like run on one machine)', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(loadConfig({ ...productionEnv, PUBLIC_URL: url }).publicUrl).toBe(url);
    }
  });
});

describe('the key service and organisation register over HTTP', () => {
  it('needs KEY_SERVICE_URL and a token or complete client credentials, only when KEY_SERVICE_ADAPTER=http', () => {
    expect(loadConfig({ KEY_SERVICE_URL: 'https://k.example.no' }).keyServiceHttp).toBeNull();
    expect(messageOf({ KEY_SERVICE_ADAPTER: 'http' })).toMatch(/KEY_SERVICE_URL: required[\s\S]*KEY_SERVICE_TOKEN: required/);
    expect(messageOf({ KEY_SERVICE_ADAPTER: 'http', KEY_SERVICE_URL: 'https://k.example.no', KEY_SERVICE_CLIENT_ID: 'lokaler' })).toMatch(
      /KEY_SERVICE_TOKEN_URL, KEY_SERVICE_CLIENT_ID, KEY_SERVICE_CLIENT_SECRET: set all three/,
    );
    expect(messageOf({ ORG_REGISTRY_ADAPTER: 'http' })).toMatch(/ORG_REGISTRY_URL: required when ORG_REGISTRY_ADAPTER=http/);
  });

  it("builds the clients' settings: a fixed token or the client credentials grant, 5 s deadlines unless set", () => {
    expect(
      loadConfig({ KEY_SERVICE_ADAPTER: 'http', KEY_SERVICE_URL: 'https://k.example.no/api/', KEY_SERVICE_TOKEN: 't' }).keyServiceHttp,
    ).toEqual({ url: 'https://k.example.no/api', auth: { kind: 'token', token: 't' }, timeoutMs: 5000 });
    expect(
      loadConfig({
        KEY_SERVICE_ADAPTER: 'http',
        KEY_SERVICE_URL: 'https://k.example.no',
        KEY_SERVICE_TOKEN_URL: 'https://auth.example.no/token',
        KEY_SERVICE_CLIENT_ID: 'lokaler',
        KEY_SERVICE_CLIENT_SECRET: 's3cr3t',
        KEY_SERVICE_SCOPE: 'keys:write',
        KEY_SERVICE_TIMEOUT_MS: '2000',
      }).keyServiceHttp,
    ).toEqual({
      url: 'https://k.example.no',
      timeoutMs: 2000,
      auth: {
        kind: 'clientCredentials',
        tokenUrl: 'https://auth.example.no/token',
        clientId: 'lokaler',
        clientSecret: 's3cr3t',
        scope: 'keys:write',
      },
    });
    expect(loadConfig({ ORG_REGISTRY_ADAPTER: 'http', ORG_REGISTRY_URL: 'https://r.example.no/' }).orgRegistryHttp).toEqual({
      url: 'https://r.example.no',
      token: null,
      timeoutMs: 5000,
      enhetsregisteret: { url: 'https://data.brreg.no', timeoutMs: 1500 },
    });
  });
});

function messageOf(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('loadConfig accepted the configuration');
}
