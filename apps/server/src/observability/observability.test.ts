import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { loggerOptions } from '../http/logger-options';
import { enqueueMail } from '../integrations/mail/outbox';
import { testCitizens } from '../seed/test-users';
import { createTestDatabase } from '../../test/test-db';
import { bearer, loginAs } from '../../test/login';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-test-server';
import { createAsset, createLocation } from '../../test/factories/places';
import { addFlow, inDays, setOpeningHours } from '../../test/factories/calendar';

/**
 * Decision 034: what an operations team sees. The series are read the way Prometheus reads
 * them (GET /metrics with the token, or the separate port), the log lines the way a log shipper
 * reads them (pino's JSON lines from the app's own logger options).
 */

type LogLine = Record<string, unknown> & { level: number; msg: string };
const WARN = 40;
const ERROR = 50;
const TOKEN = 'metrics-token-for-the-observability-test';

interface ObservedApp {
  app: App;
  lines: LogLine[];
}

let database: Database;
const apps: App[] = [];

async function observedApp(env: Record<string, string> = {}): Promise<ObservedApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: '3000', HOST: '127.0.0.1', ...env });
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  const app = await buildApp({ config, database, logger: { ...loggerOptions(config), stream }, jobs: { run: false } });
  apps.push(app);
  await app.ready();
  return { app, lines };
}

/** The value of one sample line of the exposition text, e.g. `lokaler_http_requests_total{method="POST",…}`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=[a-z_]+=")/);
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return 0;
}

const scrape = async (app: App) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

describe('metrics', () => {
  let observed: ObservedApp;
  let gym: number;
  let token: string;
  const day = inDays(14);
  const booking = () => ({
    availabilityData: {
      probablyAvailable: [
        { bookableAssetId: gym, datesAndTimes: [{ date: day, startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: null }] },
      ],
    },
    isRepeating: false,
    bookingPortalClient: 'PUBLIC',
    bookingPurpose: 'PUBLICUSER_LOAN',
    formAnswers: {
      activity: 'Innebandy',
      purpose: 'Trening',
      participants: 12,
      contactEmail: 'kari.nordmann@example.no',
      contactPhone: '412 34 567',
      message: '',
    },
  });

  beforeAll(async () => {
    observed = await observedApp({ METRICS_TOKEN: TOKEN });
    const db = database.db;
    const school = await addFlow(db, 'school');
    const location = await createLocation(db, { name: 'Sagene skole', behandlingstid: 3, minBookingDurationMinutes: 30 });
    await setOpeningHours(db, location.id, '16:00', '22:00');
    gym = (await createAsset(db, location.id, { name: 'Gymsal', bookingFlowId: school.id })).id;
    token = (await loginAs(observed.app, testCitizens[0]!)).accessToken;
  });

  it('after a booking the request series of its route pattern change, and a second booking of the time counts a conflict', async () => {
    const labels = { method: 'POST', route: '/api/booking', status: '201' };
    const before = await scrape(observed.app);
    expect(sample(before, 'lokaler_http_requests_total', labels)).toBe(0);

    const first = await observed.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(token), payload: booking() });
    expect(first.statusCode, first.body).toBe(201);
    const after = await scrape(observed.app);
    expect(sample(after, 'lokaler_http_requests_total', labels)).toBe(1);
    expect(sample(after, 'lokaler_http_request_duration_seconds_count', labels)).toBe(1);
    expect(sample(after, 'lokaler_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    expect(sample(after, 'lokaler_booking_conflicts_total', { route: '/api/booking', code: 'BOOKING_CONFLICT' })).toBe(0);

    const second = await observed.app.inject({ method: 'POST', url: '/api/booking', headers: bearer(token), payload: booking() });
    expect(second.statusCode, second.body).toBe(409);
    const conflicted = await scrape(observed.app);
    expect(sample(conflicted, 'lokaler_booking_conflicts_total', { route: '/api/booking', code: 'BOOKING_CONFLICT' })).toBe(1);
    expect(sample(conflicted, 'lokaler_http_requests_total', { method: 'POST', route: '/api/booking', status: '409' })).toBe(1);
  });

  it('labels a request by its route pattern, never its URL, and lumps unknown paths together', async () => {
    await observed.app.inject({ method: 'GET', url: `/api/location/${gym}?x=kari.nordmann@example.no` });
    await observed.app.inject({ method: 'GET', url: '/api/no/such/path/12345678901' });
    const text = await scrape(observed.app);
    expect(sample(text, 'lokaler_http_requests_total', { method: 'GET', route: '/api/location/:id' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'lokaler_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toContain('12345678901');
    expect(text).not.toContain('example.no');
  });

  it('reports the database pool and the process', async () => {
    const text = await scrape(observed.app);
    expect(sample(text, 'lokaler_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^lokaler_db_pool_waiting_requests \d+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('on the main port answers only the configured bearer token: 401 otherwise, 404 when no token is configured', async () => {
    const none = await observed.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(none.body).not.toContain('lokaler_');
    const wrong = await observed.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);

    const { app: withoutToken } = await observedApp();
    const absent = await withoutToken.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(absent.statusCode).toBe(404);
    expect(absent.body).not.toContain('lokaler_');
  });

  it('with METRICS_PORT serves them on a port of their own, without a token, and nothing else there', async () => {
    const { app } = await observedApp({ METRICS_PORT: '0' });
    await app.inject({ method: 'GET', url: '/api/health' });
    const port = app.metricsServer.port;
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(sample(text, 'lokaler_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    // The main port keeps /metrics closed: no token is configured.
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await app.close();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('request ids', () => {
  let observed: ObservedApp;
  beforeAll(async () => {
    observed = await observedApp();
  });
  beforeEach(() => {
    observed.lines.length = 0;
  });

  /** The lines of one request (nothing else runs meanwhile: the job runner is off), and its answer. */
  async function request(headers: Record<string, string>, url = '/api/health') {
    const res = await observed.app.inject({ method: 'GET', url, headers });
    expect(observed.lines.length).toBeGreaterThanOrEqual(2);
    return { res, ids: observed.lines.map((line) => line.reqId) };
  }

  it('takes a sane X-Request-Id: it is in every log line of the request and in the answer', async () => {
    const { res, ids } = await request({ 'x-request-id': 'lb-7f3a9c2e-0001' });
    expect(res.headers['x-request-id']).toBe('lb-7f3a9c2e-0001');
    expect(ids.every((id) => id === 'lb-7f3a9c2e-0001')).toBe(true);
  });

  it("takes a traceparent's trace id before an X-Request-Id", async () => {
    const { res, ids } = await request({
      traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      'x-request-id': 'from-the-load-balancer',
    });
    expect(res.headers['x-request-id']).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(ids.every((id) => id === '4bf92f3577b34da6a3ce929d0e0e4736')).toBe(true);
  });

  it('makes one up when none is sent, or when what is sent is not a sane id, and puts it on refusals too', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const cases: Record<string, string>[] = [
      {},
      { 'x-request-id': 'x'.repeat(129) },
      { 'x-request-id': 'two words' },
      { 'x-request-id': 'kari.nordmann@example.no' },
      { 'x-request-id': '01017012345' },
      { traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' },
    ];
    for (const headers of cases) {
      observed.lines.length = 0;
      const { res, ids } = await request(headers);
      const id = res.headers['x-request-id'] as string;
      expect(id, JSON.stringify(headers)).toMatch(uuid);
      expect(ids.every((logged) => logged === id)).toBe(true);
    }
    observed.lines.length = 0;
    const refused = await request({ 'x-request-id': 'refused-request-1' }, '/api/user/booking');
    expect(refused.res.statusCode).toBe(401);
    expect(refused.res.headers['x-request-id']).toBe('refused-request-1');
    expect(refused.ids.every((id) => id === 'refused-request-1')).toBe(true);
  });
});

describe('warnings from background work', () => {
  let smtp: TestSmtpServer;
  let observed: ObservedApp;
  const recipient = 'ola.nordmann@example.no';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    observed = await observedApp({
      METRICS_TOKEN: TOKEN,
      MAIL_ADAPTER: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_REQUIRE_TLS: 'false',
      MAIL_FROM: 'Lokaler <ikke-svar@lokaler.example.no>',
    });
  });
  afterAll(() => smtp.close());

  const queue = (subject: string) =>
    enqueueMail(database.db, { to: recipient, subject, text: 'Hemmelig innhold', topic: { kind: 'test' } });

  it('a relay that refuses every message: a warning per retried attempt, an error when given up, and a rising backlog', async () => {
    await database.db.execute(sql`truncate mail_outbox restart identity`);
    smtp.refuseNext(451);
    await queue('Første melding');
    const start = await scrape(observed.app);
    expect(sample(start, 'lokaler_outbox_unsent_messages')).toBe(1);

    observed.lines.length = 0;
    expect(await observed.app.flushMail()).toEqual({ sent: 0, failed: 1 });
    const warning = observed.lines.find((line) => line.level === WARN);
    expect(warning).toMatchObject({ outboxId: 1, attempt: 1, retryInMinutes: 1, job: 'deliver-mail' });
    expect(warning!.reason).toMatch(/^451\b/);
    expect(warning!.msg).toContain('451');
    expect(warning!.runId).toMatch(/^[0-9a-f]{12}$/);

    // Still refused an hour later, with one more message waiting: the backlog and its age grow.
    await queue('Andre melding');
    await database.db.execute(sql`update mail_outbox set created_at = created_at - interval '1 hour', next_attempt_at = now()`);
    smtp.refuseNext(451, 451);
    expect(await observed.app.flushMail()).toEqual({ sent: 0, failed: 2 });
    const later = await scrape(observed.app);
    expect(sample(later, 'lokaler_outbox_unsent_messages')).toBe(2);
    expect(sample(later, 'lokaler_outbox_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(3600);
    expect(sample(later, 'lokaler_mail_delivery_failures_total', { outcome: 'retry' })).toBe(3);

    // A permanent refusal gives the message up: an error line.
    smtp.refuseNext(550, 550);
    await database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    observed.lines.length = 0;
    await observed.app.flushMail();
    const errors = observed.lines.filter((line) => line.level === ERROR);
    expect(errors.map((line) => line.outboxId).sort()).toEqual([1, 2]);
    expect(errors[0]!.reason).toMatch(/^550\b/);
    const end = await scrape(observed.app);
    expect(sample(end, 'lokaler_outbox_unsent_messages')).toBe(0);
    expect(sample(end, 'lokaler_mail_delivery_failures_total', { outcome: 'given_up' })).toBe(2);
    expect(smtp.received).toEqual([]);
  });

  it('never logs the address, subject or text of a message', () => {
    const text = JSON.stringify(observed.lines);
    for (const secret of [recipient, 'ola.nordmann', 'melding', 'Hemmelig']) expect(text).not.toContain(secret);
  });

  it('a failing job: an error line with the job name and run, and the run, failure and lag series', async () => {
    observed.app.jobs.register({
      name: 'test-always-fails',
      intervalMs: 60_000,
      run: () => Promise.reject(new Error('the register did not answer')),
    });
    observed.lines.length = 0;
    const result = await observed.app.jobs.tick();
    expect(result.failed).toContain('test-always-fails');
    const line = observed.lines.find((l) => l.level === ERROR && l.job === 'test-always-fails');
    expect(line).toMatchObject({ msg: 'job test-always-fails failed', err: { message: 'the register did not answer' } });
    expect(line!.runId).toMatch(/^[0-9a-f]{12}$/);
    const text = await scrape(observed.app);
    expect(sample(text, 'lokaler_job_runs_total', { job: 'test-always-fails' })).toBe(1);
    expect(sample(text, 'lokaler_job_failures_total', { job: 'test-always-fails' })).toBe(1);
    expect(sample(text, 'lokaler_job_lag_seconds_count', { job: 'test-always-fails' })).toBe(1);
    expect(sample(text, 'lokaler_job_runs_total', { job: 'deliver-mail' })).toBeGreaterThanOrEqual(1);
  });
});
