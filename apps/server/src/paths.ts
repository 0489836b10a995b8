import { fileURLToPath } from 'node:url';
import path from 'node:path';

/**
 * apps/server/, whether this file runs from src/ (tsx, vitest) or is bundled into dist/main.js:
 * both are one level below the package root.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');
/** The PDF documents' fonts and colour profile (decision 055); scripts/runtime-tree.mjs ships the folder. */
export const pdfAssetsFolder = path.join(serverRoot, 'assets/pdf');
export const repoRoot = path.resolve(serverRoot, '../..');
export const portalDist = path.join(repoRoot, 'apps/portal/dist');
export const adminDist = path.join(repoRoot, 'apps/admin/dist');
