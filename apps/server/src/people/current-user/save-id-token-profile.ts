import type { JWTPayload } from 'jose';
import type { AuthenticatedUser } from '../../auth/index';
import { updateUserProfile } from '../../auth/user-repository';
import type { DbOrTx } from '../../db/client';

/**
 * Stores the name (`name`, or given and family name) and e-mail of a verified ID token on the
 * caller's row: the only place names come from since access tokens carry none (decision 032).
 */
export async function saveIdTokenProfile(options: { db: DbOrTx; user: AuthenticatedUser; claims: JWTPayload }): Promise<AuthenticatedUser> {
  const { claims, user } = options;
  const name = text(claims.name) ?? joinNames(claims.given_name, claims.family_name);
  // An address the provider says is unverified is not one to send bookings to.
  const email = claims.email_verified === false ? undefined : text(claims.email);
  const row = await updateUserProfile(options.db, user.userId, { name, email });
  // An administrator stays known by the claim they are matched with (AuthenticatedUser.email).
  return { ...user, name: row.name, email: user.portal === 'ADMIN' ? (user.email ?? row.email) : row.email };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function joinNames(given: unknown, family: unknown): string | undefined {
  const parts = [text(given), text(family)].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}
