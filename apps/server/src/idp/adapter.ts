import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';
import {
  deleteOidcPayload,
  deleteOidcPayloadsOfGrant,
  findLiveOidcPayload,
  markOidcPayloadConsumed,
  upsertOidcPayload,
  type OidcPayloadKey,
} from './oidc-payload-repository';

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens...) in the
 * oidc_payloads table, one row per (model, id). Keeping it in the database, not in memory, is what
 * lets logins survive a restart and several server processes share them.
 */
export function createOidcAdapter(db: Db): AdapterConstructor {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      await upsertOidcPayload(db, this.model, id, {
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      });
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findBy('id', id);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy('uid', uid);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy('userCode', userCode);
    }

    async consume(id: string): Promise<void> {
      await markOidcPayloadConsumed(db, this.model, id, new Date());
    }

    async destroy(id: string): Promise<void> {
      await deleteOidcPayload(db, this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deleteOidcPayloadsOfGrant(db, this.model, grantId);
    }

    private async findBy(key: OidcPayloadKey, value: string): Promise<AdapterPayload | undefined> {
      const row = await findLiveOidcPayload(db, this.model, key, value, new Date());
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      // oidc-provider detects reuse of a code or rotated refresh token by `consumed` being set.
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }
  };
}
