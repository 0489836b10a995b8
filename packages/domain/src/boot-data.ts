// zod/mini: every page's first download parses this (decision 021; docs/architecture.md, "Code split by route").
import { z } from 'zod/mini';
import { clientSettings } from './client-settings';

/** The id of the element in each SPA's index.html that carries the boot data. */
export const BOOT_DATA_ELEMENT_ID = 'lk-boot';

/**
 * What the server writes into each SPA's index.html as it sends it (decision 026): the public
 * answers the app shell needs before its first render, so they need no request of their own. In a
 * `<script type="application/json">`, which the browser never runs: the CSP (script-src 'self') holds.
 * - `clientSettings`: the app's login configuration (GET /api/client-settings/{kind}.json);
 * - `settings`: each server setting the SPAs read (GET /api/settings?setting=NAME): its value, or null;
 * - `answers`: the public GET answers the requested page asks for first (by path and query), as the
 *   API gives them to an anonymous caller, so the page's data needs no round trip of its own.
 * Without it (the Vite dev server, an old server) the apps ask for both as before.
 */
export const bootData = z.object({
  clientSettings: z.optional(z.object({ kind: z.enum(['idporten', 'admin']), settings: clientSettings })),
  settings: z.record(z.string(), z.nullable(z.string())),
  answers: z.optional(z.record(z.string(), z.unknown())),
});
export type BootData = z.infer<typeof bootData>;

/**
 * The JSON as it may stand inside a script element: `<` is escaped, so no value can close the element
 * (`</script>`) or open a comment; JSON.parse reads `\u003c` back as `<`.
 */
export function bootDataJson(data: BootData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
