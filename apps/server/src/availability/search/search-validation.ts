import type { Checked } from '@lokaler/domain/search-request';
import { AppError } from '../../errors';

/**
 * The value of a search query the form's rules accept, or a 400 naming each field with the form's
 * Norwegian text (spec 01 §5); the first text is the userMsg a client shows.
 */
export function acceptedOrBadRequest<T>(checked: Checked<T>): T {
  if (checked.ok) return checked.value;
  const fields = checked.issues.map((issue) => ({ path: `querystring.${issue.path}`, message: issue.message }));
  throw new AppError('VALIDATION', `Invalid querystring: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`, fields[0]?.message, {
    fields,
  });
}
