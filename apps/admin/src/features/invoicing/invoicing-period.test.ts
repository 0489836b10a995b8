import { describe, expect, it } from 'vitest';
import {
  addPeriodMonths,
  chooserMonths,
  defaultPeriod,
  lastTwelveMonths,
  monthName,
  periodFromSearch,
  withPeriod,
} from './invoicing-period';

describe("the invoicing page's month", () => {
  it('is the month in the address when it is one, else the month before today', () => {
    expect(periodFromSearch(new URLSearchParams('periode=2026-03'), '2026-11-29')).toBe('2026-03');
    for (const wrong of ['periode=2026-13', 'periode=2026-3', 'periode=mars', '']) {
      expect(periodFromSearch(new URLSearchParams(wrong), '2026-11-29')).toBe('2026-10');
    }
    expect(defaultPeriod('2027-01-05')).toBe('2026-12');
  });

  it('counts months across a year and names them in Norwegian', () => {
    expect(addPeriodMonths('2026-12', 1)).toBe('2027-01');
    expect(addPeriodMonths('2026-01', -1)).toBe('2025-12');
    expect(monthName('2026-02')).toBe('februar 2026');
    expect(lastTwelveMonths('2026-11-29')).toEqual({ from: '2025-12', to: '2026-11' });
  });

  it('keeps the other parameters and offers the chosen month even when it is far back', () => {
    expect(withPeriod(new URLSearchParams('x=1'), '2026-05').toString()).toBe('x=1&periode=2026-05');
    const months = chooserMonths('2026-11-29', '2020-01');
    expect(months[0]).toBe('2027-01');
    expect(months.at(-1)).toBe('2020-01');
    expect(chooserMonths('2026-11-29', '2026-10')).toHaveLength(27);
  });
});
