import { describe, expect, it } from 'vitest';
import {
  isKeySectionVisible,
  keyAccessDecision,
  normalizeKeyPhoneNumber,
  oslonokkelenStatusText,
  overallKeyStatus,
  shouldPollKeyStatus,
} from './oslonokkelen';

describe('the digital key rules', () => {
  it('takes exactly 8 digits once spaces are removed (spec 02 §5)', () => {
    expect(normalizeKeyPhoneNumber('41234567')).toBe('41234567');
    expect(normalizeKeyPhoneNumber(' 412 34 567 ')).toBe('41234567');
    expect(normalizeKeyPhoneNumber('41\t23 45 67')).toBe('41234567');
    for (const bad of ['', '4123456', '412345678', '+4741234567', '4123-4567', '4123456a'])
      expect([bad, normalizeKeyPhoneNumber(bad)]).toEqual([bad, null]);
  });

  it('sums the numbers up as the least advanced one, ignoring deleted ones', () => {
    expect(overallKeyStatus([])).toBeNull();
    expect(overallKeyStatus(['DELETED'])).toBeNull();
    expect(overallKeyStatus(['ACCEPTED', 'ACCEPTED', 'DELETED'])).toBe('ACCEPTED');
    expect(overallKeyStatus(['ACCEPTED', 'PUSHED_BUT_STATUS_UNKNOWN'])).toBe('PUSHED_BUT_STATUS_UNKNOWN');
    expect(overallKeyStatus(['PUSHED_BUT_STATUS_UNKNOWN', 'NOT_REQUESTED'])).toBe('NOT_REQUESTED');
    expect(overallKeyStatus(['ACCEPTED', 'NO_PROFILE'])).toBe('NO_PROFILE');
    expect(overallKeyStatus(['DELETED_UNTIL_BOOKING_CHANGED'])).toBe('DELETED_UNTIL_BOOKING_CHANGED');
  });

  it('polls while approved with numbers that are not all accepted', () => {
    const info = (bookingStatus: string, oslonokkelenStatus: 'ACCEPTED' | 'NOT_REQUESTED' | null, count: number) => ({
      bookingStatus,
      oslonokkelenStatus,
      oslonokkelenPermissions: Array.from({ length: count }, (_, i) => ({
        id: i,
        bookingId: 1,
        phoneNumber: '41234567',
        oslonokkelenRequestStatus: 'NOT_REQUESTED' as const,
      })),
    });
    expect(shouldPollKeyStatus(info('APPROVED', 'NOT_REQUESTED', 1))).toBe(true);
    expect(shouldPollKeyStatus(info('APPROVED', 'ACCEPTED', 1))).toBe(false);
    expect(shouldPollKeyStatus(info('APPROVED', null, 0))).toBe(false);
    expect(shouldPollKeyStatus(info('UNPROCESSED', 'NOT_REQUESTED', 1))).toBe(false);
  });

  it('hides the section without a key, while access waits for a changed booking, when sharing is off and for rejections', () => {
    const base = { hasOslonokkelen: true, oslonokkelenStatus: null, allowOslonokkelenKeySharing: true, bookingStatus: 'APPROVED' } as const;
    expect(isKeySectionVisible(base)).toBe(true);
    expect(isKeySectionVisible({ ...base, hasOslonokkelen: false })).toBe(false);
    expect(isKeySectionVisible({ ...base, oslonokkelenStatus: 'DELETED_UNTIL_BOOKING_CHANGED' })).toBe(false);
    expect(isKeySectionVisible({ ...base, allowOslonokkelenKeySharing: false })).toBe(false);
    expect(isKeySectionVisible({ ...base, bookingStatus: 'REJECTED' })).toBe(false);
  });

  it('labels a waiting number by what it waits for', () => {
    expect(oslonokkelenStatusText('NOT_REQUESTED', { status: 'UNPROCESSED', contractSigned: null }).text).toBe('Venter på godkjenning');
    expect(oslonokkelenStatusText('NOT_REQUESTED', { status: 'APPROVED', contractSigned: false }).text).toBe('Venter på signert kontrakt');
    expect(oslonokkelenStatusText('ACCEPTED', { status: 'APPROVED', contractSigned: true })).toEqual({
      text: 'Tilgang sendt',
      colour: 'green',
    });
    expect(oslonokkelenStatusText('PUSHED_BUT_STATUS_UNKNOWN', { status: 'APPROVED', contractSigned: true })).toEqual({
      text: 'Venter på Oslonøkkelen',
      colour: 'yellow',
    });
  });

  it('grants access only to approved bookings with a signed contract (where one is required) and active key times', () => {
    expect(keyAccessDecision({ status: 'UNPROCESSED', contractSigned: null, activeKeyReservationCount: 2 })).toBe('WAITING');
    expect(keyAccessDecision({ status: 'APPROVED', contractSigned: false, activeKeyReservationCount: 2 })).toBe('WAITING');
    expect(keyAccessDecision({ status: 'APPROVED', contractSigned: true, activeKeyReservationCount: 2 })).toBe('GRANT');
    expect(keyAccessDecision({ status: 'APPROVED', contractSigned: null, activeKeyReservationCount: 1 })).toBe('GRANT');
    expect(keyAccessDecision({ status: 'APPROVED', contractSigned: null, activeKeyReservationCount: 0 })).toBe('NO_TIMES');
    for (const status of ['CANCELLED', 'REJECTED', 'AUTOREJECTED'])
      expect(keyAccessDecision({ status, contractSigned: true, activeKeyReservationCount: 1 })).toBe('CLOSED');
  });
});
