import { get, type FieldErrors, type FieldValues } from 'react-hook-form';

/** The DOM id of a field: the form's prefix and the path, so a summary link and the field agree. */
export const fieldId = (prefix: string, path: string) => `${prefix}-${path.replace(/\./g, '-')}`;

/** The message react-hook-form holds for a path ('periods.0.toDate'), if any. */
export function errorAt<T extends FieldValues>(errors: FieldErrors<T>, path: string): string | undefined {
  const message: unknown = (get(errors, path) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}
