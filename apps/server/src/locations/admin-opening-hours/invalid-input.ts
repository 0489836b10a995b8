import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@lokaler/domain/api-error';
import { AppError } from '../../errors';

/**
 * These routes validate with `attachValidation`, so the refusal can carry the schema's own Norwegian
 * message as userMsg ('Åpningstidene overlapper', 'Sluttdato kan ikke være før startdato'…), which
 * the admin app shows as it is; every message stays in `fields`, by path.
 */
export function rejectInvalidInput(request: FastifyRequest): void {
  const error: unknown = request.validationError;
  if (!error) return;
  const context = (error as { validationContext?: string }).validationContext ?? 'body';
  const fields = hasZodFastifySchemaValidationErrors(error)
    ? error.validation.map((v) => ({
        path: [context, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? messages.invalidInput,
      }))
    : [];
  throw new AppError(
    'VALIDATION',
    `Invalid ${context}: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`,
    fields[0]?.message ?? messages.invalidInput,
    { fields },
  );
}
