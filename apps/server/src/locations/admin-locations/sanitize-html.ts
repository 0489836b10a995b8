import { createRequire } from 'node:module';
import createDOMPurify from 'dompurify';

/**
 * Administrators' HTML (a location's information message, its "Om lån og leie" texts) is cleaned
 * here before it is stored (decision 015); the portal cleans it again when it shows it. Allowed: the
 * tags the portal shows (spec 01 §5: a, p, br, b, ul, li, h1–h3) and the ones an editor writes for
 * the same things (strong, em, ol); links only with http(s)/mailto/tel, opening in a new tab.
 */
export const ALLOWED_TAGS = ['p', 'br', 'b', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h1', 'h2', 'h3'];

interface JsdomModule {
  JSDOM: new (html: string) => { window: unknown };
}

let purifier: ReturnType<typeof createDOMPurify> | undefined;

// jsdom is loaded on the first text to clean (not at start: it takes a while), and one window is
// reused. jsdom ships no types and the server compiles without the DOM library, hence the cast.
function getPurifier(): ReturnType<typeof createDOMPurify> {
  if (purifier) return purifier;
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as JsdomModule;
  const instance = createDOMPurify(new JSDOM('').window as Parameters<typeof createDOMPurify>[0]);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      node.setAttribute('target', '_blank');
      // The opened page gets no handle on ours (reverse tabnabbing).
      node.setAttribute('rel', 'noopener');
    }
  });
  purifier = instance;
  return instance;
}

/** Clean HTML, or null when nothing is left of it (a text that was only a script). */
export function sanitizeHtml(html: string | null): string | null {
  if (html === null) return null;
  const clean = getPurifier()
    .sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'], ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:)/i })
    .trim();
  return clean === '' ? null : clean;
}
