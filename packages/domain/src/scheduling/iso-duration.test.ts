import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { durationToMinutes, formatDuration, isIsoDuration, parseDuration } from './iso-duration';

describe('durations', () => {
  it('reads ISO durations', () => {
    expect(parseDuration('PT15M')).toBe(15);
    expect(parseDuration('PT1H30M')).toBe(90);
    expect(parseDuration('PT15H')).toBe(900);
    expect(parseDuration('PT90M')).toBe(90);
    expect(parseDuration('PT3600S')).toBe(60);
  });

  it('reads a number as hours (spec: "duration as ISO duration or hours")', () => {
    expect(parseDuration(1)).toBe(60);
    expect(parseDuration(1.5)).toBe(90);
    expect(parseDuration(0.25)).toBe(15);
    expect(durationToMinutes(2)).toBe(120);
  });

  it('refuses what is not a whole number of minutes', () => {
    for (const bad of ['PT', 'P1D', 'PT1.5H', 'PT30S', '1H', 'pt1h', 'PT-1H', '', -1, Number.NaN, 1 / 7, null]) {
      expect(parseDuration(bad)).toBeNull();
    }
    expect(isIsoDuration('PT1H30M')).toBe(true);
    expect(isIsoDuration(1)).toBe(false);
    expect(() => durationToMinutes('P1D')).toThrow(RangeError);
  });

  it('writes the canonical PT{h}H{m}M form', () => {
    expect(formatDuration(15)).toBe('PT15M');
    expect(formatDuration(60)).toBe('PT1H');
    expect(formatDuration(90)).toBe('PT1H30M');
    expect(formatDuration(0)).toBe('PT0M');
    expect(() => formatDuration(-15)).toThrow(RangeError);
  });

  it('property: minutes round-trip through the ISO form', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (m) => {
        expect(parseDuration(formatDuration(m))).toBe(m);
        expect(isIsoDuration(formatDuration(m))).toBe(true);
      }),
    );
  });
});
