import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { productionEnv } from './production-env';
import { serverEntry, startServerProcess } from './server-process';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs the server (serverEntry: its test bundle) as a process until it exits (it must: the configuration is refused before anything listens). */
async function runRefused(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(childEnv))
    if (/^(DATABASE_URL|PUBLIC_URL|OIDC_|ADMIN_OIDC_|SEED_|MAIL_|SMTP_|KEY_SERVICE_|ORG_REGISTRY_|COOKIE_SECRET|ALLOW_DEMO)/.test(name))
      delete childEnv[name];
  const child = spawn(process.execPath, serverEntry(), {
    cwd: repoRoot,
    env: { ...childEnv, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  // A start takes a second or two, but a minute and more on a machine busy with other work (decision 072); the test's own limit is 180 s.
  const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  return { code, output };
}

/** The production rails as an operator meets them: the real main.ts, started as a process (decision 033). */
describe('starting in production', () => {
  it('refuses a laptop configuration with exit code 78 (EX_CONFIG), naming every variable to fix, before it listens', async () => {
    const { code, output } = await runRefused({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://lokaler.example.no',
      COOKIE_SECRET: 'change-me-change-me-change-me-change-me',
      SEED_DEMO_DATA: 'true',
    });
    expect(code).toBe(78);
    for (const variable of [
      'PUBLIC_URL',
      'COOKIE_SECRET',
      'SEED_DEMO_DATA',
      'OIDC_ISSUER',
      'ADMIN_OIDC_ISSUER',
      'MAIL_ADAPTER',
      'KEY_SERVICE_ADAPTER',
      'ORG_REGISTRY_ADAPTER',
      'PERSON_REGISTER_ADAPTER',
      'ARCHIVE_MODE',
      'DATABASE_URL',
    ]) {
      expect(output).toMatch(new RegExp(`^ {2}${variable}: `, 'm'));
    }
    expect(output).not.toContain('Lokaler is running');
  }, 180_000);

  it('refuses a weak secret even in a demo deployment', async () => {
    const { code, output } = await runRefused({
      NODE_ENV: 'production',
      ALLOW_DEMO_SERVICES: 'true',
      PUBLIC_URL: 'https://demo.example.no',
      COOKIE_SECRET: 'x'.repeat(40),
    });
    expect(code).toBe(78);
    expect(output).toMatch(/^ {2}COOKIE_SECRET: too weak/m);
    expect(output).not.toMatch(/^ {2}(OIDC_ISSUER|MAIL_ADAPTER|DATABASE_URL):/m);
  }, 180_000);

  it('runs a deliberate demo with ALLOW_DEMO_SERVICES=true, saying at start which engine and adapters it uses and warning of each fake', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-demo-'));
    const server = await startServerProcess({
      NODE_ENV: 'production',
      ALLOW_DEMO_SERVICES: 'true',
      PUBLIC_URL: 'https://demo.lokaler.example.no',
      COOKIE_SECRET: productionEnv.COOKIE_SECRET,
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      TRUST_PROXY: '10.0.0.0/8',
    });
    try {
      const lines = async () => {
        for (let i = 0; i < 50 && !server.output().includes('ALLOW_DEMO_SERVICES=true'); i++) await new Promise((r) => setTimeout(r, 100));
        return server
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      };
      const log = await lines();
      const summary = log.find((line) => String(line.msg).startsWith('Running on'));
      expect(summary).toMatchObject({
        level: 30,
        engine: 'pglite',
        identityProvider: 'local',
        issuer: 'https://demo.lokaler.example.no/idp',
        adapters: { mail: 'local', keyService: 'local', orgRegistry: 'local', personRegister: 'local' },
        demoServicesAllowed: true,
        seedDemoData: false,
        trustProxy: ['10.0.0.0/8'],
      });
      expect(String(summary?.msg)).toMatch(/; trusted proxies 10\.0\.0\.0\/8$/);
      const warning = log.find((line) => String(line.msg).startsWith('ALLOW_DEMO_SERVICES=true'));
      expect(warning).toMatchObject({ level: 40 });
      expect(warning?.fakes).toEqual([
        'the local identity provider under /idp (anyone logs in as a test person)',
        'the local mail adapter',
        'the local keyService adapter',
        'the local orgRegistry adapter',
        'the local personRegister adapter',
        'the local archive adapter',
        'the local invoiceDelivery adapter',
        'PGlite (one process, one disk)',
      ]);
      // Production's default: no admin API document.
      expect((await fetch(`${server.baseUrl}/api/docs/admin/json`)).status).toBe(404);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
