import { describe, expect, it } from 'vitest';
import { formatDate, formatDateNorwegian } from './format-date';

describe('Norwegian date formats', () => {
  it('writes the spec formats in bokmål, on the right calendar day in any time zone', () => {
    expect(formatDateNorwegian('2025-03-30')).toBe('30.03.2025');
    expect(formatDate('2025-10-26', 'dd.MM.yy')).toBe('26.10.25');
    expect(formatDate('2025-03-05', 'd. MMM yyyy')).toBe('5. mars 2025');
    expect(formatDate('2025-12-01', 'dd. LLLL yyyy')).toBe('01. desember 2025');
    expect(formatDate('2025-01-01', 'EEEE')).toBe('onsdag');
  });
});
