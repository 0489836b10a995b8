import { AppError } from '../../errors';

/** At most this many numbers per booking: enough for a club's volunteers, not a mailing list. */
export const MAX_KEY_NUMBERS = 20;

export const sharingMessages = {
  noKey: 'Ingen av rommene i denne bookingen har Oslonøkkelen.',
  closed: 'Bookingen er avsluttet, så nøkkelen kan ikke deles.',
  duplicate: 'Telefonnummeret er allerede lagt til.',
  tooMany: `Du kan dele nøkkelen med høyst ${MAX_KEY_NUMBERS} telefonnumre.`,
  unknownNumber: 'Fant ikke telefonnummeret på denne bookingen.',
} as const;

export function sharingConflict(msg: string, userMsg: string): AppError {
  return new AppError('CONFLICT', msg, userMsg);
}
