import type { z } from 'zod';
import type { z as zm } from 'zod/mini';
import { apiError } from '@lokaler/domain/api-error';
import { ApiClientError } from './api-client-error';
import { takeBootAnswer } from './boot-data';

/** Header that tells the server which build of the SPA is calling (spec 01 §7). */
export const FRONTEND_VERSION_HEADER = 'X-Frontend-Version';
/** Spec 01 §9: the 401 alert shows once and is then suppressed for 3 seconds. */
export const UNAUTHORIZED_SUPPRESSION_MS = 3000;

export interface ApiClientConfig {
  /** Prefix before /api/… ('' for the same origin, which is how both SPAs are served). */
  baseUrl: string;
  frontendVersion: string;
  /** The current access token, refreshed when it is about to expire; null when logged out. */
  getAccessToken: () => Promise<string | null>;
  /**
   * Called when the server answers 401 to a call that carried a token (the session is gone), with the
   * call's own text for the person when it has one (spec 01 §8: contract signing).
   */
  onUnauthorized: (info: UnauthorizedInfo) => void;
}

export interface UnauthorizedInfo {
  /** The text to show instead of the generic 401 message. */
  message?: string;
}

const defaults: ApiClientConfig = { baseUrl: '', frontendVersion: 'unknown', getAccessToken: async () => null, onUnauthorized: () => {} };
let config: ApiClientConfig = { ...defaults };
let lastUnauthorizedAt = Number.NEGATIVE_INFINITY;

/**
 * Sets parts of the client's configuration. Returns a function that puts back what was there before,
 * for each part nobody has changed since (so providers can mount and unmount in any order).
 */
export function configureApiClient(changes: Partial<ApiClientConfig>): () => void {
  const previous = config;
  config = { ...config, ...changes };
  const applied = config;
  return () => {
    const keys = Object.keys(changes) as (keyof ApiClientConfig)[];
    const restored = { ...config };
    for (const key of keys) {
      if (config[key] === applied[key]) Object.assign(restored, { [key]: previous[key] });
    }
    config = restored;
  };
}

/** Back to the defaults (for tests). */
export function resetApiClient(): void {
  config = { ...defaults };
  lastUnauthorizedAt = Number.NEGATIVE_INFINITY;
}

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Arrays become repeated parameters (?ids=1&ids=2), as the API expects; null/undefined are left out. */
  query?: QueryParams;
  /** Sent as JSON, or as is when it is FormData (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Send the bearer token when logged in (default true). */
  authenticated?: boolean;
  /** What a 401 to this call means for the person, when that differs from the generic message. */
  unauthorizedMessage?: string;
  /** Lets the request outlive the page (sent from `pagehide`, when the tab closes). */
  keepalive?: boolean;
}

export function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== null && v !== undefined) params.append(key, String(v));
  }
  const qs = params.toString();
  return `${config.baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * Calls the API: sends cookies and the frontend version, the bearer token when logged in, and turns
 * every failure into an ApiClientError. With a schema the answer is validated and typed by it.
 */
/** An answer's schema: zod's, or zod/mini's (the schemas every page's first calls use). */
export type AnswerSchema = z.ZodType | zm.ZodMiniType;

export async function apiFetch<S extends AnswerSchema>(path: string, request: ApiRequest & { schema: S }): Promise<z.output<S>>;
export async function apiFetch(path: string, request?: ApiRequest): Promise<unknown>;
export async function apiFetch(path: string, request: ApiRequest & { schema?: AnswerSchema } = {}): Promise<unknown> {
  const headers = new Headers({ Accept: 'application/json', [FRONTEND_VERSION_HEADER]: config.frontendVersion });
  const token = request.authenticated === false ? null : await config.getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }

  const url = buildUrl(path, request.query);
  // A page's first public data may have come with index.html (boot-data.ts): the anonymous answer, once.
  if (!token && (request.method ?? 'GET') === 'GET') {
    const answer = takeBootAnswer(url);
    if (answer !== undefined) return parsedAnswer(path, 200, answer, request.schema);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: request.signal,
      keepalive: request.keepalive,
    });
  } catch (error) {
    // A cancelled request is not a failure to show; TanStack Query and callers expect the AbortError itself.
    if (request.signal?.aborted) throw error;
    throw new ApiClientError({ kind: 'network', message: `Network error calling ${path}`, cause: error });
  }

  if (!response.ok) throw await errorFromResponse(path, response, Boolean(token), request.unauthorizedMessage);
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ApiClientError({ kind: 'invalid-response', status: response.status, message: `Answer of ${path} is not JSON`, cause: error });
  }
  return parsedAnswer(path, response.status, json, request.schema);
}

function parsedAnswer(path: string, status: number, json: unknown, schema: AnswerSchema | undefined): unknown {
  if (!schema) return json;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiClientError({
      kind: 'invalid-response',
      status,
      message: `Answer of ${path} does not match its schema: ${parsed.error.message}`,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/**
 * A file from the API (GET, with the bearer token), as a Blob with the name its Content-Disposition
 * gives; failures are ApiClientErrors as with apiFetch.
 */
export async function apiFetchFile(
  path: string,
  request: Pick<ApiRequest, 'signal'> = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const headers = new Headers({ [FRONTEND_VERSION_HEADER]: config.frontendVersion });
  const token = await config.getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(buildUrl(path), { headers, credentials: 'same-origin', signal: request.signal });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiClientError({ kind: 'network', message: `Network error calling ${path}`, cause: error });
  }
  if (!response.ok) throw await errorFromResponse(path, response, Boolean(token));
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
}

/** The file name of a Content-Disposition header: filename* (UTF-8) before filename. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

async function errorFromResponse(
  path: string,
  response: Response,
  sentToken: boolean,
  unauthorizedMessage?: string,
): Promise<ApiClientError> {
  if (response.status === 401 && sentToken) notifyUnauthorized({ message: unauthorizedMessage });
  let parsedBody: ReturnType<typeof apiError.safeParse> | undefined;
  try {
    parsedBody = apiError.safeParse(JSON.parse(await response.text()));
  } catch {
    parsedBody = undefined;
  }
  const body = parsedBody?.success ? parsedBody.data : undefined;
  return new ApiClientError({ kind: 'http', status: response.status, body, message: body?.msg ?? `HTTP ${response.status} from ${path}` });
}

function notifyUnauthorized(info: UnauthorizedInfo): void {
  const now = Date.now();
  if (now - lastUnauthorizedAt < UNAUTHORIZED_SUPPRESSION_MS) return;
  lastUnauthorizedAt = now;
  config.onUnauthorized(info);
}
