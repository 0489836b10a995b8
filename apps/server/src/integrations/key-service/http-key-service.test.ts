import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { capturingLogger, json, startHttpStub, type HttpStub, type StubHandler } from '../../../test/http-stub';
import { freePort } from '../../../test/free-port';
import { HttpKeyService } from './http-key-service';
import type { KeyGrant } from './key-service-client';

const notJson: StubHandler = (_request, response) => response.writeHead(200).end('<html>');
const grant: KeyGrant = {
  phoneNumber: '41234567',
  doors: ['lokaler-room-7'],
  periods: [{ from: '2030-01-15T16:00:00.000Z', until: '2030-01-15T18:00:00.000Z' }],
};

/** The key service's HTTP client against a stub of the service: what it sends, and each way a call can fail. */
describe('the key service over HTTP', () => {
  let stub: HttpStub;
  let logger: ReturnType<typeof capturingLogger>;
  const client = (timeoutMs = 2000) =>
    new HttpKeyService({ url: `${stub.url}/api`, auth: { kind: 'token', token: 'tok-1' }, timeoutMs }, logger.log);

  beforeAll(async () => {
    stub = await startHttpStub();
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.requests.length = 0;
    logger = capturingLogger();
  });

  it('pushes a grant with PUT /grants/{id} and the bearer token, reads states and revokes', async () => {
    stub.answer((request, response) => {
      if (request.method === 'GET')
        return json(200, [
          { grantId: 'g-1', state: 'ACCEPTED' },
          { grantId: 'g-2', state: 'SOMETHING_NEW' },
          { grantId: 'not-asked', state: 'FAILED' },
        ])(request, response);
      response.writeHead(request.method === 'PUT' ? 202 : 404).end();
    });
    await client().putGrant('g/1', grant);
    const states = await client().grantStates(['g-1', 'g-2']);
    // An unknown grant (404) is what a revocation wants.
    await client().revokeGrant('g-1');
    expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /api/grants/g%2F1',
      'GET /api/grants?id=g-1&id=g-2',
      'DELETE /api/grants/g-1',
    ]);
    expect(stub.requests[0]!.headers.authorization).toBe('Bearer tok-1');
    expect(JSON.parse(stub.requests[0]!.body)).toEqual(grant);
    // A state this server does not know, and a grant it did not ask about, are left out.
    expect([...states]).toEqual([['g-1', 'ACCEPTED']]);
    expect(logger.warnings).toEqual([]);
  });

  it.each([
    ['a 4xx', json(400, { error: 'bad phone number' }), /answered 400/],
    ['a 5xx', json(503, {}), /answered 503/],
    ['a body that is not JSON', notJson, /not JSON|unexpected answer/],
  ])('turns %s into a logged 503 AppError that names no phone number', async (_what, handler, reason) => {
    stub.answer(handler);
    const failure = await client()
      .grantStates(['g-1'])
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).status).toBe(503);
    expect((failure as AppError).message).toMatch(reason);
    expect((failure as AppError).toJSON()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', userMsg: expect.any(String) });
    const put = await client()
      .putGrant('g-1', grant)
      .catch((error: unknown) => error);
    expect(put).toBeInstanceOf(AppError);
    expect(logger.warnings.length).toBe(2);
    expect(logger.warnings.join('\n')).toMatch(/key service: (GET \/grants|PUT \/grants\/\{grantId\}) failed/);
    expect(logger.warnings.join('\n')).not.toContain(grant.phoneNumber);
  });

  it('gives up after its deadline when the service does not answer, and says so', async () => {
    stub.answer(() => {
      /* never answers */
    });
    const started = Date.now();
    const failure = await client(300)
      .putGrant('g-1', grant)
      .catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((failure as AppError).message).toBe('key service is unavailable: no answer within 300 ms');
    expect(logger.warnings[0]).toContain('no answer within 300 ms');
  });

  it('says so when nothing listens at the address', async () => {
    const closed = new HttpKeyService(
      { url: `http://127.0.0.1:${await freePort()}`, auth: { kind: 'token', token: 't' }, timeoutMs: 2000 },
      logger.log,
    );
    const failure = await closed.revokeGrant('g-1').catch((error: unknown) => error);
    expect((failure as AppError).message).toBe('key service is unavailable: no connection (ECONNREFUSED)');
  });

  it('gets its token with the client credentials grant, keeps it while valid, and fetches a new one after a refusal', async () => {
    let issued = 0;
    stub.answer((request, response) => {
      if (request.url === '/token')
        return json(200, { access_token: `cc-${++issued}`, token_type: 'Bearer', expires_in: 3600 })(request, response);
      // From the fourth request on, the first token is refused (revoked at the service).
      const revoked = stub.requests.length > 3 && request.headers.authorization === 'Bearer cc-1';
      response.writeHead(revoked ? 401 : 202).end();
    });
    const cc = new HttpKeyService(
      {
        url: stub.url,
        timeoutMs: 2000,
        auth: { kind: 'clientCredentials', tokenUrl: `${stub.url}/token`, clientId: 'lokaler', clientSecret: 's3cr3t', scope: 'keys' },
      },
      logger.log,
    );
    await cc.putGrant('g-1', grant);
    await cc.putGrant('g-2', grant);
    const tokenRequest = stub.requests[0]!;
    expect(tokenRequest.method).toBe('POST');
    expect(tokenRequest.headers.authorization).toBe(`Basic ${Buffer.from('lokaler:s3cr3t').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(tokenRequest.body))).toEqual({ grant_type: 'client_credentials', scope: 'keys' });
    expect(stub.requests.map((r) => r.url)).toEqual(['/token', '/grants/g-1', '/grants/g-2']);
    // The service refuses the token (revoked): that call fails, the next one gets a new token.
    await expect(cc.putGrant('g-3', grant)).rejects.toThrow(/answered 401/);
    await cc.putGrant('g-4', grant);
    expect(stub.requests.slice(3).map((r) => `${r.url} ${r.headers.authorization ?? ''}`)).toEqual([
      '/grants/g-3 Bearer cc-1',
      '/token Basic bG9rYWxlcjpzM2NyM3Q=',
      '/grants/g-4 Bearer cc-2',
    ]);
  });
});
