import { describe, expect, it } from 'vitest';
import { changedKeys, shortValue } from './audit-log-diff';

describe('audit log diff', () => {
  it('lists only the keys whose values differ, added and removed keys too', () => {
    expect(
      changedKeys({ name: 'Gymsal', capacity: 80, tagIds: [1] }, { name: 'Gymsal', capacity: 100, tagIds: [1, 2], visible: false }),
    ).toEqual([
      { key: 'capacity', before: '80', after: '100' },
      { key: 'tagIds', before: '[1]', after: '[1,2]' },
      { key: 'visible', before: '–', after: 'false' },
    ]);
  });

  it('treats a missing side as empty and a list as one value', () => {
    expect(changedKeys(null, { name: 'Gymsal' })).toEqual([{ key: 'name', before: '–', after: 'Gymsal' }]);
    expect(changedKeys(['a@x.no'], ['a@x.no', 'b@x.no'])).toEqual([{ key: '', before: '["a@x.no"]', after: '["a@x.no","b@x.no"]' }]);
    expect(changedKeys([1], [1])).toEqual([]);
  });

  it('shortens long values', () => {
    expect(shortValue('x'.repeat(100))).toHaveLength(60);
    expect(shortValue('x'.repeat(100)).endsWith('…')).toBe(true);
  });
});
