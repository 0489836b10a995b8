import { useEffect, useRef, type ComponentRef, type MouseEvent } from 'react';
import { ErrorSummary } from '@digdir/designsystemet-react';
import type { FieldErrors, FieldValues } from 'react-hook-form';

/** One message of a refused submit: the field's path in the form ('periods.0.toDate') and its text. */
export interface FormMessage {
  path: string;
  message: string;
}

/**
 * Every message in react-hook-form's error tree, in the tree's order (the order of the fields), once
 * each. A list's own message (too many, none chosen) has the list's path; `root` messages are the form's.
 */
export function formMessages<T extends FieldValues>(errors: FieldErrors<T>): FormMessage[] {
  const found: FormMessage[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    // A field's error ({ type, message, ref }); otherwise an object of fields, whose keys may be any
    // field name ('message', 'type').
    const leaf = typeof record.type === 'string' && typeof record.message === 'string';
    if (leaf && record.message) found.push({ path: path.join('.'), message: record.message as string });
    for (const [key, child] of Object.entries(record)) {
      if (key === 'ref' || (leaf && (key === 'message' || key === 'type' || key === 'types'))) continue;
      walk(child, key === 'root' ? path : [...path, key]);
    }
  };
  walk(errors, []);
  return found.filter((m, i) => found.findIndex((o) => o.path === m.path && o.message === m.message) === i);
}

export interface FormErrorSummaryProps<T extends FieldValues> {
  /** react-hook-form's formState.errors. */
  errors: FieldErrors<T>;
  /** react-hook-form's formState.submitCount: the summary shows after a submit and takes the focus on each refused one. */
  submitCount: number;
  /**
   * The DOM id of a path's field, when the form names its fields so; otherwise the field is found by its
   * `name` (what react-hook-form's register and the shared fields set) inside the same form.
   */
  idOf?: (path: string) => string;
  heading?: string;
}

/**
 * Designsystemet's ErrorSummary for a react-hook-form form (decision 020), the one used by every
 * multi-field form: after a refused submit it lists the messages, each a link to its field, and takes
 * the focus (once per submit; the form must not also focus its first field: `shouldFocusError: false`).
 * A link moves the focus to its field. It follows the fields as they are corrected and goes when none is left.
 */
export function FormErrorSummary<T extends FieldValues>({
  errors,
  submitCount,
  idOf,
  heading = 'For å gå videre må du rette opp følgende feil:',
}: FormErrorSummaryProps<T>) {
  const ref = useRef<ComponentRef<typeof ErrorSummary>>(null);
  const messages = submitCount > 0 ? formMessages(errors) : [];
  const shown = messages.length > 0;

  // Each refused submit: the summary first, so a keyboard or screen-reader user starts at the list of what to fix.
  useEffect(() => {
    if (submitCount > 0 && shown) ref.current?.focus();
    // Only a new submit moves the focus, not the list changing while the person corrects the fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);

  if (!shown) return null;
  const fieldOf = (path: string, scope: ParentNode): HTMLElement | null => {
    const byId = idOf ? document.getElementById(idOf(path)) : null;
    return byId ?? scope.querySelector<HTMLElement>(`[name="${CSS.escape(path)}"]`);
  };
  // In the order of the fields on the page (a schema reports in its own order); messages without a field last.
  const placed = messages.map((m) => ({ ...m, field: fieldOf(m.path, document) }));
  placed.sort((a, b) =>
    a.field && b.field
      ? a.field.compareDocumentPosition(b.field) & Node.DOCUMENT_POSITION_FOLLOWING
        ? -1
        : 1
      : a.field
        ? -1
        : b.field
          ? 1
          : 0,
  );
  const follow = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const field = fieldOf(path, event.currentTarget.closest('form') ?? document);
    if (!field) return;
    // The browser would only scroll to it (and write the fragment into the app's URL): the field gets the focus.
    event.preventDefault();
    field.scrollIntoView?.({ block: 'center' });
    field.focus();
  };
  return (
    <ErrorSummary ref={ref} tabIndex={-1}>
      <ErrorSummary.Heading>{heading}</ErrorSummary.Heading>
      <ErrorSummary.List>
        {placed.map((m) => (
          <ErrorSummary.Item key={`${m.path}:${m.message}`}>
            <ErrorSummary.Link href={`#${m.field?.id || (idOf ? idOf(m.path) : m.path)}`} onClick={follow(m.path)}>
              {m.message}
            </ErrorSummary.Link>
          </ErrorSummary.Item>
        ))}
      </ErrorSummary.List>
    </ErrorSummary>
  );
}
