import { describe, expect, it } from 'vitest';
import { buildSchedule } from './build-schedule';
import { scheduleQuery, scheduleResponse, firstAndLastBookableDateQuery } from './schedule-query';
import { testContext, testRoom } from './test-support/room-fixture';

describe('scheduleQuery', () => {
  it('reads repeated and single query parameters as lists, and booleans from text', () => {
    expect(
      scheduleQuery.parse({
        bookableAssetIds: ['3', '4'],
        fromInclusive: '2025-03-31',
        toInclusive: '2025-04-06',
        allowedToBookBlockedSlots: 'true',
        reservationIdsToIgnore: '12',
      }),
    ).toEqual({
      bookableAssetIds: [3, 4],
      fromInclusive: '2025-03-31',
      toInclusive: '2025-04-06',
      allowedToBookBlockedSlots: true,
      reservationIdsToIgnore: [12],
    });
    expect(scheduleQuery.parse({ bookableAssetIds: '3', fromInclusive: '2025-03-31', toInclusive: '2025-03-31' }).bookableAssetIds).toEqual(
      [3],
    );
  });

  it('refuses a missing room, bad dates, a reversed or too long range', () => {
    const issues = (query: Record<string, unknown>) =>
      scheduleQuery.safeParse(query).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ fromInclusive: '2025-03-31', toInclusive: '2025-04-06' })?.[0]).toMatch(/^bookableAssetIds/);
    expect(issues({ bookableAssetIds: 'x', fromInclusive: '2025-03-31', toInclusive: '2025-04-06' })?.[0]).toMatch(/^bookableAssetIds/);
    expect(issues({ bookableAssetIds: '1', fromInclusive: '31.03.2025', toInclusive: '2025-04-06' })).toEqual([
      'fromInclusive: Ugyldig dato, bruk formatet ÅÅÅÅ-MM-DD',
    ]);
    expect(issues({ bookableAssetIds: '1', fromInclusive: '2025-04-06', toInclusive: '2025-03-31' })).toEqual([
      'toInclusive: Til-dato kan ikke være før fra-dato',
    ]);
    expect(issues({ bookableAssetIds: '1', fromInclusive: '2025-01-01', toInclusive: '2025-12-31' })).toEqual([
      'toInclusive: Perioden kan være høyst 93 dager',
    ]);
    expect(
      issues({ bookableAssetIds: '1', fromInclusive: '2025-01-01', toInclusive: '2025-01-01', allowedToBookBlockedSlots: 'yes' })?.[0],
    ).toMatch(/^allowedToBookBlockedSlots/);
    expect(firstAndLastBookableDateQuery.safeParse({}).success).toBe(false);
  });

  it('the response schema accepts what buildSchedule makes', () => {
    const timeslotsByDate = buildSchedule({
      room: testRoom(),
      context: testContext('2025-03-31'),
      fromInclusive: '2025-03-31',
      toInclusive: '2025-04-06',
    });
    expect(scheduleResponse.parse([{ bookableAssetId: 1, timeslotsByDate }])[0]?.timeslotsByDate['2025-03-31']?.[0]).toEqual({
      startTime: '08:00:00',
      duration: 'PT15M',
      booked: false,
      bookingAllowed: true,
      displayAsBlockedButAllowed: false,
      blocked: false,
    });
  });
});
