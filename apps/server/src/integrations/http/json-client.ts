import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@lokaler/domain/api-error';
import { AppError } from '../../errors';

export interface JsonCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The path as logged: without query values or identifiers that could name a person. */
  logPath: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A form body instead (an OAuth token endpoint). */
  form?: URLSearchParams;
  /** Statuses besides 2xx that are an answer, not a failure (a DELETE's 404). */
  alsoOk?: readonly number[];
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/**
 * One call of an external service (key service, organisation register) with a deadline. Every failure
 * (no answer in time, connection refused, 4xx, 5xx, a body that is not JSON) is logged at warn with the
 * service, method, path and reason, never the body (it may carry a phone number), and thrown as a 503
 * AppError: the caller (a job) retries later, or the citizen is told to try again.
 */
export async function callJson(service: string, log: FastifyBaseLogger, timeoutMs: number, call: JsonCall): Promise<JsonAnswer> {
  const fail = (reason: string, cause?: unknown): AppError => {
    log.warn({ service, method: call.method, path: call.logPath, reason }, `${service}: ${call.method} ${call.logPath} failed: ${reason}`);
    const error = new AppError('SERVICE_UNAVAILABLE', `${service} is unavailable: ${reason}`, messages.technical);
    if (cause !== undefined) error.cause = cause;
    return error;
  };
  const body = call.form ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  const contentType = call.form ? 'application/x-www-form-urlencoded' : 'application/json';
  let response: Response;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': contentType }), ...call.headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw fail(timedOut ? `no answer within ${timeoutMs} ms` : `no connection (${describe(error)})`, error);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok && !call.alsoOk?.includes(response.status)) throw fail(`answered ${response.status}`);
  if (text === '') return { status: response.status, body: null };
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw fail(`answered ${response.status} with a body that is not JSON`);
  }
}

/** The invalid shape of an answer, as the same logged 503. */
export function badAnswer(service: string, log: FastifyBaseLogger, call: Pick<JsonCall, 'method' | 'logPath'>, detail: string): AppError {
  const reason = `unexpected answer (${detail})`;
  log.warn({ service, method: call.method, path: call.logPath, reason }, `${service}: ${call.method} ${call.logPath} failed: ${reason}`);
  return new AppError('SERVICE_UNAVAILABLE', `${service} is unavailable: ${reason}`, messages.technical);
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? ('code' in cause && typeof cause.code === 'string' ? cause.code : cause.message) : String(cause);
}
