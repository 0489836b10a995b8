import path from 'node:path';
import { buildServer } from '../build.mjs';
import { serverRoot } from '../src/paths';

/** Where the server projects' bundle goes: beside dist/, at the same depth (src/paths.ts finds the server's files from it). */
export const TEST_BUNDLE_DIR = 'dist-test';
/** The variable that hands the bundle to startServerProcess (server-process.ts) in the test workers. */
export const TEST_BUNDLE_VARIABLE = 'LOKALER_TEST_SERVER_BUNDLE';

/**
 * Vitest globalSetup of the server projects: bundles the server once per run (about a second), so
 * each test that starts it as a process (shutdown, production rails, the migration lock, tracing)
 * runs what production runs in a second or two, instead of tsx transpiling the whole server on
 * every start (15–25 s of CPU each on a busy two-core machine, with the other tests waiting).
 */
export async function setup(): Promise<void> {
  await buildServer(TEST_BUNDLE_DIR);
  process.env[TEST_BUNDLE_VARIABLE] = path.join(serverRoot, TEST_BUNDLE_DIR, 'main.js');
}
