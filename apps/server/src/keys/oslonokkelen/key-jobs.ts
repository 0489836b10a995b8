import { keyAccessDecision, type KeyAccessDecision } from '@lokaler/domain/oslonokkelen';
import type { Db, Tx } from '../../db/client';
import { doorIdOf, type KeyGrant, type KeyServiceClient } from '../../integrations/key-service/key-service-client';
import {
  leaseRevocations,
  listDuePushedGrants,
  lockDuePushes,
  lockDueRevocations,
  lockPermission,
  settlePushedPermission,
  updateRevocation,
} from './key-job-repository';
import { grantIdFor, keyTimesHash, planPermission } from './plan-permission';
import { loadKeyBookingStates, loadKeyTimes, queueRevocation, updatePermission, type PermissionRow } from './repository';
import { applyPlan } from './sync-key-access';
import { writeTransaction } from '../../db/write-transaction';

/**
 * The key job: the only code that talks to the key service. Each step reads and leases its work in
 * one short transaction (FOR UPDATE SKIP LOCKED, so any number of server processes can run it),
 * calls the service outside any transaction, and records the answers in a second one, checking that
 * nothing changed in between:
 * 1. withdraws queued grants;
 * 2. pushes a grant for each number that is due and whose booking allows access now;
 * 3. asks the service about pushed grants and takes over its answers (accepted, no profile …).
 * A number moves NOT_REQUESTED → PUSHED_BUT_STATUS_UNKNOWN → ACCEPTED over a few runs, driven by the
 * job and the service's own pace, never by the applicant's request.
 */
export interface KeyJobResult {
  revoked: number;
  pushed: number;
  settled: number;
}

/** A push that fails this many times in a row ends as FAILED ('Systemfeil. Kontakt oss'). */
export const MAX_PUSH_ATTEMPTS = 5;
/** Numbers waiting for an approval or a signature are looked at again this often, in case a change was not announced. */
const RECHECK_WAITING_MS = 60_000;
/** Work taken by one run is not taken by another for this long (a crashed run's work comes back after it). */
const LEASE_MS = 30_000;

export async function runKeyJobs(db: Db, keyService: KeyServiceClient): Promise<KeyJobResult> {
  const revoked = await withdrawQueuedGrants(db, keyService);
  const pushed = await pushDueGrants(db, keyService);
  const settled = await followPushedGrants(db, keyService);
  return { revoked, pushed, settled };
}

const backoffMs = (attempts: number) => Math.min(2 ** attempts, 300) * 1000;
const later = (ms: number) => new Date(Date.now() + ms);

async function withdrawQueuedGrants(db: Db, keyService: KeyServiceClient): Promise<number> {
  const due = await writeTransaction(db, async (tx) => {
    const rows = await lockDueRevocations(tx, 50);
    await leaseRevocations(
      tx,
      rows.map((r) => r.grantId),
      later(LEASE_MS),
    );
    return rows;
  });
  const outcomes = await Promise.all(
    due.map(async (row) => ({
      row,
      ok: await keyService.revokeGrant(row.grantId).then(
        () => true,
        () => false,
      ),
    })),
  );
  await writeTransaction(db, async (tx) => {
    for (const { row, ok } of outcomes) {
      await updateRevocation(
        tx,
        row.grantId,
        ok ? { doneAt: new Date() } : { attempts: row.attempts + 1, nextAttemptAt: later(backoffMs(row.attempts + 1)) },
      );
    }
  });
  return outcomes.filter((o) => o.ok).length;
}

interface PushPlan {
  permission: PermissionRow;
  grantId: string;
  grant: KeyGrant;
  hash: string;
}

/** What the booking allows each of these numbers now, with the fingerprint of its key times. */
async function decisionsFor(tx: Tx, permissions: readonly PermissionRow[]) {
  const bookingIds = [...new Set(permissions.map((p) => p.bookingId))];
  const states = await loadKeyBookingStates(tx, bookingIds);
  const times = await loadKeyTimes(tx, bookingIds);
  return (permission: PermissionRow): { decision: KeyAccessDecision; hash: string; times: typeof times } => {
    const state = states.get(permission.bookingId);
    const own = times.filter((t) => t.bookingId === permission.bookingId);
    const decision = keyAccessDecision({
      status: state?.status ?? 'CANCELLED',
      contractSigned: state?.contractSigned ?? null,
      activeKeyReservationCount: own.length,
    });
    return { decision, hash: keyTimesHash(own), times: own };
  };
}

async function pushDueGrants(db: Db, keyService: KeyServiceClient): Promise<number> {
  const plans = await writeTransaction(db, async (tx) => {
    const due = await lockDuePushes(tx, 25);
    const decide = await decisionsFor(tx, due);
    const toPush: PushPlan[] = [];
    for (const permission of due) {
      const { decision, hash, times } = decide(permission);
      const plan = planPermission(permission, decision, hash);
      if (plan.pushNow) {
        await updatePermission(tx, permission.id, { nextAttemptAt: later(LEASE_MS) });
        toPush.push({
          permission,
          hash,
          grantId: grantIdFor(permission),
          grant: {
            phoneNumber: permission.phoneNumber,
            doors: [...new Set(times.map((t) => doorIdOf(t.bookableAssetId)))],
            periods: times.map((t) => ({ from: t.from, until: t.until })),
          },
        });
        continue;
      }
      await applyPlan(tx, permission, plan);
      if ((plan.status ?? permission.status) === 'NOT_REQUESTED')
        await updatePermission(tx, permission.id, { nextAttemptAt: later(RECHECK_WAITING_MS) });
    }
    return toPush;
  });
  const outcomes = await Promise.all(
    plans.map(async (plan) => ({
      plan,
      ok: await keyService.putGrant(plan.grantId, plan.grant).then(
        () => true,
        () => false,
      ),
    })),
  );
  return writeTransaction(db, async (tx) => {
    let pushed = 0;
    for (const { plan, ok } of outcomes) if (await recordPush(tx, plan, ok)) pushed++;
    return pushed;
  });
}

/** Records one push; a number that changed meanwhile (removed, withdrawn) gets the fresh grant withdrawn. */
async function recordPush(tx: Tx, plan: PushPlan, ok: boolean): Promise<boolean> {
  const now = await lockPermission(tx, plan.permission.id);
  const unchanged =
    now && now.status === 'NOT_REQUESTED' && now.grantGeneration === plan.permission.grantGeneration && now.grantId === null;
  if (!unchanged) {
    if (ok) await queueRevocation(tx, plan.grantId);
    return false;
  }
  if (!ok) {
    const attempts = now.attempts + 1;
    if (attempts < MAX_PUSH_ATTEMPTS) {
      await updatePermission(tx, now.id, { attempts, nextAttemptAt: later(backoffMs(attempts)) });
    } else {
      // The service may have taken the last attempt after all (a timeout): withdraw that id to be sure.
      await queueRevocation(tx, plan.grantId);
      await updatePermission(tx, now.id, { status: 'FAILED', attempts, grantGeneration: now.grantGeneration + 1 });
    }
    return false;
  }
  await updatePermission(tx, now.id, {
    status: 'PUSHED_BUT_STATUS_UNKNOWN',
    grantId: plan.grantId,
    grantedTimesHash: plan.hash,
    attempts: 0,
    nextAttemptAt: new Date(),
  });
  // The booking may have changed while the service was called: bring the number in line at once.
  const pushed = { ...now, status: 'PUSHED_BUT_STATUS_UNKNOWN' as const, grantId: plan.grantId, grantedTimesHash: plan.hash };
  const { decision, hash } = (await decisionsFor(tx, [pushed]))(pushed);
  await applyPlan(tx, pushed, planPermission(pushed, decision, hash));
  return true;
}

async function followPushedGrants(db: Db, keyService: KeyServiceClient): Promise<number> {
  const pushed = await listDuePushedGrants(db, 100);
  const withGrant = pushed.filter((p): p is PermissionRow & { grantId: string } => p.grantId !== null);
  if (withGrant.length === 0) return 0;
  const answers = await keyService.grantStates(withGrant.map((p) => p.grantId));
  return writeTransaction(db, async (tx) => {
    let settled = 0;
    for (const permission of withGrant) {
      const state = answers.get(permission.grantId);
      if (state === 'PENDING') continue;
      const fields =
        state === undefined
          ? // The service does not know the grant (lost on its side): push it again under a new id.
            {
              status: 'NOT_REQUESTED' as const,
              grantId: null,
              grantedTimesHash: null,
              grantGeneration: permission.grantGeneration + 1,
              nextAttemptAt: new Date(),
            }
          : // REVOKED here means someone withdrew it at the service, not us: the number has no key.
            { status: state === 'REVOKED' ? ('FAILED' as const) : state };
      if ((await settlePushedPermission(tx, permission, fields)) && state !== undefined) settled++;
    }
    return settled;
  });
}
