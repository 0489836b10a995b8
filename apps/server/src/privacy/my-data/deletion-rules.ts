import type { MyDataDeleted, MyDataKept } from '@lokaler/domain/my-data';
import { addMonths } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import type { PersonalBookingRow } from '../../bookings';

/**
 * What a person's own deletion request removes now and what it must keep, and why: every rule in one
 * place (decision 057, docs/personvern.md "Dine rettigheter"). The removing itself is done by the
 * module that owns the data, with the same statements as the retention rules (decision 054).
 *
 * - A booking is **active** while its agreement is being performed: UNPROCESSED or APPROVED with a
 *   time (or a wedding hold, or a date wished in a semester round) not yet over. Its contact details stay (GDPR art. 6(1)(b), 17(3)); they
 *   go by themselves RETENTION_BOOKING_MONTHS after its last time, or at a new request once it is over.
 * - A finished booking loses its contact details now (the retention rule's anonymisation, for this
 *   person's bookings only). The booking stays: an approved one is the basis of the accounts
 *   (bokføringsloven § 13: five years after the end of the accounting year), and every application with
 *   its decision is a case record the municipality must archive (arkivloven § 6).
 * - Vedtak and signed contracts are archive material: kept, the person can ask the archive.
 * - A finished wedding loses the identity number, the certificate and the couple's details now.
 * - Free-time alerts, the person's calendar feed and their contact-form messages go at once.
 * - The account stays (name and the identity provider's key): the bookings refer to it. Its e-mail
 *   goes unless an active booking needs it.
 */

/** Why something must stay, in the person's words: one text per kind (the domain's myDataKeptKinds). */
export const keptTexts: Record<MyDataKept['kind'], { what: string; reason: string }> = {
  ACCOUNT: {
    what: 'Kontoen din: navnet ditt og en fast nøkkel fra ID-porten (ikke fødselsnummeret)',
    reason:
      'Bookingene, søknadene og loggen over hvem som gjorde hva viser til kontoen. Navnet hentes på nytt fra ID-porten hver gang du logger inn.',
  },
  PROFILE_EMAIL: {
    what: 'E-postadressen på kontoen din',
    reason: 'Du har bookinger som ikke er gjennomført, og vi sender beskjeder om dem til denne adressen.',
  },
  ACTIVE_BOOKINGS: {
    what: 'Kontaktopplysningene (e-post, telefon og melding) i bookinger som ikke er gjennomført',
    reason:
      'Vi trenger dem for å gjennomføre avtalen med deg og nå deg om endringer. De slettes automatisk etter datoen som står her, eller når du ber om det igjen etter at bookingen er over.',
  },
  UPCOMING_WEDDINGS: {
    what: 'Vigselsskjemaet (navn, adresse, fødselsnummer) og prøvingsattesten for vielser som ikke er gjennomført',
    reason: 'Vigselsmyndigheten trenger opplysningene for å gjennomføre vielsen. Du kan be om sletting igjen etter vielsen.',
  },
  ACCOUNTING: {
    what: 'Godkjente bookinger: tider, pris, kostnadskategori og organisasjon',
    reason:
      'Regnskapsopplysninger skal oppbevares i fem år etter utgangen av regnskapsåret (bokføringsloven § 13). Kontaktopplysningene i dem er slettet.',
  },
  CASE_RECORDS: {
    what: 'Søknadene dine med avgjørelse og endringslogg (der står navnet ditt som søker)',
    reason:
      'Søknader og avgjørelser er saksdokumenter som kommunen skal arkivere (arkivloven § 6). Vil du se eller rette noe i arkivet, kontakt kommunens arkiv.',
  },
  DOCUMENTS: {
    what: 'Vedtak og signerte kontrakter',
    reason:
      'De er kommunens arkiverte saksdokumenter (arkivloven § 6) og kan ikke slettes her. Du kan be kommunens arkiv om innsyn eller retting.',
  },
};

export const deletedTexts: Record<MyDataDeleted['kind'], string> = {
  FREE_SLOT_ALERTS: 'Varsler om ledige tider',
  CALENDAR_FEED: 'Kalenderabonnementet ditt (lenken virker ikke lenger)',
  SUPPORT_INQUIRIES: 'Meldinger du har sendt med kontaktskjemaet',
  PROFILE_EMAIL: 'E-postadressen på kontoen din (den hentes igjen fra ID-porten eller Kontaktregisteret neste gang du logger inn)',
  BOOKING_CONTACTS: 'Kontaktopplysninger og meldinger i bookinger som er over',
  WEDDING_DETAILS: 'Fødselsnummer, prøvingsattest og navn og kontaktopplysninger i vigselsskjemaet for vielser som er over',
};

/** The booking's agreement is being performed: pending or approved, with a time or a hold not over yet. */
export function isActiveBooking(booking: PersonalBookingRow, now: Date): boolean {
  if (booking.status !== 'UNPROCESSED' && booking.status !== 'APPROVED') return false;
  const timeAhead = booking.activeEnd !== null && booking.activeEnd > now;
  const heldAhead = booking.holdExpiresAt !== null && booking.holdExpiresAt > now;
  return timeAhead || heldAhead;
}

/** When the retention rule removes an active booking's contact details by itself (decision 054). */
export function contactsGoOn(booking: PersonalBookingRow, bookingMonths: number): string | null {
  return booking.lastEnd ? addMonths(todayInOslo(booking.lastEnd), bookingMonths) : null;
}

/** The last day an approved booking's figures must be kept: five years after the end of the year of its last time. */
export function accountsKeptUntil(booking: PersonalBookingRow): string {
  const year = Number(todayInOslo(booking.lastEnd ?? booking.createdAt).slice(0, 4));
  return `${year + 5}-12-31`;
}

export interface BookingFacts {
  booking: PersonalBookingRow;
  active: boolean;
  wedding: boolean;
  documents: boolean;
}

/** What stays after the request, each with its reason, the bookings it concerns and the latest date it holds to. */
export function keptAfterDeletion(facts: readonly BookingFacts[], options: { bookingMonths: number; emailKept: boolean }): MyDataKept[] {
  const kept: MyDataKept[] = [item('ACCOUNT', [], null)];
  if (options.emailKept) kept.push(item('PROFILE_EMAIL', [], null));
  const active = facts.filter((f) => f.active);
  const ordinary = active.filter((f) => !f.wedding);
  if (ordinary.length > 0) {
    kept.push(item('ACTIVE_BOOKINGS', ordinary, latest(ordinary.map((f) => contactsGoOn(f.booking, options.bookingMonths)))));
  }
  const weddings = active.filter((f) => f.wedding);
  if (weddings.length > 0) {
    kept.push(item('UPCOMING_WEDDINGS', weddings, latest(weddings.map((f) => f.booking.lastEnd && todayInOslo(f.booking.lastEnd)))));
  }
  const finishedApproved = facts.filter((f) => !f.active && f.booking.status === 'APPROVED');
  if (finishedApproved.length > 0) {
    kept.push(item('ACCOUNTING', finishedApproved, latest(finishedApproved.map((f) => accountsKeptUntil(f.booking)))));
  }
  const finished = facts.filter((f) => !f.active);
  if (finished.length > 0) kept.push(item('CASE_RECORDS', finished, null));
  const documented = facts.filter((f) => f.documents);
  if (documented.length > 0) kept.push(item('DOCUMENTS', documented, null));
  return kept;
}

function item(kind: MyDataKept['kind'], facts: readonly BookingFacts[], until: string | null): MyDataKept {
  return { kind, ...keptTexts[kind], caseNumbers: facts.map((f) => f.booking.caseNumber), until };
}

function latest(dates: readonly (string | null)[]): string | null {
  const known = dates.filter((d): d is string => d !== null);
  return known.length === 0 ? null : known.reduce((a, b) => (a > b ? a : b));
}

/** The one sentence of the answer. */
export function deletionMessage(deleted: readonly MyDataDeleted[]): string {
  return deleted.length > 0
    ? 'Vi har slettet det vi kan slette nå. Noe må vi beholde; her står hva og hvorfor.'
    : 'Det var ingenting vi kunne slette nå. Her står hva vi må beholde og hvorfor.';
}
