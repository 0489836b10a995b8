import { z } from 'zod';
import { MAX_ID } from '../id-param';
import { isValidDate } from './calendar-date';
import { isIsoDuration, parseDuration } from './iso-duration';
import { parseTime } from './time-of-day';

/**
 * The zod building blocks of the scheduling payloads: dates, times and durations in the exact forms
 * of spec 01 §3, and query-string helpers (a repeated parameter arrives as one string or a list).
 */

export const isoDate = z.string().refine(isValidDate, { message: 'Ugyldig dato, bruk formatet ÅÅÅÅ-MM-DD' });

/** 'HH:mm:ss' on the minute (the slot grid is checked by the rules, with their own message). */
export const wallClockTime = z
  .string()
  .regex(/^\d{2}:\d{2}:\d{2}$/)
  .refine((v) => parseTime(v) !== null, { message: 'Ugyldig klokkeslett, bruk formatet TT:mm:ss' });

/** ISO time duration, PT{n}H{n}M. */
export const isoDurationString = z.string().refine(isIsoDuration, { message: 'Ugyldig varighet, bruk for eksempel PT1H30M' });

/** Spec 01 §3: "duration as ISO duration or hours". */
export const durationOrHours = z.union([
  isoDurationString,
  z
    .number()
    .positive()
    .refine((h) => parseDuration(h) !== null, { message: 'Varigheten må være hele minutter' }),
]);

// At most PostgreSQL's `integer`: a bigger id can exist nowhere, so it is a 400, not a 500.
export const positiveId = z.coerce.number().int().positive().max(MAX_ID, { message: 'Ukjent id' });

const asList = (v: unknown) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]);

/**
 * A repeated query parameter (`?id=1&id=2`, or just `?id=1`) as a list; left out, the empty list. Append
 * `.default([])` (the same empty list) so the document marks it optional (decision 060), or `.optional()`
 * where left out must stay undefined.
 */
export function repeatedParam<T extends z.ZodType>(item: T) {
  return z.preprocess(asList, z.array(item));
}

/**
 * A query parameter the route requires but judges itself (after its access check, or with the form's own
 * texts such as spec 01 §5's 'Varighet er påkrevd'): left out, it passes here as '' for the route to name
 * in its 400. The preprocess keeps it required in the document (decision 060).
 */
export function judgedByRoute<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => v ?? '', schema);
}

/**
 * A repeated query parameter the route cannot do without: `list` (e.g. `z.array(positiveId).min(1)`)
 * judges it, and the document marks it required (decision 060; a `.pipe` after repeatedParam made it optional there).
 */
export function requiredRepeatedParam<A extends z.ZodArray>(list: A) {
  return z.preprocess(asList, list);
}

/** A query-string boolean: 'true' / 'false' (and real booleans from JSON). */
export const queryBoolean = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
