/**
 * A readable summary of an audit entry's before → after (decision 015): the top-level keys
 * whose values differ, each value shortened; the full JSON stays available beside it.
 */
export interface ChangedKey {
  key: string;
  before: string;
  after: string;
}

const MAX_VALUE_LENGTH = 60;

/** A value as one short line: text as is, everything else as JSON; long values end with '…'. */
export function shortValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '–';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The keys that changed. Two objects compare key by key; anything else (a list, a value, one side
 * missing) is one change under the key '' when it differs.
 */
export function changedKeys(before: unknown, after: unknown): ChangedKey[] {
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    return [...new Set([...Object.keys(b), ...Object.keys(a)])]
      .filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]))
      .map((key) => ({ key, before: shortValue(b[key]), after: shortValue(a[key]) }));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ key: '', before: shortValue(before), after: shortValue(after) }];
}
