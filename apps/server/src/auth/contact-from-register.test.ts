import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../test/access-tokens';
import { krrEnv, startKrrStub, type KrrStub } from '../../test/external-issuer';
import { freePort } from '../../test/server-process';
import { bearer } from '../../test/login';
import { createTestApp, type TestContext } from '../../test/test-app';
import { testCitizens } from '../seed/test-users';

const kari = testCitizens[0]!;

/** A person register that does not answer never stops a citizen: the request goes on without an e-mail, with a warning. */
describe('a person register that fails', () => {
  let ctx: TestContext;
  let stub: KrrStub;
  const logs: Record<string, unknown>[] = [];
  beforeAll(async () => {
    stub = await startKrrStub({});
    // Maskinporten answers, KRR is not there at all.
    ctx = await createTestApp({ ...krrEnv(stub), KRR_URL: `http://127.0.0.1:${await freePort()}/rest/v1/personer` }, { logs });
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  it('answers the request, logs a warning without the person, and asks again only later', async () => {
    const token = await signAccessToken(ctx.app, { claims: { sub: 'krr-down-citizen', pid: kari.pid } });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: null, portal: 'PUBLIC' });
    const warnings = logs.filter((l) => l.msg === 'Person register lookup failed; the citizen has no e-mail yet');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, reason: expect.any(String) });
    expect(JSON.stringify(logs)).not.toContain(kari.pid);
    // The next request does not wait for the register again.
    await ctx.app.inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(token) });
    expect(logs.filter((l) => l.msg === warnings[0]!.msg)).toHaveLength(1);
  });
});
