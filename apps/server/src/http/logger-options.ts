import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { jobRunFields } from '../observability/job-context';
import { redactText, redactUrl, redactValue } from './redact-personal-data';

/**
 * The server's pino options. Personal data never reaches a log: no headers, bodies or query
 * strings of requests, and every string that is logged (messages, fields, error messages and
 * stacks, URLs) goes through the redactor, because a database error or a job's failure can quote
 * an e-mail address, a phone number or a national identity number.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    // A background job's lines name the job and its run (requests have their reqId binding instead).
    mixin: jobRunFields,
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: (error: Error) => redactValue(serializeError(error)) as { type: string; message: string; stack: string },
    },
    // Belt and braces: these never leave the req serializer above, should another one log them.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
    formatters: { log: (object: Record<string, unknown>) => redactValue(object) as Record<string, unknown> },
    hooks: {
      // The message (and any format arguments) of every log call.
      logMethod(this: unknown, args: unknown[], method: { apply(thisArg: unknown, args: unknown[]): void }) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
        );
      },
    },
  };
}

/** An error as plain data (pino's standard shape: type, message, stack, own fields, cause), for redactValue. */
function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const fields: Record<string, unknown> = { type: error.constructor.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (!(key in fields)) fields[key] = value instanceof Error ? serializeError(value, depth + 1) : value;
  }
  if (error.cause !== undefined && depth < 3) fields.cause = serializeError(error.cause, depth + 1);
  return fields;
}
