/**
 * Durations as the API writes them: ISO 8601 time durations (PT15M, PT1H30M), or — spec 01 §3,
 * "duration as ISO duration or hours" — a number of hours. Everything inside the rules is minutes.
 */

const isoPattern = /^PT(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/;

/** Minutes of an ISO duration or a number of hours; null when invalid, negative or not whole minutes. */
export function parseDuration(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const minutes = value * 60;
    // Hours like 1.25 are exact; 0.3333 h is not a whole number of minutes and is refused.
    return Math.abs(minutes - Math.round(minutes)) < 1e-9 ? Math.round(minutes) : null;
  }
  if (typeof value !== 'string') return null;
  const match = isoPattern.exec(value);
  if (!match) return null;
  const hours = Number(match[1] ?? 0);
  const minutes = Number(match[2] ?? 0);
  const seconds = Number(match[3] ?? 0);
  if (seconds % 60 !== 0) return null;
  return hours * 60 + minutes + seconds / 60;
}

export function durationToMinutes(value: string | number): number {
  const minutes = parseDuration(value);
  if (minutes === null) throw new RangeError(`Invalid duration '${String(value)}', expected e.g. PT1H30M`);
  return minutes;
}

/** The canonical form PT{h}H{m}M: 'PT15M', 'PT1H', 'PT1H30M'; zero is 'PT0M'. */
export function formatDuration(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0) throw new RangeError(`Invalid duration minutes: ${minutes}`);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `PT${rest}M`;
  return rest === 0 ? `PT${hours}H` : `PT${hours}H${rest}M`;
}

/** True for the exact pattern of spec 01 §5 ("ISO pattern PT{n}H{n}M"), e.g. for query validation. */
export function isIsoDuration(value: unknown): value is string {
  return typeof value === 'string' && isoPattern.test(value) && parseDuration(value) !== null;
}
