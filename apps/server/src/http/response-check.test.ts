import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import swagger from '@fastify/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { productionEnv } from '../../test/production-env';
import { createAsset, createLocation } from '../../test/factories/places';
import { useTestApp } from '../../test/test-app';
import { mismatchSink, recordedMismatches, type ResponseMismatch } from './response-check';

/** The mismatches recorded since the last call, taken out so the file's own check (the setup's afterAll) passes. */
const takeRecorded = (): ResponseMismatch[] => recordedMismatches.splice(0);

/**
 * The response check (decision 060): the server tests' setup adds it to every app a file builds, so this
 * app, which answers against its own document on purpose, records what a client would have been told wrongly.
 */
describe('the response check', () => {
  let app: FastifyInstance;
  const thing = { type: 'object', properties: { name: { type: 'string' }, size: { type: ['integer', 'null'] } }, required: ['name'] };

  beforeAll(async () => {
    app = Fastify();
    await app.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } } });
    const json = (body: string) => async (_: unknown, reply: { type(t: string): { send(b: string): unknown } }) =>
      reply.type('application/json; charset=utf-8').send(body);
    app.get('/api/thing', { schema: { response: { 200: thing } } }, json('{"name":"a","size":null}'));
    app.get('/api/wrong-thing', { schema: { response: { 200: thing } } }, json('{"size":"big"}'));
    app.get('/api/teapot/:id', { schema: { response: { 200: thing } } }, async (_, reply) =>
      (reply as FastifyReply).code(418).send({ name: 'tea' }),
    );
    app.get('/api/garbled', { schema: { response: { 200: thing } } }, json('{"name":'));
    app.get('/api/hidden', { schema: { hide: true } }, json('{"whatever":1}'));
    await app.ready();
    takeRecorded();
  });
  afterAll(() => app.close());

  it('records nothing for an answer its operation documents', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/thing' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/hidden' })).statusCode).toBe(200);
    expect(takeRecorded()).toEqual([]);
  });

  it('records a body that breaks the documented schema, with what is wrong where', async () => {
    await app.inject({ method: 'GET', url: '/api/wrong-thing?x=1' });
    const [mismatch, ...rest] = takeRecorded();
    expect(rest).toEqual([]);
    expect(mismatch).toMatchObject({
      method: 'GET',
      url: '/api/wrong-thing?x=1',
      operation: '/api/wrong-thing',
      status: 200,
      kind: 'schema',
    });
    expect(mismatch!.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ keyword: 'required', params: { missingProperty: 'name' } }),
        expect.objectContaining({ instancePath: '/size', keyword: 'type' }),
      ]),
    );
  });

  it('records a body sent as JSON that is not JSON', async () => {
    await app.inject({ method: 'GET', url: '/api/garbled' });
    expect(takeRecorded()).toMatchObject([{ operation: '/api/garbled', kind: 'schema', errors: [{ message: 'is not JSON' }] }]);
  });

  it('records a status the operation does not document, by its path in the document’s form', async () => {
    await app.inject({ method: 'GET', url: '/api/teapot/7' });
    expect(takeRecorded()).toEqual([
      { method: 'GET', url: '/api/teapot/7', operation: '/api/teapot/{id}', status: 418, kind: 'undocumented-status', errors: [] },
    ]);
  });

  it('accepts the platform’s own answers (413, 429, 500, 503) undocumented, but only in the shared error shape', async () => {
    const shaped = Fastify();
    await shaped.register(swagger, { openapi: { openapi: '3.1.0', info: { title: 't', version: '1' } } });
    shaped.get('/api/busy', { schema: { response: { 200: thing } } }, async (_, reply) =>
      (reply as FastifyReply).code(503).send({ code: 'DATABASE_UNAVAILABLE', msg: 'down' }),
    );
    shaped.get('/api/broken', { schema: { response: { 200: thing } } }, async (_, reply) =>
      (reply as FastifyReply).code(500).send({ oops: true }),
    );
    await shaped.inject({ method: 'GET', url: '/api/busy' });
    await shaped.inject({ method: 'GET', url: '/api/broken' });
    await shaped.close();
    expect(takeRecorded().map((m) => `${m.status} ${m.kind} ${m.errors.map((e) => e.instancePath).join(',')}`)).toEqual([
      '500 schema /msg,/code',
    ]);
  });

  it('appends each mismatch as a JSON line to the file API_RESPONSE_CHECK names (the e2e server’s)', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'response-check-')), 'mismatches.jsonl');
    const sink = mismatchSink(file);
    const mismatch: ResponseMismatch = { method: 'GET', url: '/api/x', operation: '/api/x', status: 200, kind: 'schema', errors: [] };
    sink(mismatch);
    sink({ ...mismatch, status: 404 });
    expect(
      fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as ResponseMismatch).status),
    ).toEqual([200, 404]);
  });

  it('is a setting for tests: record or an absolute path, refused in production', () => {
    expect(loadConfig({}).responseCheck).toBeNull();
    expect(loadConfig({ API_RESPONSE_CHECK: 'record' }).responseCheck).toBe('record');
    expect(() => loadConfig({ API_RESPONSE_CHECK: 'mismatches.jsonl' })).toThrow(/API_RESPONSE_CHECK: must be record or an absolute/);
    expect(() => loadConfig({ ...productionEnv, API_RESPONSE_CHECK: 'record' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...productionEnv, API_RESPONSE_CHECK: 'record' })).toThrow(/API_RESPONSE_CHECK: for tests only/);
  });
});

/** Schemas in a document that admit null by their type but whose enum refuses it (3.0's `nullable` beside an enum). */
function enumsRefusingNull(node: unknown, at = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => enumsRefusingNull(item, `${at}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  const schema = node as { enum?: unknown[]; type?: unknown; nullable?: boolean };
  const admitsNull = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));
  const own = schema.enum && admitsNull && !schema.enum.includes(null) ? [at] : [];
  return [...own, ...Object.entries(node).flatMap(([key, value]) => enumsRefusingNull(value, `${at}/${key}`))];
}

/** The real app's document and the issue's cases (decision 060). */
describe('the real app', () => {
  const ctx = useTestApp();

  it('documents no nullable enum that refuses null, and no 3.0 `nullable`', async () => {
    const text = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
    expect(enumsRefusingNull(JSON.parse(text))).toEqual([]);
    expect(text).not.toContain('"nullable":');
    // The check would have found 3.0's form: an enum of strings beside nullable.
    expect(enumsRefusingNull({ a: { type: 'string', enum: ['A'], nullable: true } })).toEqual(['#/a']);
  });

  // The room page's bounds carried three fields its schema forbids when one room was asked for.

  it('answers the bounds with exactly the documented dates, for one room as for several', async () => {
    const location = await createLocation(ctx.database.db, { behandlingstid: 3 });
    const rooms = [(await createAsset(ctx.database.db, location.id)).id, (await createAsset(ctx.database.db, location.id)).id];
    for (const ids of [rooms.slice(0, 1), rooms]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/bookableasset/calendar?${ids.map((id) => `bookableAssetIds=${id}`).join('&')}`,
      });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json<{ bounds: object }>().bounds).sort()).toEqual(['firstDate', 'lastDate']);
    }
    expect(takeRecorded()).toEqual([]);
  });
});
