import { bookingNotFoundMessage } from './user-booking-rules';

/**
 * The wedding application's fixed vocabulary (spec 02 §5, §8): the Norwegian messages, the languages
 * of the ceremony and of contact, and the interpreter languages. Texts quoted by the spec are used as
 * quoted; where the spec names a rule without a text, the text here says what to do in the same voice.
 */

export const weddingMessages = {
  phoneRequired: 'Du må fylle inn telefonnummer',
  spousePhoneRequired: 'Du må fylle inn telefonnummer til kommende ektefelle',
  phoneInvalid: 'Telefonnummer kan kun inneholde tall og mellomrom, og må være minst 8 siffer',
  postCodeRequired: 'Du må fylle inn postnummer',
  postCodeInvalid: 'Postnummer må være 4 siffer',
  addressRequired: 'Du må fylle inn adresse',
  postalNameRequired: 'Du må fylle inn poststed',
  spouseEmailRequired: 'Du må fylle inn e-postadresse til kommende ektefelle',
  // Not quoted by the spec: written in the voice of the quoted ones.
  applicantNameRequired: 'Du må fylle inn navnet ditt',
  spouseNameRequired: 'Du må fylle inn navnet til kommende ektefelle',
  emailInvalid: 'Vennligst skriv inn en gyldig e-postadresse',
  ssnInvalid: 'Fødselsnummer må være 11 siffer',
  eventLanguageRequired: 'Du må velge språk for vielsen',
  interpreterRequired: 'Du må svare på om dere trenger tolk',
  interpreterLanguageRequired: 'Du må velge språk for tolken',
  contactLanguageRequired: 'Du må velge hvilket språk vi skal kontakte dere på',
  culturalSegmentChoiceRequired: 'Du må svare på om dere ønsker et kulturelt innslag',
  culturalSegmentRequired: 'Du må beskrive det kulturelle innslaget',
  accommodationChoiceRequired: 'Du må svare på om dere trenger tilrettelegging',
  accommodationDetailsRequired: 'Du må beskrive hva dere trenger av tilrettelegging',
  certificateChoiceRequired: 'Du må svare på om du vil sende prøvingsattesten nå',
  certificateRequired: 'Du må legge ved prøvingsattesten (PDF)',
  declarationRequired: 'Du må bekrefte erklæringen for å sende søknaden',
  tooLong: (max: number) => `Teksten kan ha høyst ${max} tegn`,
  /** Spec 02 §8: the held time is no longer this booking's at submit. */
  timesTakenTitle: 'Ett eller flere tidspunkt er opptatt',
  timesTakenText: 'Det ser ut som et eller flere av tidspunktene du har valgt har blitt tatt av noen andre.',
  availabilityCheckFailed: 'Det oppstod en feil.',
  /** Spec 02 §2/§8 (the one text of every applicant 404). */
  bookingNotFound: bookingNotFoundMessage,
  notAvailable: 'Ikke tilgjengelig',
  /** Spec 02 §5 'Only one wedding time may be applied for'. */
  oneTimeOnly: 'Du kan bare søke om ett tidspunkt for vielse.',
  alreadySubmitted: 'Søknaden om vielse er allerede sendt.',
  /** Decision 012: one held wedding time per person at a time. */
  holdInProgress:
    'Du holder allerede av et tidspunkt for vielse. Send søknaden for det tidspunktet eller avbryt den før du velger et nytt.',
} as const;

/** Ceremony and contact language (spec 02 §5: norsk or engelsk). */
export const weddingLanguages = ['norsk', 'engelsk'] as const;
export type WeddingLanguage = (typeof weddingLanguages)[number];

/** The languages an interpreter can be asked for (spec 02 §5: a list of about 40), in Norwegian order. */
export const interpreterLanguages = [
  'albansk',
  'amharisk',
  'arabisk',
  'bosnisk',
  'bulgarsk',
  'burmesisk',
  'dari',
  'engelsk',
  'estisk',
  'farsi',
  'finsk',
  'fransk',
  'gresk',
  'hindi',
  'islandsk',
  'italiensk',
  'japansk',
  'kinesisk (mandarin)',
  'koreansk',
  'kroatisk',
  'kurdisk (kurmanji)',
  'kurdisk (sorani)',
  'latvisk',
  'litauisk',
  'nederlandsk',
  'nordsamisk',
  'norsk tegnspråk',
  'pashto',
  'polsk',
  'portugisisk',
  'punjabi',
  'rumensk',
  'russisk',
  'serbisk',
  'slovakisk',
  'somali',
  'spansk',
  'swahili',
  'tagalog',
  'tamil',
  'thai',
  'tigrinja',
  'tsjekkisk',
  'tyrkisk',
  'tysk',
  'ukrainsk',
  'ungarsk',
  'urdu',
  'vietnamesisk',
] as const;
export type InterpreterLanguage = (typeof interpreterLanguages)[number];

/** The wizard's three steps (spec 02 §2), each with its own URL segment. */
export const weddingWizardSteps = ['informasjon', 'gjennomforing', 'oppsummering'] as const;
export type WeddingWizardStep = (typeof weddingWizardSteps)[number];

export const WEDDING_NAME_MAX = 200;
export const WEDDING_EMAIL_MAX = 320;
export const WEDDING_PHONE_MAX = 20;
export const WEDDING_ADDRESS_MAX = 200;
export const WEDDING_POSTAL_NAME_MAX = 100;
export const WEDDING_TEXT_MAX = 2000;
export const WEDDING_EXTRA_INFORMATION_MAX = 5000;
