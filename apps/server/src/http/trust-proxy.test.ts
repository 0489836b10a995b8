import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { queryRows, type Database } from '../db/client';
import { settings } from '../db/schema/settings';
import { SUPPORT_RATE_LIMIT } from '../platform/support/routes';
import { createTestDatabase, truncateAll } from '../../test/test-db';
import { loggerOptions } from './logger-options';

describe('TRUST_PROXY (config)', () => {
  const trustOf = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).http.trustProxy;

  it("trusts no proxy unless told: unset, empty and 0 mean the socket's address is the client's", () => {
    expect(trustOf()).toBe(false);
    expect(trustOf('')).toBe(false);
    expect(trustOf('0')).toBe(false);
  });

  it("takes a hop count or a list of the proxies' addresses", () => {
    expect(trustOf('1')).toBe(1);
    expect(trustOf(' 10.0.0.0/8, 127.0.0.1 ,loopback, fd00::/8 ')).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback', 'fd00::/8']);
  });

  it('refuses "trust everyone" and what is not an address, naming the variable', () => {
    for (const value of ['true', '*', '10.0.0.300', '10.0.0.0/33', 'proxy.example.no', '11']) {
      expect(() => trustOf(value), value).toThrow(/TRUST_PROXY: /);
    }
  });
});

/**
 * A client that writes its own X-Forwarded-For, a new address each time, is still counted by the
 * address the server can vouch for: its socket's, or the one a trusted proxy put last.
 */
describe('a forged X-Forwarded-For', () => {
  let database: Database;
  const logs: Record<string, unknown>[] = [];
  const apps: Record<'none' | 'oneHop' | 'list', App> = {} as never;
  let forged = 0;
  const forgedAddress = () => `203.0.113.${++forged}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    const build = async (env: Record<string, string>, logged = false) => {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: logged ? 'info' : 'silent', PORT: '3000', ...env });
      const logger = logged
        ? { ...loggerOptions(config), stream: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) } }
        : false;
      const app = await buildApp({ config, database, logger, jobs: { run: false } });
      await app.ready();
      return app;
    };
    apps.none = await build({}, true);
    apps.oneHop = await build({ TRUST_PROXY: '1' });
    apps.list = await build({ TRUST_PROXY: '10.0.0.0/8' });
  }, 120_000);
  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
    await database.close();
  });
  beforeEach(async () => {
    await truncateAll(database);
    await database.db.insert(settings).values({ name: 'CONTACT_US', value: 'ENABLED' });
    logs.length = 0;
  });

  const inquiry = { category: 'OTHER', userEmail: 'spam@example.no', message: 'Kjøp billige klokker' };
  const send = (app: App, remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/support',
      remoteAddress,
      payload: inquiry,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
  const mails = async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from mail_outbox`))[0]!.n;

  it('lets no more than the limit through to the support inbox when no proxy is trusted (the default)', async () => {
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push((await send(apps.none, '198.51.100.20', forgedAddress())).statusCode);
    expect(answers).toEqual([...Array<number>(SUPPORT_RATE_LIMIT).fill(201), ...Array<number>(15 - SUPPORT_RATE_LIMIT).fill(429)]);
    expect(await mails()).toBe(SUPPORT_RATE_LIMIT);
    // Another client (another socket) is not affected.
    expect((await send(apps.none, '198.51.100.21')).statusCode).toBe(201);
  });

  it('leaves the log lines as they are without it', async () => {
    await send(apps.none, '198.51.100.30');
    const plain = logs.splice(0);
    const address = forgedAddress();
    await send(apps.none, '198.51.100.30', `${address}, 192.0.2.1`);
    const withForged = logs.splice(0);
    const comparable = (lines: Record<string, unknown>[]) => lines.map(({ time: _t, reqId: _r, responseTime: _rt, ...rest }) => rest);
    expect(plain.length).toBeGreaterThan(0);
    expect(comparable(withForged)).toEqual(comparable(plain));
    expect(JSON.stringify(withForged)).not.toContain(address);
  });

  it('counts by the address a trusted proxy appended, whatever the client wrote before it (TRUST_PROXY=1)', async () => {
    // The load balancer (10.0.0.5) appends the address it saw; the client's own entries come first.
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push((await send(apps.oneHop, '10.0.0.5', `${forgedAddress()}, 198.51.100.40`)).statusCode);
    expect(answers.filter((status) => status === 201)).toHaveLength(SUPPORT_RATE_LIMIT);
    expect(answers.slice(SUPPORT_RATE_LIMIT)).toEqual(Array<number>(15 - SUPPORT_RATE_LIMIT).fill(429));
    // A different client behind the same balancer has its own limit.
    expect((await send(apps.oneHop, '10.0.0.5', '198.51.100.41')).statusCode).toBe(201);
  });

  it('believes X-Forwarded-For only from the listed proxies (TRUST_PROXY=10.0.0.0/8)', async () => {
    // Through the proxy: each real client counted on its own.
    for (let i = 0; i < SUPPORT_RATE_LIMIT; i++) expect((await send(apps.list, '10.1.2.3', '198.51.100.50')).statusCode).toBe(201);
    expect((await send(apps.list, '10.1.2.3', '198.51.100.50')).statusCode).toBe(429);
    expect((await send(apps.list, '10.1.2.3', '198.51.100.51')).statusCode).toBe(201);
    // Straight to the server from outside the list: the header is ignored, the socket is counted.
    const direct = [];
    for (let i = 0; i < 12; i++) direct.push((await send(apps.list, '192.0.2.60', forgedAddress())).statusCode);
    expect(direct.filter((status) => status === 201)).toHaveLength(SUPPORT_RATE_LIMIT);
  });
});
