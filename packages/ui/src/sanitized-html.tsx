import DOMPurify from 'dompurify';

/**
 * Info texts written by administrators (about texts, information messages) are HTML. Spec 01 §5:
 * only a, p, br, b, ul, li and h1–h3 survive, and links open in a new tab.
 */
export const ALLOWED_TAGS = ['a', 'p', 'br', 'b', 'ul', 'li', 'h1', 'h2', 'h3'] as const;

// An instance of its own: the link hook must not change how other code uses DOMPurify.
let purifier: ReturnType<typeof DOMPurify> | undefined;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      // The opened page gets no handle on this one (reverse tabnabbing).
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, { ALLOWED_TAGS: [...ALLOWED_TAGS], ALLOWED_ATTR: ['href', 'target', 'rel'] });
}

/** Administrator-written HTML, sanitised. A div, so the text's own paragraphs and lists are valid inside it. */
export function SanitizedHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div className={className ? `lk-rich-text ${className}` : 'lk-rich-text'} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
  );
}
