import { useMemo, type HTMLAttributes, type Ref } from 'react';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/**
 * Documents the server builds for a booking (contract, decision) are HTML. They are shown only after
 * sanitising them here, with an allow-list per use:
 * - 'document' (on screen): structure, tables and simple emphasis — no links, images, forms, scripts
 *   or styles, no attributes but the table spans;
 * - 'print': spec 02 §5 "Printing" — only headings, paragraphs, lists, tables, div, section, article
 *   and br (the text inside other tags is kept, the tags go).
 * Venue info texts have their own, stricter list in sanitized-html.tsx.
 */
export type DocumentProfile = 'document' | 'print';

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const tables = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

const profiles: Record<DocumentProfile, Config> = {
  document: {
    ALLOWED_TAGS: [
      ...headings,
      ...tables,
      'p',
      'br',
      'hr',
      'ul',
      'ol',
      'li',
      'dl',
      'dt',
      'dd',
      'div',
      'section',
      'article',
      'span',
      'b',
      'strong',
      'i',
      'em',
      'small',
      'sub',
      'sup',
    ],
    ALLOWED_ATTR: ['colspan', 'rowspan', 'scope'],
  },
  print: {
    ALLOWED_TAGS: [...headings, ...tables, 'p', 'ul', 'ol', 'li', 'div', 'section', 'article', 'br'],
    ALLOWED_ATTR: ['colspan', 'rowspan'],
  },
};

// An instance of its own: nothing else's hooks or settings apply to it.
let purifier: DOMPurify | undefined;
const getPurifier = (): DOMPurify => (purifier ??= createDOMPurify(window));

/**
 * The text's headings start at `minLevel` (h1 → h2 under the page's own h1), so the page keeps one
 * h1 and an unbroken heading order.
 */
function shiftHeadings(fragment: DocumentFragment, minLevel: number): void {
  const found = Array.from(fragment.querySelectorAll(headings.join(',')));
  if (found.length === 0) return;
  const top = Math.min(...found.map((h) => Number(h.tagName.slice(1))));
  const shift = Math.max(0, minLevel - top);
  if (shift === 0) return;
  for (const heading of found) {
    const replacement = heading.ownerDocument.createElement(`h${Math.min(6, Number(heading.tagName.slice(1)) + shift)}`);
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }
}

/** The HTML with everything outside the profile's allow-list removed. */
export function sanitizeDocument(html: string, profile: DocumentProfile, options: { minHeadingLevel?: number } = {}): string {
  const fragment = getPurifier().sanitize(html, { ...profiles[profile], RETURN_DOM_FRAGMENT: true });
  if (options.minHeadingLevel) shiftHeadings(fragment, options.minHeadingLevel);
  const container = document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

export interface SanitizedDocumentProps extends Omit<HTMLAttributes<HTMLDivElement>, 'dangerouslySetInnerHTML' | 'children'> {
  html: string;
  minHeadingLevel?: number;
  ref?: Ref<HTMLDivElement>;
}

/** A server-built document, sanitised with the 'document' list, in a div. */
export function SanitizedDocument({ html, minHeadingLevel, ref, ...rest }: SanitizedDocumentProps) {
  const clean = useMemo(() => sanitizeDocument(html, 'document', { minHeadingLevel }), [html, minHeadingLevel]);
  return <div {...rest} ref={ref} dangerouslySetInnerHTML={{ __html: clean }} />;
}
