import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@lokaler/domain/api-error';
import { AppError } from '../errors';

/**
 * PostgreSQL's text cannot hold the NUL character: a NUL in any text of a request would reach the
 * database as an error (a 500). So the API refuses it up front, as a 400 naming where it was, for
 * every route under /api: in the path, the query and the parsed body (a raw upload, a Buffer or a
 * stream, is left to its route).
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const where = nulIn('params', request.params) ?? nulIn('querystring', request.query) ?? nulIn('body', request.body);
    if (where !== undefined) throw refusal(where);
  });
}

function refusal(path: string): AppError {
  return new AppError('VALIDATION', `${path} contains a NUL character`, messages.invalidInput, {
    fields: [{ path, message: 'Ugyldig tegn' }],
  });
}

/** The path of the first string holding NUL, walking plain objects and arrays only. */
function nulIn(root: string, value: FastifyRequest['body']): string | undefined {
  const pending: [string, unknown][] = [[root, value]];
  while (pending.length > 0) {
    const [path, item] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => pending.push([`${path}.${i}`, child]));
    } else if (item !== null && typeof item === 'object' && isParsed(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return `${path}.${key}`;
        pending.push([`${path}.${key}`, child]);
      }
    }
  }
  return undefined;
}

/** Parsed JSON, a query or path object (the query's has a prototype of its own), not a raw upload or a stream. */
function isParsed(item: object): boolean {
  return !ArrayBuffer.isView(item) && !(item instanceof ArrayBuffer) && typeof (item as { pipe?: unknown }).pipe !== 'function';
}
