/**
 * A list as one PostgreSQL array literal ('{1,2,3}'), sent as a single text parameter and cast in
 * the SQL (`${pgArray(ids)}::int[]`): one parameter however long the list, the same on both drivers.
 * Only for values the server made itself (numbers, booleans, validated dates), never free text.
 */
export function pgArray(values: readonly (number | boolean | string)[]): string {
  for (const v of values) {
    if (typeof v === 'string' && !/^[0-9-]+$/.test(v)) throw new TypeError(`pgArray takes numbers, booleans and dates, got '${v}'`);
    if (typeof v === 'number' && !Number.isFinite(v)) throw new TypeError(`pgArray takes finite numbers, got ${v}`);
  }
  return `{${values.map((v) => (typeof v === 'boolean' ? (v ? 't' : 'f') : String(v))).join(',')}}`;
}
