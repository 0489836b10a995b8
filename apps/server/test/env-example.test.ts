import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

/** The repository's .env.example as the variables docker compose would pass (comments and blanks left out). */
function envExample(): Record<string, string> {
  const text = fs.readFileSync(fileURLToPath(new URL('../../../.env.example', import.meta.url)), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('.env.example (docs/operations.md)', () => {
  it('starts a production-like run once a secret is appended as it says: the rails pass, PostgreSQL, SMTP, drain on', () => {
    const config = loadConfig({ ...envExample(), COOKIE_SECRET: randomBytes(36).toString('base64') });
    expect(config.env).toBe('production');
    expect(config.database.engine).toBe('postgres');
    expect(config.adapters.mail).toBe('smtp');
    expect(config.shutdown.drainMs).toBe(5000);
    expect(config.allowDemoServices).toBe(true);
  });

  it('carries no secret of its own: without one the rails refuse it, naming COOKIE_SECRET', () => {
    expect(() => loadConfig(envExample())).toThrow(/COOKIE_SECRET/);
  });
});
