import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, truncateAll } from '../../test/test-db';
import type { Database } from '../db/client';
import { oidcPayloads } from '../db/schema/index';
import { createOidcAdapter } from './adapter';
import { deleteExpiredOidcPayloads } from './oidc-payload-repository';

describe('the oidc-provider database adapter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(() => truncateAll(database));

  const adapter = (model: string) => new (createOidcAdapter(database.db))(model);
  const backdate = (model: string, id: string) =>
    database.db
      .update(oidcPayloads)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));

  it('stores, replaces and finds a payload by id, uid and user code', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'b' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'b' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'b' });
    expect(await sessions.find('missing')).toBeUndefined();

    const devices = adapter('DeviceCode');
    await devices.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await devices.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
  });

  it('keeps models apart: the same id in two models is two rows', async () => {
    await adapter('AccessToken').upsert('x', { accountId: 'at' }, 60);
    await adapter('RefreshToken').upsert('x', { accountId: 'rt' }, 60);
    expect(await adapter('AccessToken').find('x')).toEqual({ accountId: 'at' });
    expect(await adapter('RefreshToken').find('x')).toEqual({ accountId: 'rt' });
  });

  it('treats an expired payload as gone, and the clean-up deletes it', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { uid: 'u-c1' }, 60);
    await codes.upsert('c2', { uid: 'u-c2' });
    await backdate('AuthorizationCode', 'c1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await codes.findByUid('u-c1')).toBeUndefined();
    expect(await codes.find('c2')).toEqual({ uid: 'u-c2' });
    await deleteExpiredOidcPayloads(database.db);
    const left = await database.db.select({ id: oidcPayloads.id }).from(oidcPayloads);
    expect(left.map((r) => r.id)).toEqual(['c2']);
  });

  it('marks a consumed payload so reuse is detected', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    expect((await codes.find('c1'))?.consumed).toBeUndefined();
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));
  });

  it('destroys one payload, and revokes by grant only within its own model', async () => {
    const refresh = adapter('RefreshToken');
    const access = adapter('AccessToken');
    await refresh.upsert('r1', { grantId: 'g1' }, 60);
    await refresh.upsert('r2', { grantId: 'g2' }, 60);
    await access.upsert('a1', { grantId: 'g1' }, 60);
    await refresh.revokeByGrantId('g1');
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await refresh.find('r2')).toEqual({ grantId: 'g2' });
    expect(await access.find('a1')).toEqual({ grantId: 'g1' });
    await refresh.destroy('r2');
    expect(await refresh.find('r2')).toBeUndefined();
  });
});
