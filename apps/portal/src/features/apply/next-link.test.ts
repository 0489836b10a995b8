import { describe, expect, it } from 'vitest';
import { registrationTarget } from './next-link';

const base = { bookingId: 42, activityType: 'school', trustedExternalLinks: ['https://skjema.oslo.kommune.no/vielse?steg=1'] };

describe('registrationTarget (spec 01 §2 booking registration page)', () => {
  it('goes to / without a nextLink, carrying the receipt for the home page', () => {
    expect(registrationTarget({ ...base, nextLink: null })).toEqual({ kind: 'internal', to: '/', receipt: { sentBookingId: 42 } });
  });

  it('navigates inside the app to nextLink with bookingId and activityType, keeping its own query', () => {
    expect(registrationTarget({ ...base, nextLink: '/ny-booking/vielse' })).toEqual({
      kind: 'internal',
      to: '/ny-booking/vielse?bookingId=42&activityType=school',
    });
    expect(registrationTarget({ ...base, nextLink: '/skjema?a=1', activityType: null })).toEqual({
      kind: 'internal',
      to: '/skjema?a=1&bookingId=42',
    });
  });

  it('leaves for an http nextLink with &bookingId appended, when it is the flow’s own link', () => {
    expect(registrationTarget({ ...base, nextLink: 'https://skjema.oslo.kommune.no/vielse?steg=1' })).toEqual({
      kind: 'external',
      url: 'https://skjema.oslo.kommune.no/vielse?steg=1&bookingId=42',
    });
  });

  it('never sends the person (and the booking id) to an address the rooms do not name', () => {
    expect(registrationTarget({ ...base, nextLink: 'https://evil.example/' })).toEqual({
      kind: 'internal',
      to: '/',
      receipt: { sentBookingId: 42 },
    });
    expect(registrationTarget({ ...base, nextLink: '//evil.example/' })).toEqual({
      kind: 'internal',
      to: '/',
      receipt: { sentBookingId: 42 },
    });
    expect(registrationTarget({ ...base, nextLink: 'javascript:alert(1)' })).toEqual({
      kind: 'internal',
      to: '/',
      receipt: { sentBookingId: 42 },
    });
  });
});
