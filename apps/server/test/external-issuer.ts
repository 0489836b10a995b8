import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importSPKI, jwtVerify, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/**
 * A second, independent OpenID provider on 127.0.0.1 for tests: discovery and JWKS over HTTP, and
 * tokens signed with jose exactly in the shape each real provider documents (decision 032):
 * - ID-porten: header only `kid` and `alg`; access token claims iss, client_id, aud, sub, pid, acr,
 *   scope, exp, iat, jti, client_amr, amr; no name or e-mail. Its ID token carries the name.
 * - Entra ID v2: header `typ: JWT`; aud, iss (…/{tenant}/v2.0), azp (no client_id), preferred_username,
 *   name, oid, sub, roles, scp, tid, ver '2.0'; no e-mail by default.
 */
export type IssuerShape = 'idporten' | 'entra';

export interface ExternalIssuer {
  issuer: string;
  shape: IssuerShape;
  /** An access token as the provider issues it; `claims` override (undefined removes), `header` adds. */
  accessToken(options: TokenOptions): Promise<string>;
  /** The ID token of the same login. */
  idToken(options: TokenOptions): Promise<string>;
  close(): Promise<void>;
}

export interface TokenOptions {
  clientId: string;
  sub: string;
  /** The API's audience (ID-porten: the resource asked for; Entra ID: the API app's id or App ID URI). */
  audience?: string;
  claims?: Record<string, unknown>;
  /** Another algorithm than RS256 (signed with a key of that kind, published in the JWKS). */
  alg?: 'RS256' | 'ES256';
  /** Sign with this key (one the issuer never published) instead. */
  key?: CryptoKey;
}

const ENTRA_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

export async function startExternalIssuer(shape: IssuerShape): Promise<ExternalIssuer> {
  const rsa = await generateKeyPair('RS256', { extractable: true });
  const ec = await generateKeyPair('ES256', { extractable: true });
  const keys = {
    RS256: { privateKey: rsa.privateKey, kid: randomBytes(8).toString('hex') },
    ES256: { privateKey: ec.privateKey, kid: randomBytes(8).toString('hex') },
  };
  const jwks = {
    keys: [
      { ...(await exportJWK(rsa.publicKey)), kid: keys.RS256.kid, alg: 'RS256', use: 'sig' },
      { ...(await exportJWK(ec.publicKey)), kid: keys.ES256.kid, alg: 'ES256', use: 'sig' },
    ],
  };
  let issuer = '';
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const base = issuer.replace(/\/$/, '');
    const body =
      path === `${new URL(base).pathname.replace(/\/$/, '')}/.well-known/openid-configuration`
        ? { issuer, jwks_uri: `${base}/jwks`, authorization_endpoint: `${base}/authorize`, token_endpoint: `${base}/token` }
        : path.endsWith('/jwks')
          ? jwks
          : undefined;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? { error: 'not_found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // ID-porten's issuer is an origin; Entra ID's v2 issuer is {origin}/{tenant}/v2.0.
  issuer = shape === 'idporten' ? origin : `${origin}/${ENTRA_TENANT}/v2.0`;

  const sign = async (claims: Record<string, unknown>, header: Record<string, unknown>, options: TokenOptions) => {
    const alg = options.alg ?? 'RS256';
    const merged: Record<string, unknown> = { ...claims, ...options.claims };
    for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
    return new SignJWT(merged as JWTPayload)
      .setProtectedHeader({ alg, kid: keys[alg].kid, ...header })
      .sign(options.key ?? keys[alg].privateKey);
  };
  const now = () => Math.floor(Date.now() / 1000);

  return {
    issuer,
    shape,
    accessToken(options) {
      const iat = now();
      if (shape === 'idporten') {
        return sign(
          {
            iss: issuer,
            client_id: options.clientId,
            aud: options.audience,
            sub: options.sub,
            acr: 'idporten-loa-substantial',
            scope: 'openid profile',
            iat,
            exp: iat + 120,
            jti: randomBytes(16).toString('base64url'),
            client_amr: 'none',
            amr: ['TestID'],
          },
          {},
          options,
        );
      }
      return sign(
        {
          aud: options.audience,
          iss: issuer,
          iat,
          nbf: iat,
          exp: iat + 3900,
          aio: randomBytes(12).toString('base64url'),
          azp: options.clientId,
          azpacr: '0',
          name: undefined,
          oid: randomUUID(),
          rh: '0.AXkA',
          scp: 'Lokaler.Admin',
          sub: options.sub,
          tid: ENTRA_TENANT,
          uti: randomBytes(8).toString('base64url'),
          ver: '2.0',
        },
        { typ: 'JWT' },
        options,
      );
    },
    idToken(options) {
      const iat = now();
      if (shape === 'idporten') {
        return sign(
          {
            iss: issuer,
            aud: options.clientId,
            sub: options.sub,
            acr: 'idporten-loa-substantial',
            amr: ['TestID'],
            iat,
            exp: iat + 120,
            nonce: randomBytes(12).toString('base64url'),
            sid: randomUUID(),
            locale: 'nb',
            auth_time: iat,
          },
          {},
          options,
        );
      }
      return sign(
        {
          aud: options.clientId,
          iss: issuer,
          iat,
          nbf: iat,
          exp: iat + 3600,
          oid: randomUUID(),
          sub: options.sub,
          tid: ENTRA_TENANT,
          ver: '2.0',
          nonce: randomBytes(12).toString('base64url'),
        },
        { typ: 'JWT' },
        options,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A PKCS#8 key for a Maskinporten client, and the stub's view of what it was asked. */
export interface KrrStub {
  /** Maskinporten's issuer (the grant's audience); its token endpoint is {issuer}token. */
  maskinportenIssuer: string;
  /** KRR's lookup endpoint. */
  krrUrl: string;
  privateKeyPem: string;
  keyId: string;
  /** Grants received at the token endpoint (decoded claims), and KRR lookups (their bodies and bearer tokens). */
  grants: JWTPayload[];
  lookups: { body: unknown; authorization: string | undefined }[];
  close(): Promise<void>;
}

/**
 * Maskinporten's token endpoint and KRR's person lookup on 127.0.0.1, answering as their
 * documentation shows: the token endpoint checks the JWT grant's signature, aud, iss and scope;
 * KRR answers {personer:[…]} for the pids in `people`, only with the token Maskinporten gave.
 */
export async function startKrrStub(
  people: Record<string, { status?: string; reservasjon?: string; epostadresse?: string; mobiltelefonnummer?: string }>,
): Promise<KrrStub> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const verifyKey = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
  const keyId = 'lokaler-maskinporten-1';
  const grants: JWTPayload[] = [];
  const lookups: KrrStub['lookups'] = [];
  const accessToken = randomBytes(24).toString('base64url');
  let origin = '';

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        const answer = (status: number, body: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (req.method === 'POST' && req.url === '/maskinporten/token') {
          const form = new URLSearchParams(raw);
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
            return answer(400, { error: 'unsupported_grant_type' });
          try {
            const { payload } = await jwtVerify(form.get('assertion') ?? '', verifyKey, {
              audience: `${origin}/maskinporten/`,
              issuer: 'lokaler-maskinporten-client',
            });
            if (payload.scope !== 'krr:global/kontaktinformasjon.read') return answer(400, { error: 'invalid_scope' });
            grants.push(payload);
            return answer(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 120, scope: payload.scope });
          } catch {
            return answer(400, { error: 'invalid_grant' });
          }
        }
        if (req.method === 'POST' && req.url === '/rest/v1/personer') {
          lookups.push({ body: JSON.parse(raw || '{}'), authorization: req.headers.authorization });
          if (req.headers.authorization !== `Bearer ${accessToken}`) return answer(401, { error: 'invalid_token' });
          const pids = (JSON.parse(raw) as { personidentifikatorer: string[] }).personidentifikatorer;
          return answer(200, {
            personer: pids.map((pid) => {
              const person = people[pid];
              if (!person) return { personidentifikator: pid, status: 'IKKE_REGISTRERT' };
              const { epostadresse, mobiltelefonnummer, ...rest } = person;
              return {
                personidentifikator: pid,
                reservasjon: 'NEI',
                status: 'AKTIV',
                varslingsstatus: 'KAN_VARSLES',
                ...rest,
                kontaktinformasjon: {
                  epostadresse,
                  epostadresse_oppdatert: '2024-11-20T10:14:52+01',
                  mobiltelefonnummer,
                  mobiltelefonnummer_oppdatert: '2024-11-20T10:14:52+01',
                },
              };
            }),
          });
        }
        return answer(404, { error: 'not_found' });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    maskinportenIssuer: `${origin}/maskinporten/`,
    krrUrl: `${origin}/rest/v1/personer`,
    privateKeyPem,
    keyId,
    grants,
    lookups,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The env variables that point the app at a KRR stub. */
export function krrEnv(stub: KrrStub): Record<string, string> {
  return {
    PERSON_REGISTER_ADAPTER: 'krr',
    KRR_URL: stub.krrUrl,
    MASKINPORTEN_ISSUER: stub.maskinportenIssuer,
    MASKINPORTEN_CLIENT_ID: 'lokaler-maskinporten-client',
    MASKINPORTEN_PRIVATE_KEY: stub.privateKeyPem,
    MASKINPORTEN_KEY_ID: stub.keyId,
  };
}
