import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { apiError } from '@lokaler/domain/api-error';

/**
 * The response check (decision 060): every JSON answer under /api is validated against the answer its
 * operation documents in the app's own OpenAPI document, so the document cannot drift from the server.
 * Only tests turn it on (API_RESPONSE_CHECK); a mismatch is recorded, never thrown, and the test run fails on it.
 */
export interface ResponseMismatch {
  method: string;
  /** The request's URL as sent, e.g. /api/booking/12?x=1. */
  url: string;
  /** The operation's path in the document's form, e.g. /api/booking/{id}. */
  operation: string;
  status: number;
  kind: 'undocumented-status' | 'undocumented-body' | 'schema';
  errors: Pick<ErrorObject, 'instancePath' | 'keyword' | 'message' | 'params'>[];
}

export type MismatchSink = (mismatch: ResponseMismatch) => void;

interface OpenApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, DocumentedResponse> }>>;
}
interface DocumentedResponse {
  content?: Record<string, { schema?: unknown }>;
}

/** Mismatches recorded in this process by the 'record' sink (the server tests' setup reads and clears it per file). */
export const recordedMismatches: ResponseMismatch[] = [];

/** The sink API_RESPONSE_CHECK names: 'record' keeps them in recordedMismatches, a path appends JSON lines to that file. */
export function mismatchSink(setting: string): MismatchSink {
  if (setting === 'record') return (mismatch) => void recordedMismatches.push(mismatch);
  return (mismatch) => fs.appendFileSync(setting, `${JSON.stringify(mismatch)}\n`);
}

const checked = Symbol('responseCheck');
const DOCUMENT_ID = 'lokaler-openapi.json';

/**
 * Adds the onSend hook that checks each /api JSON answer against the document (decision 060). Register it
 * before compression, so the hook sees the serialised JSON. Registering twice on one app does nothing.
 */
export function registerResponseCheck(app: FastifyInstance, sink: MismatchSink): void {
  const marked = app as FastifyInstance & { [checked]?: true };
  if (marked[checked]) return;
  marked[checked] = true;
  // The app's routes as registered (the hook is added before any of them), to find validators kept for the same routes.
  const routes: string[] = [];
  app.addHook('onRoute', (route) => void routes.push(`${[route.method].flat().join(',')} ${route.url}`));
  let validators: Promise<OperationValidators> | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const target = answerToCheck(request, reply, payload);
    if (!target) return payload;
    // Read once the routes are all registered; an app without its document (API_DOCS_* off) is not checked.
    validators ??= keptValidators(app, routes);
    const mismatch = (await validators).check(target.method, target.route, reply.statusCode, target.body);
    if (mismatch) sink({ ...mismatch, method: target.method, url: request.url, status: reply.statusCode });
    return payload;
  });
}

/**
 * Validators kept per process by the app's route list. Building the document and compiling its validators
 * cost about half a second of CPU per app, and a test run builds hundreds of apps with the same routes. A
 * route's documented answers come from its code, not the app's config, so apps with the same routes share them.
 */
const kept = new Map<string, Promise<OperationValidators>>();
function keptValidators(app: FastifyInstance, routes: readonly string[]): Promise<OperationValidators> {
  const key = `${typeof app.swagger}\n${[...routes].sort().join('\n')}`;
  let found = kept.get(key);
  if (!found) {
    found = OperationValidators.of(app);
    kept.set(key, found);
  }
  return found;
}

interface Target {
  method: string;
  route: string;
  body: unknown;
}

/** The answer's parsed JSON body and operation, or undefined when there is nothing to check. */
function answerToCheck(request: FastifyRequest, reply: FastifyReply, payload: unknown): Target | undefined {
  const route = request.routeOptions.url;
  if (!route?.startsWith('/api/') || route.startsWith('/api/docs') || request.method === 'HEAD') return undefined;
  const type = String(reply.getHeader('content-type') ?? '');
  // Another type (CSV, PDF, calendar files) or no body: only its status is checked.
  // 204 and 304 carry no body on the wire, whatever the serialiser made of the route's null.
  const empty =
    reply.statusCode === 204 ||
    reply.statusCode === 304 ||
    payload === undefined ||
    payload === null ||
    payload === '' ||
    (Buffer.isBuffer(payload) && payload.length === 0);
  if (empty || !/\bjson\b/.test(type)) return { method: request.method, route, body: NO_BODY };
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
  if (text === undefined) return undefined;
  try {
    return { method: request.method, route, body: JSON.parse(text) as unknown };
  } catch {
    return { method: request.method, route, body: NOT_JSON };
  }
}

/** Marks an answer without a JSON body: checked only for a documented status. */
const NO_BODY = Symbol('no body');
/** Marks a body sent as JSON that does not parse: always a mismatch. */
const NOT_JSON = Symbol('not JSON');

type Found = Omit<ResponseMismatch, 'method' | 'url' | 'status'>;

/** The document's response validators, compiled per operation and status on first use and kept. */
class OperationValidators {
  private readonly compiled = new Map<string, ValidateFunction | null>();

  private constructor(
    private readonly document?: OpenApiDocument,
    private readonly ajv?: Ajv2020,
  ) {}

  /**
   * The validators of the app's document. Ajv is a development dependency, loaded only here: the production
   * image has no Ajv and never turns the check on (decision 060).
   */
  static async of(app: FastifyInstance): Promise<OperationValidators> {
    if (typeof app.swagger !== 'function') return new OperationValidators();
    const [{ Ajv2020 }, { default: addFormats }] = await Promise.all([import('ajv/dist/2020.js'), import('ajv-formats')]);
    const document = app.swagger() as OpenApiDocument;
    const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats.default(ajv);
    ajv.addSchema(document as object, DOCUMENT_ID);
    return new OperationValidators(document, ajv);
  }

  /** What is wrong with this answer by the document, or undefined when it agrees (or the operation is not documented). */
  check(method: string, route: string, status: number, body: unknown): Found | undefined {
    if (!this.document || !this.ajv) return undefined;
    const operation = route.replace(/:(\w+)/g, '{$1}');
    const documented = this.document.paths?.[operation]?.[method.toLowerCase()];
    // Hidden routes are not in the document; that the document lists every route is the route table test's.
    if (!documented) return undefined;
    const responses = documented.responses ?? {};
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    if (key === undefined && PLATFORM_STATUSES.has(status)) return platformAnswerMismatch(operation, body);
    if (key === undefined) return { operation, kind: 'undocumented-status', errors: [] };
    if (body === NO_BODY) return undefined;
    if (body === NOT_JSON)
      return { operation, kind: 'schema', errors: [{ instancePath: '', keyword: 'json', message: 'is not JSON', params: {} }] };
    const media = Object.keys(responses[key]?.content ?? {}).find((m) => m.includes('json'));
    if (media === undefined) return { operation, kind: 'undocumented-body', errors: [] };
    const validate = this.validator(operation, method.toLowerCase(), key, media);
    if (!validate || validate(body)) return undefined;
    const errors = (validate.errors ?? []).map(({ instancePath, keyword, message, params }) => ({
      instancePath,
      keyword,
      message,
      params,
    }));
    return { operation, kind: 'schema', errors };
  }

  private validator(operation: string, method: string, status: string, media: string): ValidateFunction | null {
    const pointer = ['paths', operation, method, 'responses', status, 'content', media, 'schema'].map(escapePointer).join('/');
    let validate = this.compiled.get(pointer);
    if (validate === undefined) {
      validate = this.ajv!.compile({ $ref: `${DOCUMENT_ID}#/${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }
}

/**
 * Answers the platform gives on any route, not the route itself: a body over the limit (413) or of a type
 * no parser takes (415), a rate limit (429), a request too slow (408), an unexpected failure (500), the
 * database unreachable (503). An operation need not list them, but the body must be the shared error shape (decision 060).
 */
const PLATFORM_STATUSES = new Set([408, 413, 415, 429, 500, 503]);

function platformAnswerMismatch(operation: string, body: unknown): Found | undefined {
  if (body === NO_BODY) return undefined;
  const parsed = apiError.safeParse(body);
  if (parsed.success) return undefined;
  const errors = parsed.error.issues.map((i) => ({
    instancePath: `/${i.path.join('/')}`,
    keyword: i.code,
    message: i.message,
    params: {},
  }));
  return { operation, kind: 'schema', errors };
}

function escapePointer(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}
