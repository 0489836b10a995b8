import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oidcPayloads } from '../db/schema/index';

/**
 * The oidc_payloads table: one row per (model, id) of oidc-provider's storage, and the local
 * provider's keys (model ServerKeys).
 */

export interface OidcPayloadValues {
  payload: unknown;
  grantId: string | null;
  userCode: string | null;
  uid: string | null;
  expiresAt: Date | null;
}

export async function upsertOidcPayload(db: Db, model: string, id: string, values: OidcPayloadValues): Promise<void> {
  await db
    .insert(oidcPayloads)
    .values({ model, id, ...values })
    .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
}

/** Stores the payload unless the row exists already (the first of several writers wins). */
export async function insertOidcPayloadIfAbsent(db: Db, model: string, id: string, payload: unknown): Promise<void> {
  await db.insert(oidcPayloads).values({ model, id, payload }).onConflictDoNothing();
}

/** Which column a payload is looked up by. */
export type OidcPayloadKey = 'id' | 'uid' | 'userCode';

/**
 * The payload of the model with this key, if it has not expired. An expired row is as good as gone,
 * even before the clean-up deletes it. Expiry is set and compared with this process's clock, not the
 * database server's.
 */
export async function findLiveOidcPayload(
  db: Db,
  model: string,
  key: OidcPayloadKey,
  value: string,
  now: Date,
): Promise<{ payload: unknown; consumedAt: Date | null } | undefined> {
  const rows = await db
    .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
    .from(oidcPayloads)
    .where(
      and(eq(oidcPayloads.model, model), eq(oidcPayloads[key], value), or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now))),
    )
    .limit(1);
  return rows[0];
}

/** The stored payload of (model, id), whatever its expiry. */
export async function findOidcPayload(db: Db, model: string, id: string): Promise<unknown> {
  const rows = await db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
  return rows[0]?.payload;
}

export async function markOidcPayloadConsumed(db: Db, model: string, id: string, now: Date): Promise<void> {
  await db
    .update(oidcPayloads)
    .set({ consumedAt: now })
    .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
}

export async function deleteOidcPayload(db: Db, model: string, id: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
}

export async function deleteOidcPayloadsOfGrant(db: Db, model: string, grantId: string): Promise<void> {
  await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.grantId, grantId)));
}

/** Deletes what has expired; the rows would otherwise pile up (one per login, code and token). */
export async function deleteExpiredOidcPayloads(db: Db, now = new Date()): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, now));
}
