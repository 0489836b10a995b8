import { z } from 'zod';

/** Largest value of PostgreSQL's `integer`: a bigger id can exist nowhere, so it is a 400, not a 500. */
export const MAX_ID = 2_147_483_647;

/**
 * A numeric id from a path or query string: digits only ('12', not '12abc', '1e3' or '-1'),
 * 1 … 2^31-1. Answers a number.
 */
export const idParam = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .pipe(z.string().regex(/^[1-9]\d{0,9}$/, { message: 'Må være et positivt heltall' }))
  .transform(Number)
  .pipe(z.number().max(MAX_ID, { message: 'Ukjent id' }));

/** `{id}` path parameters. */
export const idParams = z.object({ id: idParam });

/** A numeric id in a JSON body: a positive integer that fits PostgreSQL's `integer` (a bigger one is a 400, not a 500). */
export const jsonId = z.number().int().positive().max(MAX_ID, { message: 'Ukjent id' });
