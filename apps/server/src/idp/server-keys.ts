import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';
import { findOidcPayload, insertOidcPayloadIfAbsent } from './oidc-payload-repository';

/**
 * The local provider's signing keys and cookie keys. They live in oidc_payloads (model ServerKeys,
 * id 'current') so that tokens and logins survive a restart and every server process signs with,
 * and verifies against, the same keys.
 */
export interface ServerKeys {
  /** Private signing keys (JWK) for oidc-provider's `jwks`. */
  signingKeys: JWK[];
  /** Keys oidc-provider signs its cookies with. */
  cookieKeys: string[];
}

const MODEL = 'ServerKeys';
const ID = 'current';
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

export async function loadOrCreateServerKeys(db: Db): Promise<ServerKeys> {
  const existing = await readKeys(db);
  if (existing) return existing;
  const fresh = await generateServerKeys();
  // Several processes may start on an empty database at once: the first insert wins and
  // everybody then reads the winner's keys.
  await insertOidcPayloadIfAbsent(db, MODEL, ID, fresh);
  const stored = await readKeys(db);
  if (!stored) throw new Error('server keys could not be stored');
  return stored;
}

/** The public half of the signing keys: what /idp/jwks publishes and what the API verifies against. */
export function publicJwks(keys: ServerKeys): { keys: JWK[] } {
  return {
    keys: keys.signingKeys.map((key) => {
      const copy: JWK = { ...key };
      for (const member of PRIVATE_MEMBERS) delete copy[member];
      return copy;
    }),
  };
}

async function readKeys(db: Db): Promise<ServerKeys | undefined> {
  const payload = (await findOidcPayload(db, MODEL, ID)) as ServerKeys | undefined;
  return payload?.signingKeys?.length && payload.cookieKeys?.length ? payload : undefined;
}

async function generateServerKeys(): Promise<ServerKeys> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { signingKeys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }], cookieKeys: [randomBytes(32).toString('base64url')] };
}
