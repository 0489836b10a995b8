import { describe, expect, it } from 'vitest';
import { adminKeyAccessDisplay, adminKeyAccessStateOf, adminKeyAccessStates, type AdminKeyAccessState } from './key-access-state';
import { oslonokkelenRequestStatuses, type OslonokkelenRequestStatus } from './oslonokkelen';

const state = (requestStatus: OslonokkelenRequestStatus, bookingStatus = 'APPROVED', contractSigned: boolean | null = null) =>
  adminKeyAccessStateOf({ requestStatus, bookingStatus, contractSigned });

describe('the key-access state of a number in the admin view (spec 02 §4)', () => {
  it('has each of the eight states', () => {
    const cases: [AdminKeyAccessState, AdminKeyAccessState][] = [
      [state('PUSHED_BUT_STATUS_UNKNOWN'), 'NO_STATUS'],
      [state('DELETED'), 'DELETED'],
      [state('ILLEGAL_PHONE_NUMBER'), 'ILLEGAL_PHONE_NUMBER'],
      [state('NO_PROFILE'), 'NO_PROFILE'],
      [state('FAILED'), 'FAILED'],
      [state('NOT_REQUESTED', 'UNPROCESSED'), 'NOT_REQUESTED'],
      [state('NOT_REQUESTED', 'APPROVED', false), 'CONTRACT_REQUIRED'],
      [state('ACCEPTED', 'APPROVED', true), 'ACCEPTED'],
    ];
    for (const [actual, expected] of cases) expect(actual).toBe(expected);
    expect(new Set(cases.map(([, s]) => s))).toEqual(new Set(adminKeyAccessStates));
  });

  it('a number not sent yet: waits for the approval, the contract, or the key job; on a closed booking it is deleted', () => {
    expect(state('NOT_REQUESTED', 'UNPROCESSED', false)).toBe('NOT_REQUESTED');
    expect(state('NOT_REQUESTED', 'APPROVED', true)).toBe('NO_STATUS');
    expect(state('NOT_REQUESTED', 'APPROVED', null)).toBe('NO_STATUS');
    for (const closed of ['REJECTED', 'CANCELLED', 'AUTOREJECTED']) expect(state('NOT_REQUESTED', closed, false)).toBe('DELETED');
  });

  it("the key service's answer wins over the booking (a failure stays visible whatever the contract)", () => {
    expect(state('FAILED', 'APPROVED', false)).toBe('FAILED');
    expect(state('ACCEPTED', 'APPROVED', false)).toBe('ACCEPTED');
    expect(state('DELETED_UNTIL_BOOKING_CHANGED', 'APPROVED', true)).toBe('DELETED');
  });

  it('every stored status maps to a state with a Norwegian label and a Designsystemet colour', () => {
    for (const s of oslonokkelenRequestStatuses) {
      const display = adminKeyAccessDisplay[state(s)];
      expect(display.label.length).toBeGreaterThan(0);
      expect(['info', 'success', 'warning', 'danger', 'neutral']).toContain(display.colour);
    }
    expect(new Set(Object.values(adminKeyAccessDisplay).map((d) => d.label)).size).toBe(adminKeyAccessStates.length);
  });
});
