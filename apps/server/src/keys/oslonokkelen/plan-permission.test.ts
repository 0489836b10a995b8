import { describe, expect, it } from 'vitest';
import { grantIdFor, keyTimesHash, planPermission, type PermissionState } from './plan-permission';

describe('what happens to a shared number when the booking changes', () => {
  const times = [{ bookableAssetId: 3, from: '2025-09-02T16:00:00.000Z', until: '2025-09-02T18:00:00.000Z' }];
  const hash = keyTimesHash(times);
  const waiting: PermissionState = { status: 'NOT_REQUESTED', grantId: null, grantedTimesHash: null };
  const granted: PermissionState = { status: 'ACCEPTED', grantId: 'lokaler-p1-g0', grantedTimesHash: hash };

  it('fingerprints the times whatever their order', () => {
    const two = [...times, { bookableAssetId: 4, from: '2025-09-09T16:00:00.000Z', until: '2025-09-09T18:00:00.000Z' }];
    expect(keyTimesHash(two)).toBe(keyTimesHash([...two].reverse()));
    expect(keyTimesHash(two)).not.toBe(hash);
  });

  it('pushes a waiting number when access is allowed, and leaves a grant for the same times alone', () => {
    expect(planPermission(waiting, 'GRANT', hash)).toEqual({ status: 'NOT_REQUESTED', withdrawGrant: false, pushNow: true });
    expect(planPermission(granted, 'GRANT', hash)).toEqual({ withdrawGrant: false, pushNow: false });
    expect(planPermission({ ...granted, status: 'NO_PROFILE' }, 'GRANT', hash)).toEqual({ withdrawGrant: false, pushNow: false });
  });

  it('replaces a grant for other times', () => {
    expect(planPermission(granted, 'GRANT', keyTimesHash([]))).toEqual({ status: 'NOT_REQUESTED', withdrawGrant: true, pushNow: true });
  });

  it('withdraws for good when closed, until approval or signature when waiting, until changed without times', () => {
    expect(planPermission(granted, 'CLOSED', hash)).toEqual({ status: 'DELETED', withdrawGrant: true, pushNow: false });
    expect(planPermission(waiting, 'CLOSED', hash)).toEqual({ status: 'DELETED', withdrawGrant: false, pushNow: false });
    expect(planPermission(granted, 'WAITING', hash)).toEqual({ status: 'NOT_REQUESTED', withdrawGrant: true, pushNow: false });
    expect(planPermission(granted, 'NO_TIMES', hash)).toEqual({
      status: 'DELETED_UNTIL_BOOKING_CHANGED',
      withdrawGrant: true,
      pushNow: false,
    });
    expect(planPermission({ status: 'DELETED_UNTIL_BOOKING_CHANGED', grantId: null, grantedTimesHash: null }, 'GRANT', hash)).toMatchObject(
      { status: 'NOT_REQUESTED', pushNow: true },
    );
  });

  it('derives grant ids from the generation: a retry repeats the id, a new grant gets a new one', () => {
    expect(grantIdFor({ id: 7, grantGeneration: 0 })).toBe('lokaler-p7-g0');
    expect(grantIdFor({ id: 7, grantGeneration: 1 })).toBe('lokaler-p7-g1');
  });
});
