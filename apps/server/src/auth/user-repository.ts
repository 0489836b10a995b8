import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../db/client';
import { users } from '../db/schema/index';

export interface UserRow {
  id: number;
  name: string;
  email: string | null;
}

/** How stale last_login_at may get before a request refreshes it (saves a write per request). */
const LAST_SEEN_RESOLUTION_MS = 15 * 60 * 1000;

const userBySub = preparedQuery<{ id: number; name: string; email: string | null; lastLoginMs: number }>(
  'user_by_sub',
  sql`
  select id, name, email, (extract(epoch from last_login_at) * 1000)::float8 as "lastLoginMs" from users where sub = ${sql.placeholder('sub')}`,
);

/**
 * The users row of a token's subject, created on first sight (without a name: access tokens carry
 * none; the ID token and the person register fill it in, decision 032).
 */
export async function ensureUser(db: DbOrTx, sub: string): Promise<UserRow> {
  // Every authenticated request asks this: a prepared statement (db/client.ts preparedQuery).
  const [existing] = await userBySub(db, { sub });
  if (existing && Date.now() - existing.lastLoginMs < LAST_SEEN_RESOLUTION_MS) {
    return { id: existing.id, name: existing.name, email: existing.email };
  }
  const [row] = await db
    .insert(users)
    .values({ sub, name: '' })
    .onConflictDoUpdate({ target: users.sub, set: { lastLoginAt: sql`now()` } })
    .returning({ id: users.id, name: users.name, email: users.email });
  return row!;
}

/** Name and e-mail from a verified ID token; a claim it lacks leaves the stored value alone. */
export async function updateUserProfile(
  db: DbOrTx,
  userId: number,
  profile: { name: string | undefined; email: string | undefined },
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      ...(profile.name === undefined ? {} : { name: profile.name }),
      ...(profile.email === undefined ? {} : { email: profile.email }),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id, name: users.name, email: users.email });
  return row!;
}

/** The person register's e-mail, only where none is known yet (an ID token's or an earlier one wins). */
export async function setEmailIfMissing(db: DbOrTx, userId: number, email: string): Promise<string | null> {
  await db
    .update(users)
    .set({ email })
    .where(and(eq(users.id, userId), isNull(users.email)));
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** Decision 057: the person's account as their copy shows it. */
export async function findUserProfile(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ name: users.name, email: users.email, createdAt: users.createdAt, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`User ${userId} is missing`);
  return row;
}

/** Decision 057: the account's e-mail address, on the person's request; whether there was one. */
export async function forgetUserEmail(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ email: null })
    .where(and(eq(users.id, userId), isNotNull(users.email)))
    .returning({ id: users.id });
  return rows.length > 0;
}
