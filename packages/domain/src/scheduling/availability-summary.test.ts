import { describe, expect, it } from 'vitest';
import { partialAvailability } from './availability-summary';

describe('partialAvailability', () => {
  it("says 'Ledig {n} av {m} valgte datoer', red at half or fewer, yellow above", () => {
    expect(partialAvailability(5, 10)).toEqual({ text: 'Ledig 5 av 10 valgte datoer', tone: 'danger' });
    expect(partialAvailability(6, 10)).toEqual({ text: 'Ledig 6 av 10 valgte datoer', tone: 'warning' });
    expect(partialAvailability(0, 3)?.tone).toBe('danger');
  });

  it('says nothing when all dates are free or none were asked', () => {
    expect(partialAvailability(4, 4)).toBeNull();
    expect(partialAvailability(0, 0)).toBeNull();
  });
});
