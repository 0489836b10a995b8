import { config } from 'zod';

/**
 * Each SPA's entry imports this first, before any schema is built (zod decides then). zod 4 probes
 * with `new Function('')` whether it may compile fast parsers; the Content-Security-Policy
 * (script-src 'self', no 'unsafe-eval') refuses it. zod catches the refusal, but Chromium still
 * reports a CSP violation on every page load (Lighthouse: best practices 96). jitless skips the probe
 * and parses as it would have after a refusal; the server, which has no CSP, keeps the compiled parsers.
 */
config({ jitless: true });
