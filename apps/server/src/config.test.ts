import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database and the local identity provider on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toMatchObject({ engine: 'pglite' });
    expect(config.oidc).toMatchObject({ local: true, issuer: 'http://localhost:3000/idp', audience: 'http://localhost:3000/api' });
  });

  it('uses PostgreSQL when DATABASE_URL is set, with 20 connections per process unless DATABASE_POOL_SIZE says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/lokaler' }).database).toEqual({ engine: 'postgres', url: 'postgres://u@db:5432/lokaler', maxConnections: 20 });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/lokaler', DATABASE_POOL_SIZE: '8' }).database).toMatchObject({ maxConnections: 8 });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("takes the map's tiles from MAP_TILE_URL: OpenStreetMap by default, none when empty", () => {
    expect(loadConfig({}).map).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', tileAttribution: '© OpenStreetMap-bidragsytere' });
    expect(loadConfig({ MAP_TILE_URL: '', MAP_TILE_ATTRIBUTION: '' }).map).toEqual({ tileUrl: null, tileAttribution: '' });
    expect(loadConfig({ MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }).map.tileUrl).toBe('http://127.0.0.1:9/{z}/{x}/{y}.png');
  });

  it('holds a wedding time 30 minutes unless WEDDING_HOLD_MINUTES says otherwise', () => {
    expect(loadConfig({}).weddingHoldMinutes).toBe(30);
    expect(loadConfig({ WEDDING_HOLD_MINUTES: '45' }).weddingHoldMinutes).toBe(45);
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
  ])('refuses %o with a message that names %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}:`));
  });
});
