/**
 * Personal data an administrator may write into a free text by mistake (spec 02 §5: internal notes
 * must not hold personal data). Found by pattern, then checked: a fødselsnummer (or d-number) only
 * counts when both mod-11 check digits hold, so a case number or an amount of 11 digits does not
 * trouble anyone; a phone number is a Norwegian 8-digit number (first digit 2–9), optionally with
 * +47 / 0047, also written in groups. The server and the admin app ask the same question.
 */

export type PersonalDataKind = 'FODSELSNUMMER' | 'PHONE';

export const personalDataLabels: Record<PersonalDataKind, string> = { FODSELSNUMMER: 'et fødselsnummer', PHONE: 'et telefonnummer' };

const K1_WEIGHTS = [3, 7, 6, 1, 8, 9, 4, 5, 2] as const;
const K2_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

function checkDigit(digits: readonly number[], weights: readonly number[]): number {
  const rest = 11 - (weights.reduce((sum, w, i) => sum + w * digits[i]!, 0) % 11);
  return rest === 11 ? 0 : rest;
}

/**
 * Whether 11 digits are a valid fødselsnummer or d-number: a real day and month (a d-number adds 4
 * to the day's first digit, an H-number 4 and a synthetic test number 8 to the month's) and both check digits.
 */
export function isValidFodselsnummer(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const digits = value.split('').map(Number);
  const k1 = checkDigit(digits, K1_WEIGHTS);
  const k2 = checkDigit(digits, K2_WEIGHTS);
  if (k1 === 10 || k2 === 10 || k1 !== digits[9] || k2 !== digits[10]) return false;
  let day = Number(value.slice(0, 2));
  let month = Number(value.slice(2, 4));
  if (day > 40) day -= 40;
  // Synthetic test numbers add 80 to the month (Skatteetaten's), H-numbers 40.
  if (month > 80) month -= 80;
  else if (month > 40) month -= 40;
  return day >= 1 && day <= 31 && month >= 1 && month <= 12;
}

// 11 digits, also written 6 + 5 with a space; not part of a longer number or word.
const ELEVEN_DIGITS = /(?<![\w-])(\d{6}) ?(\d{5})(?![\w-])/g;
// +47 / 0047 and 8 digits, or 8 digits starting with 2–9; groups separated by single spaces.
const PHONE = /(?:(?:\+|\b00)47\s?)?(?<![\w-])[2-9]\d(?: ?\d){6}(?![\w-])/g;

/** The kinds of personal data found in the text, in a fixed order; empty when none. */
export function findPersonalData(text: string): PersonalDataKind[] {
  const found: PersonalDataKind[] = [];
  const withoutPids = text.replace(ELEVEN_DIGITS, (match, a: string, b: string) => {
    if (!isValidFodselsnummer(a + b)) return match;
    if (!found.includes('FODSELSNUMMER')) found.push('FODSELSNUMMER');
    return ' ';
  });
  // A number of 11 digits that is no fødselsnummer is not a phone number either.
  if (new RegExp(PHONE.source, 'g').test(withoutPids.replace(ELEVEN_DIGITS, ' '))) found.push('PHONE');
  return found;
}

/** The question asked before a text with personal data is saved. */
export function personalDataQuestion(kinds: readonly PersonalDataKind[]): string {
  const what = kinds.map((k) => personalDataLabels[k]).join(' og ');
  return `Notatet ser ut til å inneholde ${what}. Internnotater skal ikke inneholde personopplysninger. Vil du lagre likevel?`;
}
