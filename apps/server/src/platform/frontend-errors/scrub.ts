/**
 * Strips what could identify a person from a browser's error text before it is stored: an error
 * message can quote a URL with a token, a form value, an e-mail address or a national identity
 * number. What is left is enough to find the bug.
 */
const patterns: ReadonlyArray<[RegExp, string]> = [
  [/\bBearer\s+[\w.~+/=-]+/gi, 'Bearer [token]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  [/[^\s@"'<>()]+@[^\s@"'<>()]+\.[a-z]{2,}/gi, '[e-post]'],
  // Query strings and fragments carry codes, states and search text; the path is kept.
  [/(https?:\/\/[^\s?#"']+)[?#][^\s"']*/g, '$1?[…]'],
  // National identity numbers (11), phone numbers (8, also '12 34 56 78', '+47 …'), account numbers.
  [/\+?\d[\d .-]{6,}\d/g, '[nummer]'],
];

export const MAX_STORED_MESSAGE = 2_000;
export const MAX_STORED_USER_AGENT = 300;

export function scrubPersonalData(text: string): string {
  return patterns.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), text);
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
