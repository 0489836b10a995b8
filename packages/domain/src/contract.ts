import { z } from 'zod';

/** The rental contract (spec 02 §4 Contract, §5 Contract signing and Printing, §8). */

/** GET /user/contract/{id}. */
export const contractResponse = z.object({
  bookingId: z.number().int(),
  /** The contract document; only the tags of contractAllowedTags, no attributes. */
  contractHtml: z.string(),
  isSigned: z.boolean(),
  signedByName: z.string().nullable(),
  /** ISO instant of the signature. */
  signedTimeUtc: z.string().nullable(),
});
export type ContractResponse = z.infer<typeof contractResponse>;

/** Spec 02 §5 Printing: headings, paragraphs, lists, tables, div, section, article and br. */
export const contractAllowedTags = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'div',
  'section',
  'article',
  'br',
] as const;

/** Signing is enabled within this many pixels of the end of the contract (spec 02 §9). */
export const CONTRACT_SCROLL_THRESHOLD_PX = 100;

export const contractMessages = {
  /** The 401 text of spec 02 §8 for a signature by someone else than the applicant. */
  notCreator: 'Du forsøker å signere en kontrakt på en søknad som ikke er opprettet av deg.',
  mustReadAll: 'Du må se gjennom hele kontrakten før du kan signere',
  alreadySigned: 'Kontrakten er allerede signert.',
  notApproved: 'Kontrakten kan bare signeres når søknaden er godkjent.',
  invalidContract: 'Kontrakten kan ikke signeres. Ta kontakt med utleiestedet.',
  noContract: 'Denne bookingen har ingen kontrakt.',
  /** The booking needs a contract, but no administrator has approved its text (DOCUMENT_NOT_APPROVED). */
  notApprovedYet: 'Kontrakten er ikke klar ennå. Utleiestedet må godkjenne kontrakten før du kan lese og signere den.',
} as const;

/**
 * The error code (409) of a contract the booking needs but no administrator has approved: the
 * applicant only ever gets the approved document, so there is nothing to show or sign yet.
 */
export const DOCUMENT_NOT_APPROVED = 'DOCUMENT_NOT_APPROVED';

/** The signed state line: 'Digitalt signert av Kari Nordmann 03.03.2025 21:14' (the time already formatted). */
export function signedByText(name: string, formattedTime: string): string {
  return `Digitalt signert av ${name} ${formattedTime}`;
}
