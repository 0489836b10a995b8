import { describe, expect, it } from 'vitest';
import { availableTimeSeries } from './available-dates';
import { availableTimeSeriesQuery, availableTimeSeriesResponse, searchAssetsQuery, searchAssetsRepeatingQuery } from './search-query';
import { testContext, testRoom } from './test-support/room-fixture';

describe('search query schemas', () => {
  it('drop the "alle" tag and read single or repeated tags', () => {
    expect(searchAssetsQuery.parse({ tagIds: ['alle', '3', '5'], date: '2025-04-01', duration: 'PT1H30M' })).toEqual({
      tagIds: [3, 5],
      date: '2025-04-01',
      duration: 'PT1H30M',
    });
    expect(searchAssetsQuery.parse({ tagIds: 'alle', date: '2025-04-01', duration: 'PT1H' }).tagIds).toEqual([]);
    expect(searchAssetsQuery.parse({ date: '2025-04-01', duration: 'PT1H' }).tagIds).toEqual([]);
  });

  it('refuse a bad date or duration', () => {
    expect(searchAssetsQuery.safeParse({ date: '01.04.2025', duration: 'PT1H' }).success).toBe(false);
    expect(searchAssetsQuery.safeParse({ date: '2025-04-01', duration: '90' }).success).toBe(false);
  });

  it('the recurring search needs a pattern and at least one weekday', () => {
    const query = { from: '2025-04-01', to: '2025-06-30', duration: 'PT1H', repetition: 'BIWEEKLYONWEEKDAY', daysOfWeek: 'TUESDAY' };
    expect(searchAssetsRepeatingQuery.parse(query)).toMatchObject({ daysOfWeek: ['TUESDAY'], repetition: 'BIWEEKLYONWEEKDAY', tagIds: [] });
    expect(searchAssetsRepeatingQuery.safeParse({ ...query, daysOfWeek: undefined }).success).toBe(false);
    expect(searchAssetsRepeatingQuery.safeParse({ ...query, daysOfWeek: ['FUNDAY'] }).success).toBe(false);
    expect(searchAssetsRepeatingQuery.safeParse({ ...query, repetition: 'WEEKLY' }).success).toBe(false);
    expect(availableTimeSeriesQuery.parse({ ...query, bookableAssetId: '7' }).bookableAssetId).toBe(7);
  });

  it('the series answer made by the rules fits its schema', () => {
    const series = availableTimeSeries({
      room: testRoom(),
      context: testContext('2025-03-28'),
      from: '2025-03-31',
      to: '2025-04-13',
      repetition: 'WEEKLYONWEEKDAY',
      daysOfWeek: ['MONDAY'],
      duration: 'PT7H30M',
    });
    expect(availableTimeSeriesResponse.parse(series)).toEqual(series);
  });
});
