import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverAreas } from '../../../../scripts/server-areas.mjs';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { buildFakeSpas, type BuiltSpas } from '../../test/spa-folders';
import { createTestDatabase } from '../../test/test-db';
import { routePluginAreas } from './openapi-areas';
import type { OpenApiJson } from './openapi-document';
import { operationIdOf, summaryOf } from './openapi-operations';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
  parameters?: { in: string }[];
}

/** Every operation of the document, with its method and path. */
function operationsOf(doc: OpenApiJson): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method, path: p, op: op as unknown as Operation })),
  );
}

/**
 * The served document as an integrator's tools read it (decision 059): Redocly's recommended ruleset
 * (redocly.yaml) finds nothing, every operation has its operationId, summary, area tag, security and
 * error answers, the SPAs' routes stay out, and the domain's main schemas are named components.
 */
describe('the OpenAPI document (decision 059)', () => {
  let database: Database;
  let spas: BuiltSpas;
  let app: App;
  let doc: OpenApiJson;

  beforeAll(async () => {
    database = await createTestDatabase();
    spas = buildFakeSpas();
    const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', LOG_LEVEL: 'silent', API_DOCS_ADMIN: 'public' });
    app = await buildApp({ config, database, logger: false, jobs: { run: false }, serveSpas: spas });
    await app.ready();
    doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApiJson>();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    spas.remove();
  });

  it("passes Redocly's recommended ruleset with 0 errors and 0 warnings (redocly.yaml's exceptions aside)", () => {
    expect(doc.openapi).toBe('3.1.0');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const cli = path.join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js');
    const run = spawnSync(process.execPath, [cli, 'lint', file, '--config', path.join(repoRoot, 'redocly.yaml'), '--format=json'], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    fs.rmSync(dir, { recursive: true, force: true });
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("leaves the SPAs' routes (/, /{*}, /admin/, /admin/{*}) and everything outside /api out", () => {
    expect(app.hasRoute({ method: 'GET', url: '/*' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/admin/*' })).toBe(true);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });

  it('gives every operation a unique operationId by the rule, a summary, its area tag, its security and its 4xx answers in ApiError', () => {
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(140);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const access = new Map(app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    const areaNames = serverAreas.map((a) => a.name);
    expect((doc.tags as { name: string }[]).map((t) => t.name)).toEqual(areaNames);
    for (const { method, path: p, op } of ops) {
      const where = `${method.toUpperCase()} ${p}`;
      const url = p.replace(/\{(\w+)\}/g, ':$1');
      expect(op.operationId, where).toBe(operationIdOf(method, url));
      expect(op.summary?.length, where).toBeGreaterThan(3);
      expect(op.summary!.length, where).toBeLessThanOrEqual(82);
      expect(op.tags, where).toHaveLength(1);
      expect(areaNames, where).toContain(op.tags![0]);
      const level = access.get(`${method.toUpperCase()} ${url}`);
      if (level === 'public') expect(op.security, where).toEqual([]);
      else expect(op.security, where).toContainEqual({ bearer: [] });
      const errors = Object.keys(op.responses).filter((s) => /^4\d\d$/.test(s));
      expect(errors, where).toContain('400');
      if (level !== 'public') expect(errors, where).toContain('401');
      if (p.includes('{')) expect(errors, where).toContain('404');
      for (const status of errors) {
        expect(op.responses[status]!.content?.['application/json']?.schema?.$ref, `${where} ${status}`).toBe(
          '#/components/schemas/ApiError',
        );
      }
    }
  });

  it('pins the operationIds integrators call (a renamed one breaks their generated clients)', () => {
    const idOf = (method: string, p: string) => (doc.paths[p]?.[method] as Operation | undefined)?.operationId;
    expect(idOf('post', '/api/booking')).toBe('postBooking');
    expect(idOf('get', '/api/booking/{id}')).toBe('getBookingById');
    expect(idOf('get', '/api/location')).toBe('getLocation');
    expect(idOf('get', '/api/search/assets/{locationId}/repeating')).toBe('getSearchAssetsByLocationIdRepeating');
    expect(idOf('get', '/api/client-settings/idporten.json')).toBe('getClientSettingsIdportenJson');
    expect(operationIdOf('PUT', '/api/booking/:id/rejectasset/:assetId')).toBe('putBookingByIdRejectassetByAssetId');
  });

  it('cuts a summary at its first clause, at most 80 characters', () => {
    expect(summaryOf('One location, with its status (UNPUBLISHED and DELETED included)', 'GET', '/api/location/:id')).toBe(
      'One location, with its status',
    );
    expect(summaryOf('Liveness: the process answers', 'GET', '/api/health')).toBe('Liveness');
    expect(summaryOf(undefined, 'GET', '/api/x')).toBe('GET /api/x');
    expect(summaryOf('word '.repeat(30), 'GET', '/api/x').length).toBeLessThanOrEqual(82);
  });

  it("names the domain's reusable schemas as components and refers to them", () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual(
      expect.arrayContaining([
        'ApiError',
        'Booking',
        'Reservation',
        'Location',
        'BookableAsset',
        'Timeslot',
        'AssetSchedule',
        'Tag',
        'BookingCreated',
      ]),
    );
    const ref = (method: string, p: string, status: string) =>
      JSON.stringify((doc.paths[p]?.[method] as unknown as Operation).responses[status]?.content?.['application/json']?.schema);
    expect(ref('get', '/api/user/booking/{id}', '200')).toContain('#/components/schemas/Booking"');
    expect(ref('get', '/api/bookableasset/{id}', '200')).toContain('#/components/schemas/BookableAsset"');
    expect(ref('post', '/api/booking', '201')).toContain('#/components/schemas/BookingCreated"');
  });

  it("names every area's route plugins in the area table, and only those", async () => {
    const exported: Record<string, string> = {};
    for (const area of serverAreas) {
      const index = (await import(`../${area.name}/index.ts`)) as Record<string, unknown>;
      for (const name of Object.keys(index).filter((n) => n.endsWith('Routes'))) exported[name] = area.name;
    }
    expect(routePluginAreas).toEqual(exported);
  });
});
