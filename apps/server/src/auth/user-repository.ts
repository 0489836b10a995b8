import { sql } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../db/client';
import { users } from '../db/schema/index';

export interface UserRow {
  id: number;
  name: string;
  email: string | null;
}

/** How stale last_login_at may get before a request refreshes it (saves a write per request). */
const LAST_SEEN_RESOLUTION_MS = 15 * 60 * 1000;

const userBySub = preparedQuery<{ id: number; name: string; email: string | null; lastLoginMs: number }>('user_by_sub', sql`
  select id, name, email, (extract(epoch from last_login_at) * 1000)::float8 as "lastLoginMs" from users where sub = ${sql.placeholder('sub')}`);

/**
 * The users row of a token's subject, created on first sight and kept up to date with the name and
 * e-mail the token carries. A claim the token lacks leaves the stored value alone.
 */
export async function ensureUser(
  db: DbOrTx,
  claims: { sub: string; name: string | undefined; email: string | undefined },
): Promise<UserRow> {
  // Every authenticated request asks this: a prepared statement (db/client.ts preparedQuery).
  const [existing] = await userBySub(db, { sub: claims.sub });
  if (
    existing
    && (claims.name === undefined || claims.name === existing.name)
    && (claims.email === undefined || claims.email === existing.email)
    && Date.now() - existing.lastLoginMs < LAST_SEEN_RESOLUTION_MS
  ) {
    return { id: existing.id, name: existing.name, email: existing.email };
  }
  const [row] = await db
    .insert(users)
    .values({ sub: claims.sub, name: claims.name ?? '', email: claims.email ?? null })
    .onConflictDoUpdate({
      target: users.sub,
      set: {
        name: claims.name === undefined ? sql`${users.name}` : claims.name,
        email: claims.email === undefined ? sql`${users.email}` : claims.email,
        lastLoginAt: sql`now()`,
      },
    })
    .returning({ id: users.id, name: users.name, email: users.email });
  return row!;
}
