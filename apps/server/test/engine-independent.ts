import fs from 'node:fs';
import path from 'node:path';

/**
 * Decision 072: the server test files that run once, in `server`, and not again in `server-pg`. The rule: a file
 * whose code (it and every module of the repository it imports, followed through) reaches no database — not the
 * database client (src/db/client.ts), not a driver (pg, PGlite), not the test databases or server processes
 * (test/test-db.ts, test/server-process.ts) — and never reads which engine the run is on (TEST_ENGINE,
 * TEST_DATABASE_URL, or DATABASE_URL from the environment) does the same thing on either engine. engine-independent.test.ts checks every
 * name here against that rule, so a file that starts using the database fails the check instead of silently
 * losing its run on PostgreSQL. Paths from the repository's root.
 */
export const engineIndependentFiles = [
  'apps/server/src/archive/arkivmelding/build-arkivmelding.test.ts',
  'apps/server/src/auth/guards.test.ts',
  'apps/server/src/auth/oidc-config.test.ts',
  'apps/server/src/auth/token-verifier.test.ts',
  'apps/server/src/availability/calendar-feeds/icalendar.test.ts',
  'apps/server/src/availability/open-data/catalogue-csv.test.ts',
  'apps/server/src/availability/search/search-answer-cache-unit.test.ts',
  'apps/server/src/availability/search/to-search-hit.test.ts',
  'apps/server/src/bookings/apply-for-booking/limit-concurrency.test.ts',
  'apps/server/src/casework/invoice-documents/build-ehf-order.test.ts',
  'apps/server/src/casework/invoice-documents/build-ehf.test.ts',
  'apps/server/src/casework/invoice-documents/build-erp-export.test.ts',
  'apps/server/src/config.test.ts',
  'apps/server/src/http/openapi-breaking.test.ts',
  'apps/server/src/http/redact-personal-data.test.ts',
  'apps/server/src/http/server-limits.test.ts',
  'apps/server/src/idp/login-page.test.ts',
  'apps/server/src/integrations/archive/fiks-arkiv-client.test.ts',
  'apps/server/src/integrations/archive/local-archive.test.ts',
  'apps/server/src/integrations/invoicing/http-invoice-delivery.test.ts',
  'apps/server/src/integrations/invoicing/local-invoice-delivery.test.ts',
  'apps/server/src/integrations/key-service/http-key-service.test.ts',
  'apps/server/src/integrations/mail/local-mailer.test.ts',
  'apps/server/src/integrations/mail/mail-config.test.ts',
  'apps/server/src/integrations/org-registry/local-org-registry.test.ts',
  'apps/server/src/integrations/person-register/krr-person-register.test.ts',
  'apps/server/src/keys/oslonokkelen/plan-permission.test.ts',
  'apps/server/src/locations/admin-locations/sanitize-html.test.ts',
  'apps/server/src/weddings/wedding-certificate/inspect-pdf.test.ts',
  'apps/server/src/weddings/wedding-certificate/stream-certificate-body.test.ts',
  'apps/server/test/env-example.test.ts',
];

/** Modules of the repository that are a database, open one or start a server process on one. */
const databaseModules = ['apps/server/src/db/client.ts', 'apps/server/test/test-db.ts', 'apps/server/test/server-process.ts'];
/** Packages that are a database driver. */
const databasePackages = /^(pg|postgres|@electric-sql\/pglite|drizzle-orm\/(pglite|node-postgres|postgres-js))(\/|$)/;
/** Text that reads which engine the run is on (config.ts only names DATABASE_URL among the settings it is given). */
const engineVariables = /\b(TEST_ENGINE|TEST_DATABASE_URL)\b|process\.env\.(DATABASE_URL)\b/;

/** An import or re-export (a type-only one has no effect at run time: group 2 says so), or a dynamic import(). */
const specifiers = /\b(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s*)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repository file a specifier names (relative, or a workspace package's `@lokaler/<name>/<path>`), or undefined for a package. */
function resolve(root: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else if (specifier.startsWith('@lokaler/')) {
    const [, name, ...rest] = specifier.split('/');
    base = path.join(root, 'packages', name!, 'src', ...rest);
  } else return undefined;
  const stem = base.replace(/\.(m?js|tsx?)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mjs`, `${stem}.js`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(root, from)}: cannot find ${specifier}`);
}

/**
 * Why a test file can depend on the database engine: the import chain to the first database module or driver, or
 * the module that reads an engine variable; undefined when nothing it reaches does either. `import type` is not
 * followed (it is gone at run time); an import of types among values is (a stricter check).
 */
export function engineDependence(root: string, testFile: string): string | undefined {
  const seen = new Set<string>();
  const queue: { file: string; chain: string[] }[] = [{ file: path.join(root, testFile), chain: [testFile] }];
  while (queue.length > 0) {
    const { file, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const relative = path.relative(root, file);
    if (databaseModules.includes(relative) && chain.length > 1) return `${chain.join(' → ')} (a database)`;
    const text = fs.readFileSync(file, 'utf8');
    const variable = engineVariables.exec(text);
    if (variable) return `${chain.join(' → ')} reads ${variable[1] ?? variable[2]}`;
    for (const [, typeOnly, staticSpecifier, dynamicSpecifier] of text.matchAll(specifiers)) {
      const specifier = (staticSpecifier ?? dynamicSpecifier)!;
      if (typeOnly) continue;
      if (databasePackages.test(specifier)) return `${chain.join(' → ')} imports ${specifier} (a database driver)`;
      const next = resolve(root, file, specifier);
      if (next && !seen.has(next)) queue.push({ file: next, chain: [...chain, path.relative(root, next)] });
    }
  }
  return undefined;
}
