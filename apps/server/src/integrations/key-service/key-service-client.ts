/**
 * The key service (Oslonøkkelen) as this server uses it: shaped like its HTTP API, so the real client
 * is a thin fetch wrapper and the local implementation can stand in for it.
 *
 *   PUT    /grants/{grantId}   body KeyGrant → 202; idempotent: the same id twice is one grant
 *   GET    /grants?id=…&id=…   → [{ grantId, state }] (unknown ids are left out)
 *   DELETE /grants/{grantId}   → 204, also when the grant is unknown or already revoked
 *
 * A grant gives one phone number access through the doors of the booked rooms in the given periods.
 * The service answers at once and delivers in the background: a new grant is PENDING until the
 * service has looked the number up in its app's profiles.
 */
export interface KeyGrant {
  phoneNumber: string;
  /** The doors' ids at the key service (one per room). */
  doors: string[];
  /** ISO instants, half-open [from, until). */
  periods: { from: string; until: string }[];
}

export const keyGrantStates = ['PENDING', 'ACCEPTED', 'NO_PROFILE', 'ILLEGAL_PHONE_NUMBER', 'FAILED', 'REVOKED'] as const;
export type KeyGrantState = (typeof keyGrantStates)[number];

export interface KeyServiceClient {
  putGrant(grantId: string, grant: KeyGrant): Promise<void>;
  grantStates(grantIds: readonly string[]): Promise<Map<string, KeyGrantState>>;
  revokeGrant(grantId: string): Promise<void>;
}

/** The door id of a room at the key service. */
export function doorIdOf(bookableAssetId: number): string {
  return `lokaler-room-${bookableAssetId}`;
}
