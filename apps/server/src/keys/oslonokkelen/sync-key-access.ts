import { keyAccessDecision } from '@lokaler/domain/oslonokkelen';
import type { Tx } from '../../db/client';
import { keyTimesHash, planPermission } from './plan-permission';
import {
  loadKeyBookingStates,
  loadKeyTimes,
  lockShownPermissions,
  queueRevocation,
  updatePermission,
  type PermissionRow,
} from './repository';

/**
 * Brings the digital-key access of a booking in line with the booking, in the caller's transaction.
 * The bookings module runs it after every recorded change of a booking's status, contract or times
 * (keyAccessHook in booking-hook.ts, registered in modules/index.ts); a new key number calls it
 * directly. It withdraws grants that no longer fit (queued, sent after commit) and marks numbers for
 * the key job to push; it never calls the key service itself, so it is safe inside any transaction.
 */
export async function syncKeyAccess(tx: Tx, bookingId: number): Promise<void> {
  const permissions = await lockShownPermissions(tx, bookingId);
  if (permissions.length === 0) return;
  const state = (await loadKeyBookingStates(tx, [bookingId])).get(bookingId);
  if (!state) return;
  const times = await loadKeyTimes(tx, [bookingId]);
  const decision = keyAccessDecision({
    status: state.status,
    contractSigned: state.contractSigned,
    activeKeyReservationCount: times.length,
  });
  const hash = keyTimesHash(times);
  for (const permission of permissions) await applyPlan(tx, permission, planPermission(permission, decision, hash));
}

/** Writes one number's planned change; shared with the key job. */
export async function applyPlan(tx: Tx, permission: PermissionRow, plan: ReturnType<typeof planPermission>): Promise<void> {
  if (!plan.withdrawGrant && plan.status === undefined && !plan.pushNow) return;
  if (!plan.withdrawGrant && plan.status === permission.status && !plan.pushNow) return;
  if (plan.withdrawGrant && permission.grantId) await queueRevocation(tx, permission.grantId);
  await updatePermission(tx, permission.id, {
    ...(plan.status ? { status: plan.status } : {}),
    ...(plan.withdrawGrant ? { grantId: null, grantedTimesHash: null, grantGeneration: permission.grantGeneration + 1 } : {}),
    ...(plan.pushNow ? { attempts: 0, nextAttemptAt: new Date() } : {}),
  });
}
