import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { AppError } from '../errors';
import { createTokenVerifier } from './token-verifier';

/** A stand-in for ID-porten and the organisation's provider: discovery and JWKS over HTTP. */
async function startIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const server = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const body =
      req.url === '/.well-known/openid-configuration'
        ? { issuer: base, jwks_uri: `${base}/jwks` }
        : req.url === '/jwks'
          ? { keys: [jwk] }
          : undefined;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, privateKey, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function sign(key: CryptoKey, claims: Record<string, unknown>, typ = 'at+jwt') {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1', typ }).setIssuedAt().setExpirationTime('5m').sign(key);
}

describe('verifying tokens of external providers', () => {
  let idporten: Awaited<ReturnType<typeof startIssuer>>;
  let entra: Awaited<ReturnType<typeof startIssuer>>;
  let verify: ReturnType<typeof createTokenVerifier>;
  const audience = 'https://lokaler.example.no/api';
  const adminAudience = 'https://lokaler.example.no/api/admin';

  beforeAll(async () => {
    idporten = await startIssuer();
    entra = await startIssuer();
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://lokaler.example.no',
      OIDC_ISSUER: idporten.issuer,
      ADMIN_OIDC_ISSUER: entra.issuer,
    });
    expect(config.oidc.local).toBe(false);
    verify = createTokenVerifier(config.oidc, undefined);
  });
  afterAll(async () => {
    await idporten.close();
    await entra.close();
  });

  const reason = async (token: Promise<string>) => {
    const error = await verify(await token).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  };

  it('accepts a portal token of ID-porten, keys fetched through discovery', async () => {
    const token = await sign(idporten.privateKey, {
      iss: idporten.issuer,
      aud: audience,
      sub: 'abc',
      client_id: 'lokaler-portal',
      acr: 'idporten-loa-substantial',
    });
    expect(await verify(token)).toEqual({
      sub: 'abc',
      clientId: 'lokaler-portal',
      portal: 'PUBLIC',
      issuer: idporten.issuer,
      pid: undefined,
      adminMatch: undefined,
      cityAdminClaim: false,
    });
  });

  it('accepts an admin token of the admin issuer, with no acr required', async () => {
    const token = await sign(entra.privateKey, {
      iss: entra.issuer,
      aud: adminAudience,
      sub: 'emp',
      client_id: 'lokaler-admin',
      given_name: 'Siri',
      family_name: 'S',
      email: 'siri@oslo.kommune.no',
    });
    expect(await verify(token)).toMatchObject({ sub: 'emp', portal: 'ADMIN', adminMatch: 'siri@oslo.kommune.no' });
  });

  it('keeps the two issuers apart', async () => {
    // The admin client's token from ID-porten, and the portal's from the admin issuer, are both wrong.
    expect(
      await reason(
        sign(idporten.privateKey, { iss: idporten.issuer, aud: audience, sub: 'x', client_id: 'lokaler-admin', acr: 'idporten-loa-high' }),
      ),
    ).toMatch(/another client/);
    expect(
      await reason(
        sign(entra.privateKey, { iss: entra.issuer, aud: audience, sub: 'x', client_id: 'lokaler-portal', acr: 'idporten-loa-high' }),
      ),
    ).toMatch(/another client/);
    // A token claiming ID-porten but signed with the other provider's key.
    expect(
      await reason(
        sign(entra.privateKey, { iss: idporten.issuer, aud: audience, sub: 'x', client_id: 'lokaler-portal', acr: 'idporten-loa-high' }),
      ),
    ).toMatch(/signature/);
  });

  it('refuses a low level of assurance, another audience and an unknown issuer', async () => {
    expect(
      await reason(
        sign(idporten.privateKey, { iss: idporten.issuer, aud: audience, sub: 'x', client_id: 'lokaler-portal', acr: 'idporten-loa-low' }),
      ),
    ).toMatch(/level of assurance/);
    expect(
      await reason(
        sign(idporten.privateKey, {
          iss: idporten.issuer,
          aud: 'https://other/api',
          sub: 'x',
          client_id: 'lokaler-portal',
          acr: 'idporten-loa-high',
        }),
      ),
    ).toMatch(/aud/);
    expect(
      await reason(
        sign(idporten.privateKey, {
          iss: 'https://evil.example',
          aud: audience,
          sub: 'x',
          client_id: 'lokaler-portal',
          acr: 'idporten-loa-high',
        }),
      ),
    ).toMatch(/unknown issuer/);
  });
});
