import { z } from 'zod';
import { ageGroups } from './application-rounds';
import type { BookingFormAnswers } from './booking';
import type { BookingFlowTheme } from './booking-flow';

/**
 * The application form of POST /api/booking (the page /send): what the municipality needs to decide
 * an application. Which fields are asked, and which are required, depends on the booking flow's theme
 * of the chosen rooms. The portal's form (react-hook-form) and the server use the same schema, so a
 * form the portal accepts is never refused by the server for a field, and the messages are the same.
 */

export const applicationFields = ['activity', 'purpose', 'participants', 'ageGroup', 'contactEmail', 'contactPhone', 'message'] as const;
export type ApplicationField = (typeof applicationFields)[number];

/** required: must be filled; optional: asked, may be empty; hidden: not asked (dropped if sent). */
export type FieldNeed = 'required' | 'optional' | 'hidden';
export type ApplicationFormLayout = Record<ApplicationField, FieldNeed>;

/**
 * - school: clubs and groups borrowing gyms and classrooms, often for a semester: the caseworker
 *   needs the activity, who it is for (purpose) and the size of the group.
 * - default (district venues, libraries…): activity and size; the purpose is optional.
 * - wedding: the ceremony's details come in the wedding form that follows (spec 02); here only the
 *   number of guests and how to reach the couple.
 * - bicycle: a loan of bikes; the number of people (bikes) and contact details.
 * The age group (decision 029) is optional where semester loans are applied for (school, default): the
 * semester round's fair rule reads it; the portal asks it on a school form or a repeating request.
 */
export const applicationFormLayouts: Record<BookingFlowTheme, ApplicationFormLayout> = {
  school: {
    activity: 'required',
    purpose: 'required',
    participants: 'required',
    ageGroup: 'optional',
    contactEmail: 'required',
    contactPhone: 'required',
    message: 'optional',
  },
  default: {
    activity: 'required',
    purpose: 'optional',
    participants: 'required',
    ageGroup: 'optional',
    contactEmail: 'required',
    contactPhone: 'required',
    message: 'optional',
  },
  wedding: {
    activity: 'hidden',
    purpose: 'hidden',
    participants: 'required',
    ageGroup: 'hidden',
    contactEmail: 'required',
    contactPhone: 'required',
    message: 'optional',
  },
  bicycle: {
    activity: 'hidden',
    purpose: 'optional',
    participants: 'required',
    ageGroup: 'hidden',
    contactEmail: 'required',
    contactPhone: 'required',
    message: 'optional',
  },
};

/** Field labels as the form shows them, by theme. */
export const applicationFieldLabels: Record<BookingFlowTheme, Record<ApplicationField, string>> = {
  school: {
    activity: 'Aktivitet',
    purpose: 'Hvem er aktiviteten for, og hva er formålet?',
    participants: 'Forventet antall deltakere',
    ageGroup: 'Aldersgruppe',
    contactEmail: 'E-post',
    contactPhone: 'Telefon',
    message: 'Melding til lokalet',
  },
  default: {
    activity: 'Aktivitet',
    purpose: 'Formål',
    participants: 'Forventet antall deltakere',
    ageGroup: 'Aldersgruppe',
    contactEmail: 'E-post',
    contactPhone: 'Telefon',
    message: 'Melding til lokalet',
  },
  wedding: {
    activity: 'Aktivitet',
    purpose: 'Formål',
    participants: 'Antall gjester',
    ageGroup: 'Aldersgruppe',
    contactEmail: 'E-post',
    contactPhone: 'Telefon',
    message: 'Melding til vielseskontoret',
  },
  bicycle: {
    activity: 'Aktivitet',
    purpose: 'Hva skal syklene brukes til?',
    participants: 'Antall sykler',
    ageGroup: 'Aldersgruppe',
    contactEmail: 'E-post',
    contactPhone: 'Telefon',
    message: 'Melding til utlåner',
  },
};

export const applicationFormMessages = {
  required: 'Feltet er påkrevd',
  email: 'Vennligst skriv inn en gyldig e-postadresse',
  phone: 'Vennligst skriv inn et gyldig telefonnummer',
  participants: 'Skriv inn et helt tall fra 1 og oppover',
  ageGroup: 'Velg en aldersgruppe fra listen',
  tooLong: (max: number) => `Teksten kan ha høyst ${max} tegn`,
} as const;

export const APPLICATION_TEXT_MAX = 500;
export const APPLICATION_MESSAGE_MAX = 5000;
export const MAX_PARTICIPANTS = 100_000;

/**
 * The layout for a booking of several rooms: a field is required when any room's theme requires it,
 * asked when any room's theme asks it. No theme (no rooms yet) is the default theme.
 */
export function applicationFormLayout(themes: BookingFlowTheme | readonly BookingFlowTheme[]): ApplicationFormLayout {
  const list: readonly BookingFlowTheme[] = typeof themes === 'string' ? [themes] : themes.length ? themes : ['default'];
  const rank: Record<FieldNeed, number> = { hidden: 0, optional: 1, required: 2 };
  const layout = { ...applicationFormLayouts[list[0]!] };
  for (const theme of list.slice(1)) {
    for (const field of applicationFields) {
      const need = applicationFormLayouts[theme][field];
      if (rank[need] > rank[layout[field]]) layout[field] = need;
    }
  }
  return layout;
}

/** The theme whose labels the form shows: the rooms' one theme, or default when they differ. */
export function formTheme(themes: readonly BookingFlowTheme[]): BookingFlowTheme {
  const distinct = new Set(themes);
  return distinct.size === 1 ? [...distinct][0]! : 'default';
}

/** A form value as typed: strings are trimmed and an empty string (or null) is no answer. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v === null ? undefined : v);

/** A missing answer says 'Feltet er påkrevd'; a wrong one says `invalid`. */
const missingOr = (invalid: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? applicationFormMessages.required : invalid),
});

function required<T extends z.ZodType>(need: FieldNeed, schema: T) {
  return z.preprocess(blankToUndefined, need === 'required' ? schema : schema.optional());
}

function text(need: FieldNeed, max: number) {
  return required(need, z.string(missingOr(applicationFormMessages.required)).max(max, applicationFormMessages.tooLong(max)));
}

/** Norwegian numbers (8 digits, optionally +47/0047) and international ones (+ and 8–15 digits); spaces allowed. */
export function isPhoneNumber(value: string): boolean {
  const compact = value.replace(/[\s-]/g, '');
  return /^(\+|00)?\d{8,15}$/.test(compact);
}

const ageGroup = (params: Parameters<typeof z.enum>[1]) => z.enum(ageGroups, params);

function email(need: FieldNeed) {
  return required(need, z.email(missingOr(applicationFormMessages.email)).max(320, applicationFormMessages.email));
}

function phone(need: FieldNeed) {
  return required(
    need,
    z
      .string(missingOr(applicationFormMessages.phone))
      .max(40, applicationFormMessages.phone)
      .refine(isPhoneNumber, applicationFormMessages.phone),
  );
}

function participants(need: FieldNeed) {
  // A form input gives a string ('12'), the API a number; both mean the same.
  const toNumber = (v: unknown) => {
    const value = blankToUndefined(v);
    return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  };
  const base = z
    .number(missingOr(applicationFormMessages.participants))
    .int(applicationFormMessages.participants)
    .min(1, applicationFormMessages.participants)
    .max(MAX_PARTICIPANTS, applicationFormMessages.participants);
  return z.preprocess(toNumber, need === 'required' ? base : base.optional());
}

/**
 * The form's schema for the rooms' themes. Output: the answers stored with the booking (hidden
 * fields dropped, strings trimmed, empty answers left out).
 */
export function applicationFormSchema(themes: BookingFlowTheme | readonly BookingFlowTheme[]) {
  const layout = applicationFormLayout(themes);
  // Building a zod schema costs far more than using one: one per layout, built on first use.
  const key = applicationFields.map((f) => layout[f]).join(',');
  const cached = schemaByLayout.get(key);
  if (cached) return cached;
  const schema = buildFormSchema(layout);
  schemaByLayout.set(key, schema);
  return schema;
}

function buildFormSchema(layout: ApplicationFormLayout) {
  const field = (name: ApplicationField) => {
    const need = layout[name];
    switch (name) {
      case 'activity':
      case 'purpose':
        return text(need, APPLICATION_TEXT_MAX);
      case 'message':
        return text(need, APPLICATION_MESSAGE_MAX);
      case 'participants':
        return participants(need);
      case 'ageGroup':
        return required(need, ageGroup(missingOr(applicationFormMessages.ageGroup)));
      case 'contactEmail':
        return email(need);
      case 'contactPhone':
        return phone(need);
    }
  };
  const shape: Partial<Record<ApplicationField, z.ZodType>> = {};
  for (const name of applicationFields) if (layout[name] !== 'hidden') shape[name] = field(name);
  // Unknown and hidden fields are stripped, not refused: the form of one theme may carry another's values.
  return z
    .object(shape)
    .transform((answers) => Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined)) as BookingFormAnswers);
}
const schemaByLayout = new Map<string, ReturnType<typeof buildFormSchema>>();
export type ApplicationFormInput = z.input<ReturnType<typeof applicationFormSchema>>;

/**
 * The answers as POST /api/booking carries them (`formAnswers`): the shape only, every field
 * optional. Which are required for the chosen rooms is decided by the server with
 * applicationFormSchema(themes) once it knows the rooms, and refused with the same messages.
 */
export const applicationAnswersInput = z.object({
  activity: z.string().max(APPLICATION_TEXT_MAX).nullish(),
  purpose: z.string().max(APPLICATION_TEXT_MAX).nullish(),
  participants: z.union([z.number(), z.string().max(12)]).nullish(),
  ageGroup: z.string().max(20).nullish(),
  contactEmail: z.string().max(320).nullish(),
  contactPhone: z.string().max(40).nullish(),
  message: z.string().max(APPLICATION_MESSAGE_MAX).nullish(),
});
export type ApplicationAnswersInput = z.infer<typeof applicationAnswersInput>;
