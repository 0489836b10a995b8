import { describe, expect, it } from 'vitest';
import { isValidOrganizationNumber } from './impersonation';
import {
  cancellationRefusedMessage,
  contractMustBeSigned,
  describeReservationTime,
  formatOsloDateTime,
  isCancellable,
  periodDescription,
  reservationsInOverview,
  reservationTimesDescription,
} from './user-booking-rules';

describe("the applicant's booking rules", () => {
  const now = new Date('2025-06-10T12:00:00Z');

  it('cancels unprocessed bookings always, approved ones until the deadline, closed ones never', () => {
    expect(isCancellable({ status: 'UNPROCESSED', cancellationDeadline: null }, now)).toBe(true);
    expect(isCancellable({ status: 'APPROVED', cancellationDeadline: '2025-06-10T12:00:00Z' }, now)).toBe(true);
    expect(isCancellable({ status: 'APPROVED', cancellationDeadline: '2025-06-10T11:59:59Z' }, now)).toBe(false);
    expect(isCancellable({ status: 'APPROVED', cancellationDeadline: null }, now)).toBe(false);
    for (const status of ['REJECTED', 'CANCELLED', 'AUTOREJECTED'] as const)
      expect(isCancellable({ status, cancellationDeadline: '2030-01-01T00:00:00Z' }, now)).toBe(false);
  });

  it('counts only approved and unprocessed times, and describes the period by them', () => {
    const times = [
      { date: '2025-09-02', startTime: '18:00:00', endTime: '20:00:00', status: 'APPROVED' as const },
      { date: '2025-09-09', startTime: '18:00:00', endTime: '20:00:00', status: 'REPLACED' as const },
      { date: '2025-09-16', startTime: '18:00:00', endTime: '20:00:00', status: 'UNPROCESSED' as const },
      { date: '2025-12-16', startTime: '18:00:00', endTime: '20:00:00', status: 'UNAVAILABLE' as const },
    ];
    expect(reservationsInOverview(times).map((t) => t.date)).toEqual(['2025-09-02', '2025-09-16']);
    expect(periodDescription(times)).toBe('02.09.2025 – 16.09.2025');
    expect(reservationTimesDescription(times)).toBe('2 tider, 02.09.2025 – 16.09.2025');
    expect(reservationTimesDescription(times.slice(0, 1))).toBe('02.09.2025 kl. 18:00–20:00');
    // A rejected booking still shows when it was for.
    expect(periodDescription([{ date: '2025-10-01', status: 'REJECTED' }])).toBe('01.10.2025');
    expect(periodDescription([])).toBe('');
  });

  it('shows a time ending at midnight as 00:00 and names the weekday', () => {
    expect(describeReservationTime({ date: '2025-09-02', startTime: '18:00:00', endTime: '20:00:00' })).toBe(
      'tirsdag 02.09.2025 kl. 18:00–20:00',
    );
    expect(describeReservationTime({ date: '2025-09-02', startTime: '22:00:00', endTime: '00:00:00' })).toBe(
      'tirsdag 02.09.2025 kl. 22:00–00:00',
    );
    expect(reservationTimesDescription([{ date: '2025-09-02', startTime: '15:00:00', endTime: '00:00:00', status: 'APPROVED' }])).toBe(
      '02.09.2025 kl. 15:00–00:00',
    );
  });

  it('writes an instant on the Oslo wall clock, across daylight saving time', () => {
    expect(formatOsloDateTime('2025-03-30T00:30:00Z')).toBe('30.03.2025 01:30');
    expect(formatOsloDateTime('2025-03-30T01:30:00Z')).toBe('30.03.2025 03:30');
    expect(formatOsloDateTime('2025-10-26T23:15:00Z')).toBe('27.10.2025 00:15');
  });

  it('shows the contract badge only on an approved booking with an unsigned contract', () => {
    const contract = (isFulfilled: boolean) => [{ type: 'CONTRACT', isFulfilled }];
    expect(contractMustBeSigned({ status: 'APPROVED', requirements: contract(false) })).toBe(true);
    expect(contractMustBeSigned({ status: 'APPROVED', requirements: contract(true) })).toBe(false);
    expect(contractMustBeSigned({ status: 'UNPROCESSED', requirements: contract(false) })).toBe(false);
  });

  it('sends the applicant to the location, and wedding couples to the wedding office', () => {
    const base = { status: 'APPROVED' as const, locationName: 'Sagene skole', contactEmail: 'post@sagene.no' };
    expect(cancellationRefusedMessage({ ...base, sourceForm: 'school' })).toContain('Ta kontakt med Sagene skole på post@sagene.no');
    expect(cancellationRefusedMessage({ ...base, sourceForm: 'wedding' })).toContain('Ta kontakt med vielseskontoret på post@sagene.no');
    expect(cancellationRefusedMessage({ ...base, contactEmail: null, sourceForm: 'default' })).toContain(
      'Ta kontakt med Sagene skole for å kansellere.',
    );
  });

  it('checks organisation numbers with the mod-11 control digit', () => {
    expect(isValidOrganizationNumber('974760673')).toBe(true); // Brønnøysundregistrene's own
    expect(isValidOrganizationNumber('974760674')).toBe(false);
    expect(isValidOrganizationNumber('97476067')).toBe(false);
    expect(isValidOrganizationNumber('97476067a')).toBe(false);
  });
});
