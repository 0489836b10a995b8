import { describe, expect, it } from 'vitest';
import { dropStart, earlierUseText, gridRange, layoutLanes, quarterTimes } from './conflict-model';

const at = (start: number, end: number) => ({ start: start * 60, end: end * 60 });

describe('layoutLanes', () => {
  it('gives lone bars the whole width', () => {
    expect(layoutLanes([at(8, 9), at(10, 11)])).toEqual([
      { lane: 0, lanes: 1 },
      { lane: 0, lanes: 1 },
    ]);
  });

  it('sets overlapping bars side by side and reuses a lane that has become free', () => {
    // 17–19 and 18–20 clash; 19–21 overlaps only the second, and takes the first lane again.
    expect(layoutLanes([at(17, 19), at(18, 20), at(19, 21)])).toEqual([
      { lane: 0, lanes: 2 },
      { lane: 1, lanes: 2 },
      { lane: 0, lanes: 2 },
    ]);
  });

  it('counts three bars over the same hours as three lanes, and a later separate bar as its own cluster', () => {
    expect(layoutLanes([at(17, 19), at(17, 19), at(17, 19), at(20, 21)])).toEqual([
      { lane: 0, lanes: 3 },
      { lane: 1, lanes: 3 },
      { lane: 2, lanes: 3 },
      { lane: 0, lanes: 1 },
    ]);
  });

  it('does not treat touching bars as overlapping', () => {
    expect(layoutLanes([at(18, 19), at(17, 18)])).toEqual([
      { lane: 0, lanes: 1 },
      { lane: 0, lanes: 1 },
    ]);
  });
});

describe('gridRange', () => {
  it('spans the opening hours and every bar, on whole hours', () => {
    const range = gridRange(
      {
        openingHours: [{ weekday: 2, startTime: '16:00', endTime: '22:00' }],
        busy: [{ weekday: 3, startTime: '15:30', endTime: '16:00', dateCount: 3, label: 'Opptatt' }],
        wishes: [],
      },
      1,
    );
    expect(range).toEqual({ start: 15 * 60, end: 22 * 60 });
  });

  it('falls back to 08–22 when there is nothing to show', () => {
    expect(gridRange({ openingHours: [], busy: [], wishes: [] }, 1)).toEqual({ start: 480, end: 1320 });
  });
});

describe('texts', () => {
  it('says the earlier use in hours', () => {
    expect(earlierUseText(40)).toBe('Brukt 40 timer siste år');
    expect(earlierUseText(1)).toBe('Brukt 1 time siste år');
    expect(earlierUseText(12.5)).toBe('Brukt 12,5 timer siste år');
    expect(earlierUseText(0)).toBe('Ikke brukt lokalene siste år');
  });

  it('lists the quarters between two times, both ends included', () => {
    expect(quarterTimes(17 * 60, 18 * 60)).toEqual(['17:00', '17:15', '17:30', '17:45', '18:00']);
  });
});

describe('dropStart', () => {
  const range = { start: 16 * 60, end: 22 * 60 };
  it('puts the bar where it is dropped, on the quarter, keeping the point it was grabbed by', () => {
    // 360 px for 6 hours: a pixel a minute. Grabbed 30 minutes below its top, dropped at 18:37.
    expect(dropStart({ y: 157, height: 360, range, grabMinutes: 30, duration: 120 })).toBe(18 * 60);
    expect(dropStart({ y: 165, height: 360, range, grabMinutes: 30, duration: 120 })).toBe(18 * 60 + 15);
  });

  it('keeps the bar inside the grid', () => {
    expect(dropStart({ y: -40, height: 360, range, grabMinutes: 0, duration: 60 })).toBe(16 * 60);
    expect(dropStart({ y: 355, height: 360, range, grabMinutes: 0, duration: 120 })).toBe(20 * 60);
  });
});
