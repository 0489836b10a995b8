import { describe, expect, it } from 'vitest';
import { conflictUserMessage, createBookingRequest, formatTimeRange, overlappingTimes, timesByRoom } from './booking-create';

const t = (date: string, startTime: string, duration: string | number = 'PT1H') => ({
  date,
  startTime,
  duration,
  initialRepetitionDate: null,
});

describe('POST /booking helpers', () => {
  it('writes a time range with midnight as 00:00', () => {
    expect(formatTimeRange('2026-03-12', '18:00:00', '19:30:00')).toBe('12.03.2026 kl. 18:00–19:30');
    expect(formatTimeRange('2026-03-12', '22:00:00', '24:00:00')).toBe('12.03.2026 kl. 22:00–00:00');
  });

  it('names the taken times in the 409 message: the first five, then how many more', () => {
    const one = [{ bookableAssetId: 1, date: '2026-03-12', startTime: '18:00:00', endTime: '19:00:00' }];
    expect(conflictUserMessage(one, () => 'Gymsal')).toBe(
      'Tidspunktet er ikke lenger ledig: Gymsal 12.03.2026 kl. 18:00–19:00. Ingenting er lagret. Velg andre tidspunkter og prøv igjen.',
    );
    const seven = Array.from({ length: 7 }, (_, i) => ({
      bookableAssetId: 1,
      date: `2026-03-${String(10 + i)}`,
      startTime: '18:00:00',
      endTime: '19:00:00',
    }));
    const message = conflictUserMessage(seven);
    expect(message).toMatch(
      /^Noen av tidspunktene er ikke lenger ledige: 10\.03\.2026 kl\. 18:00–19:00, .* 14\.03\.2026 kl\. 18:00–19:00 og 2 til\. Ingenting er lagret/,
    );
    expect(conflictUserMessage([])).toBe('Tidspunktet er ikke lenger ledig. Ingenting er lagret. Velg andre tidspunkter og prøv igjen.');
  });

  it('finds times of one request that overlap each other, also across midnight; touching times do not', () => {
    expect(overlappingTimes([t('2026-03-12', '18:00:00'), t('2026-03-12', '19:00:00'), t('2026-03-12', '17:00:00')])).toEqual([]);
    expect(overlappingTimes([t('2026-03-12', '18:00:00', 'PT2H'), t('2026-03-12', '19:00:00')])).toEqual([t('2026-03-12', '19:00:00')]);
    expect(overlappingTimes([t('2026-03-12', '23:00:00', 'PT2H'), t('2026-03-13', '00:30:00')])).toEqual([t('2026-03-13', '00:30:00')]);
    expect(overlappingTimes([t('2026-03-12', '18:00:00', 1), t('2026-03-12', '18:00:00')])).toHaveLength(1);
    // Unreadable times are the rules' to refuse.
    expect(overlappingTimes([t('2026-02-30', '18:00:00'), t('2026-03-12', 'x')])).toEqual([]);
  });

  it('joins a room sent twice into one entry, in order of first appearance', () => {
    expect(
      timesByRoom([
        { bookableAssetId: 2, datesAndTimes: [t('2026-03-12', '18:00:00')] },
        { bookableAssetId: 1, datesAndTimes: [t('2026-03-12', '18:00:00')] },
        { bookableAssetId: 2, datesAndTimes: [t('2026-03-19', '18:00:00')] },
      ]),
    ).toEqual([
      { bookableAssetId: 2, datesAndTimes: [t('2026-03-12', '18:00:00'), t('2026-03-19', '18:00:00')] },
      { bookableAssetId: 1, datesAndTimes: [t('2026-03-12', '18:00:00')] },
    ]);
  });

  it('takes the form answers beside the times', () => {
    const body = {
      availabilityData: {
        probablyAvailable: [{ bookableAssetId: 1, datesAndTimes: [{ date: '2026-03-12', startTime: '18:00:00', duration: 'PT1H' }] }],
      },
      isRepeating: false,
      bookingPortalClient: 'PUBLIC',
      bookingPurpose: 'PUBLICUSER_LOAN',
    };
    expect(createBookingRequest.safeParse(body).success).toBe(false);
    expect(createBookingRequest.parse({ ...body, formAnswers: { participants: '12', contactEmail: 'a@b.no' } }).formAnswers).toEqual({
      participants: '12',
      contactEmail: 'a@b.no',
    });
  });
});
