import { describe, expect, it } from 'vitest';
import { bookingWindow } from './booking-window';
import { validateRepetitionEndDate } from './repetition-end-date';
import { adminCaller, publicCaller } from './scheduling-caller';

const today = '2025-03-28';
const window = bookingWindow({ today, caller: publicCaller, lastBookableDate: '2025-06-30' });

describe('the repetition end date', () => {
  it('is required; an invalid date counts as empty', () => {
    for (const value of [null, undefined, '', '2025-02-30', '30.06.2025']) {
      expect(validateRepetitionEndDate(value, window)).toEqual({ ok: false, message: 'Feltet må fylles ut' });
    }
  });

  it('may not be after the last allowed date, named as dd.MM.yyyy', () => {
    expect(validateRepetitionEndDate('2025-07-01', window)).toEqual({ ok: false, message: 'Sluttdato kan ikke være etter 30.06.2025' });
    expect(validateRepetitionEndDate('2025-06-30', window)).toEqual({ ok: true, lastDate: '2025-06-30' });
  });

  it('snaps a date before the minimum to the minimum (admins: a year back)', () => {
    expect(validateRepetitionEndDate('2025-01-01', window)).toEqual({ ok: true, lastDate: today });
    const admin = bookingWindow({ today, caller: adminCaller({ canBookPastDates: true }), lastBookableDate: '2025-06-30' });
    expect(validateRepetitionEndDate('2025-01-01', admin)).toEqual({ ok: true, lastDate: '2025-01-01' });
    expect(validateRepetitionEndDate('2020-01-01', admin)).toEqual({ ok: true, lastDate: '2024-03-28' });
  });
});
