import type { DbOrTx } from '../../db/client';
import type { KeyGrant, KeyGrantState, KeyServiceClient } from './key-service-client';
import { findLocalGrants, insertLocalGrant, revokeLocalGrant } from './local-key-service-repository';

/**
 * A stand-in for Oslonøkkelen that behaves like it: a pushed grant is PENDING for `processingMs`
 * (default 3 s), then its state follows from the phone number — deterministically, so that tests
 * and demos can choose the outcome:
 *   - first digit 4 or 9 (Norwegian mobile numbers): the person has the key app → ACCEPTED,
 *     except numbers ending in 0000: delivery fails → FAILED;
 *   - first digit 0 or 1 (no Norwegian number starts so) → ILLEGAL_PHONE_NUMBER;
 *   - any other first digit (landlines, 2/3/5/6/7/8) → NO_PROFILE (no key app on that number).
 * A revoked grant is REVOKED. Its grants live in the database table local_key_service_grants, so
 * they survive a restart and every server process sees the same service.
 */
export class LocalKeyService implements KeyServiceClient {
  private offsetMs = 0;

  constructor(
    private readonly db: DbOrTx,
    readonly options: { processingMs: number } = { processingMs: 3000 },
  ) {}

  /** The service's clock; tests move it forward instead of sleeping. */
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advanceClock(ms: number): void {
    this.offsetMs += ms;
  }

  async putGrant(grantId: string, grant: KeyGrant): Promise<void> {
    // Idempotent: a repeated PUT of the same id (a retry) keeps the first one's reception time.
    await insertLocalGrant(this.db, {
      grantId,
      phoneNumber: grant.phoneNumber,
      doors: grant.doors,
      periods: grant.periods,
      receivedAt: this.now(),
    });
  }

  async grantStates(grantIds: readonly string[]): Promise<Map<string, KeyGrantState>> {
    if (grantIds.length === 0) return new Map();
    const rows = await findLocalGrants(this.db, grantIds);
    const now = this.now().getTime();
    return new Map(
      rows.map((row) => [
        row.grantId,
        row.revokedAt ? 'REVOKED' : now - row.receivedAt.getTime() < this.options.processingMs ? 'PENDING' : outcomeFor(row.phoneNumber),
      ]),
    );
  }

  async revokeGrant(grantId: string): Promise<void> {
    await revokeLocalGrant(this.db, grantId, this.now());
  }
}

/** The deterministic outcome of a delivered grant (see the class comment). */
export function outcomeFor(phoneNumber: string): Exclude<KeyGrantState, 'PENDING' | 'REVOKED'> {
  const first = phoneNumber[0];
  if (first === '0' || first === '1') return 'ILLEGAL_PHONE_NUMBER';
  if (first !== '4' && first !== '9') return 'NO_PROFILE';
  return phoneNumber.endsWith('0000') ? 'FAILED' : 'ACCEPTED';
}
