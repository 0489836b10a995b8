import { describe, expect, it } from 'vitest';
import { adminAvailabilityRequest, availabilityRequest, availabilityResponse, createBookingBody } from './booking-request';
import { availabilityForBookingDto, toAvailabilityResponse } from './scheduling/availability-for-booking';
import { effectivePublicRules } from './scheduling/public-booking-rules';
import { prepareRoom } from './scheduling/room-calendar';
import { testContext, testRoom } from './scheduling/test-support/room-fixture';

const dto = { bookableAssetId: 4, datesAndTimes: [{ date: '2025-03-31', startTime: '10:00:00', duration: 'PT1H' }], repetition: null };
const paths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((i) => i.path.join('.'));

describe('booking request schemas', () => {
  it('accept a booking request with ISO or hour durations and the repeat patterns of the old flow', () => {
    expect(availabilityRequest.parse({ bookingCreationDtos: [dto] })).toEqual({ bookingCreationDtos: [dto] });
    const repeated = {
      ...dto,
      datesAndTimes: [{ date: '2025-03-31', startTime: '10:00:00', duration: 1.5 }],
      repetition: { lastDate: '2025-06-30', pattern: 'BIWEEKLY' },
    };
    expect(availabilityRequest.safeParse({ bookingCreationDtos: [repeated] }).success).toBe(true);
    expect(
      availabilityRequest.safeParse({ bookingCreationDtos: [{ ...dto, repetition: { lastDate: '2025-06-30', pattern: '' } }] }).success,
    ).toBe(true);
  });

  it('refuse malformed dates, times, durations, patterns and empty lists, naming the field', () => {
    const bad = (change: Record<string, unknown>) => paths(availabilityRequest.safeParse({ bookingCreationDtos: [{ ...dto, ...change }] }));
    expect(bad({ datesAndTimes: [{ date: '2025-02-30', startTime: '10:00:00', duration: 'PT1H' }] })).toEqual([
      'bookingCreationDtos.0.datesAndTimes.0.date',
    ]);
    expect(bad({ datesAndTimes: [{ date: '2025-03-31', startTime: '10:00', duration: 'PT1H' }] })).toEqual([
      'bookingCreationDtos.0.datesAndTimes.0.startTime',
    ]);
    expect(bad({ datesAndTimes: [{ date: '2025-03-31', startTime: '10:00:00', duration: '1 hour' }] })).toEqual([
      'bookingCreationDtos.0.datesAndTimes.0.duration',
    ]);
    expect(bad({ datesAndTimes: [] })).toEqual(['bookingCreationDtos.0.datesAndTimes']);
    expect(bad({ repetition: { lastDate: '2025-06-30', pattern: 'WEEKLYONWEEKDAY' } })).toEqual([
      'bookingCreationDtos.0.repetition.pattern',
    ]);
    expect(paths(availabilityRequest.safeParse({ bookingCreationDtos: [] }))).toEqual(['bookingCreationDtos']);
  });

  it('the admin request adds includeBlockedSlots and includeClosedDates', () => {
    expect(
      adminAvailabilityRequest.parse({ bookingCreationDtos: [dto], includeBlockedSlots: true, includeClosedDates: false }),
    ).toMatchObject({ includeBlockedSlots: true, includeClosedDates: false });
  });

  it('the availability answer made by the rules fits its schema, and POST /booking takes its available part back', () => {
    const room = prepareRoom(testRoom({ bookableAssetId: 4 }), testContext('2025-03-28'));
    const answer = toAvailabilityResponse([availabilityForBookingDto({ room, dto, rules: effectivePublicRules({}) })]);
    expect(availabilityResponse.parse(answer)).toEqual(answer);
    const body = createBookingBody.parse({
      availabilityData: answer,
      isRepeating: false,
      bookingPortalClient: 'PUBLIC',
      bookingPurpose: 'PUBLICUSER_LOAN',
    });
    expect(body.availabilityData.probablyAvailable).toEqual([
      { bookableAssetId: 4, datesAndTimes: [{ date: '2025-03-31', startTime: '10:00:00', duration: 'PT1H', initialRepetitionDate: null }] },
    ]);
  });

  it('POST /booking refuses an empty booking, an unknown purpose or portal', () => {
    const base = {
      availabilityData: {
        probablyAvailable: [{ bookableAssetId: 4, datesAndTimes: [{ ...dto.datesAndTimes[0], initialRepetitionDate: null }] }],
      },
      isRepeating: false,
      bookingPortalClient: 'PUBLIC',
      bookingPurpose: 'PUBLICUSER_LOAN',
    };
    expect(createBookingBody.safeParse(base).success).toBe(true);
    expect(paths(createBookingBody.safeParse({ ...base, availabilityData: { probablyAvailable: [] } }))).toEqual([
      'availabilityData.probablyAvailable',
    ]);
    expect(paths(createBookingBody.safeParse({ ...base, bookingPurpose: 'FUN' }))).toEqual(['bookingPurpose']);
    expect(paths(createBookingBody.safeParse({ ...base, bookingPortalClient: 'OTHER' }))).toEqual(['bookingPortalClient']);
  });
});
