import type { ComponentRef, Ref } from 'react';
import { ErrorSummary } from '@digdir/designsystemet-react';
import { get, type FieldErrors, type FieldValues } from 'react-hook-form';

/** One message of a form: the field's path ('standard.3.opens') and the schema's text. */
export interface FormMessage {
  path: string;
  message: string;
}

/**
 * Every message in react-hook-form's error tree, in the tree's order (the order of the fields), so
 * the summary lists what the fields show. A list's own message (too many) has the list's path.
 */
export function flattenErrors<T extends FieldValues>(errors: FieldErrors<T>): FormMessage[] {
  const found: FormMessage[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message && typeof record.type === 'string') {
      found.push({ path: path.join('.'), message: record.message });
    }
    for (const [key, child] of Object.entries(record)) {
      if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
      walk(child, key === 'root' ? path : [...path, key]);
    }
  };
  walk(errors, []);
  return found.filter((m, i) => found.findIndex((o) => o.path === m.path && o.message === m.message) === i);
}

/** The DOM id of a field: the form's prefix and the path, so a summary link and the field agree. */
export const fieldId = (prefix: string, path: string) => `${prefix}-${path.replace(/\./g, '-')}`;

/**
 * The list of a failed submit's messages, each a link to its field (Designsystemet's ErrorSummary);
 * the form focuses it after a refused submit so a keyboard or screen-reader user starts there.
 */
export type ErrorSummaryElement = ComponentRef<typeof ErrorSummary>;

export function FormErrorSummary({ prefix, messages, ref }: { prefix: string; messages: readonly FormMessage[]; ref?: Ref<ErrorSummaryElement> }) {
  if (messages.length === 0) return null;
  return (
    <ErrorSummary ref={ref} tabIndex={-1}>
      <ErrorSummary.Heading>Du må rette opp følgende før du kan lagre:</ErrorSummary.Heading>
      <ErrorSummary.List>
        {messages.map((m) => (
          <ErrorSummary.Item key={`${m.path}:${m.message}`}>
            <ErrorSummary.Link href={`#${fieldId(prefix, m.path)}`}>{m.message}</ErrorSummary.Link>
          </ErrorSummary.Item>
        ))}
      </ErrorSummary.List>
    </ErrorSummary>
  );
}

/** The message react-hook-form holds for a path ('periods.0.toDate'), if any. */
export function errorAt<T extends FieldValues>(errors: FieldErrors<T>, path: string): string | undefined {
  const message: unknown = (get(errors, path) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}
