import { z } from 'zod';
import {
  WEDDING_ADDRESS_MAX, WEDDING_EMAIL_MAX, WEDDING_EXTRA_INFORMATION_MAX, WEDDING_NAME_MAX, WEDDING_PHONE_MAX, WEDDING_POSTAL_NAME_MAX,
  WEDDING_TEXT_MAX, interpreterLanguages, weddingLanguages, weddingMessages as m,
} from './wedding-application-texts';
import { PROEVINGSATTEST_MAX_BYTES } from './wedding-certificate';

/**
 * The wedding application (spec 02 §3 payload, §5 rules), one schema for the wizard in the browser and
 * POST /api/user/form/wedding on the server. Every string is trimmed; an empty string is no answer.
 * Each wizard step has its own schema (shape + cross-field rules) so Next validates only that step.
 */

const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v);

/** A trimmed string of at most `max` characters; `requiredMessage` makes it required. */
function text(max: number, requiredMessage?: string) {
  const base = z.string({ error: requiredMessage ?? m.tooLong(max) }).max(max, m.tooLong(max));
  return z.preprocess(trim, requiredMessage ? base.min(1, { error: requiredMessage, abort: true }) : base);
}

/** Spec §5: digits and spaces with an optional leading plus, at least 8 digits (as its message says). */
export function isWeddingPhone(value: string): boolean {
  return /^\+?[\d ]+$/.test(value) && value.replace(/\D/g, '').length >= 8;
}

function phone(requiredMessage: string) {
  return z.preprocess(trim, z.string({ error: requiredMessage }).min(1, { error: requiredMessage, abort: true })
    .max(WEDDING_PHONE_MAX, m.phoneInvalid).refine(isWeddingPhone, m.phoneInvalid));
}

function email(requiredMessage?: string) {
  const valid = z.email(m.emailInvalid).max(WEDDING_EMAIL_MAX, m.tooLong(WEDDING_EMAIL_MAX));
  if (requiredMessage) return z.preprocess(trim, z.string({ error: requiredMessage }).min(1, { error: requiredMessage, abort: true }).pipe(valid));
  return z.preprocess(trim, z.union([z.literal(''), valid], { error: m.emailInvalid }));
}

const choice = (message: string) => z.boolean({ error: message });
const language = (message: string) => z.enum(weddingLanguages, { error: message });

export const weddingInformasjonShape = {
  applicantName: text(WEDDING_NAME_MAX, m.applicantNameRequired),
  /** An optional alternative to the login's e-mail (spec §5). */
  applicantEmail: email(),
  applicantPhoneNo: phone(m.phoneRequired),
  applicantSsn: z.preprocess(trim, z.union([z.literal(''), z.string().regex(/^\d{11}$/, m.ssnInvalid)], { error: m.ssnInvalid })),
  addressStreetName: text(WEDDING_ADDRESS_MAX, m.addressRequired),
  addressPostCode: z.preprocess(trim, z.string({ error: m.postCodeRequired }).min(1, { error: m.postCodeRequired, abort: true }).max(4, m.postCodeInvalid).regex(/^\d{4}$/, m.postCodeInvalid)),
  addressPostalName: text(WEDDING_POSTAL_NAME_MAX, m.postalNameRequired),
  spouseName: text(WEDDING_NAME_MAX, m.spouseNameRequired),
  spouseEmail: email(m.spouseEmailRequired),
  spousePhoneNo: phone(m.spousePhoneRequired),
};

export const weddingGjennomforingShape = {
  eventLanguage: language(m.eventLanguageRequired),
  weddingInterpreterRequired: choice(m.interpreterRequired),
  /** Required when an interpreter is, from the list; '' otherwise. */
  weddingInterpreterLanguage: z.preprocess(trim, z.union([z.literal(''), z.enum(interpreterLanguages)], { error: m.interpreterLanguageRequired })),
  preferredContactLanguage: language(m.contactLanguageRequired),
  /** true (yes), false (no) or null (unsure): spec §3. Missing is not an answer. */
  weddingCulturalSegmentDesired: z.boolean({ error: m.culturalSegmentChoiceRequired }).nullable(),
  weddingCulturalSegment: text(WEDDING_TEXT_MAX),
  needsAccommodation: choice(m.accommodationChoiceRequired),
  accommodationDetails: text(WEDDING_TEXT_MAX),
  extraInformation: text(WEDDING_EXTRA_INFORMATION_MAX),
  /** Send the prøvingsattest now? If so, proevingsattestFile is required. */
  submitProevingsattestNow: choice(m.certificateChoiceRequired),
  /** A data URL of a PDF (spec §3), or '' when sent later. The server checks type, signature and size. */
  proevingsattestFile: z.preprocess(trim, z.string().max(Math.ceil(PROEVINGSATTEST_MAX_BYTES / 3) * 4 + 200, m.certificateRequired)),
};

export const weddingOppsummeringShape = {
  declarationAccepted: z.literal(true, { error: m.declarationRequired }),
};

type Gjennomforing = z.output<z.ZodObject<typeof weddingGjennomforingShape>>;

/** Spec §5's "if yes, … is required" rules, each on its field's path. */
function gjennomforingRules(value: Gjennomforing, ctx: z.RefinementCtx): void {
  const need = (when: boolean, field: keyof Gjennomforing, message: string) => {
    if (when && value[field] === '') ctx.addIssue({ code: 'custom', path: [field], message });
  };
  need(value.weddingInterpreterRequired, 'weddingInterpreterLanguage', m.interpreterLanguageRequired);
  need(value.weddingCulturalSegmentDesired === true, 'weddingCulturalSegment', m.culturalSegmentRequired);
  need(value.needsAccommodation, 'accommodationDetails', m.accommodationDetailsRequired);
  need(value.submitProevingsattestNow, 'proevingsattestFile', m.certificateRequired);
}

/** A detail of a question answered no is not kept (the read model shows what applies). */
function dropUnused<T extends Gjennomforing>(value: T): T {
  return {
    ...value,
    weddingInterpreterLanguage: value.weddingInterpreterRequired ? value.weddingInterpreterLanguage : '',
    weddingCulturalSegment: value.weddingCulturalSegmentDesired === true ? value.weddingCulturalSegment : '',
    accommodationDetails: value.needsAccommodation ? value.accommodationDetails : '',
    proevingsattestFile: value.submitProevingsattestNow ? value.proevingsattestFile : '',
  };
}

export const weddingInformasjonSchema = z.object(weddingInformasjonShape);
export const weddingGjennomforingSchema = z.object(weddingGjennomforingShape).superRefine(gjennomforingRules);
export const weddingOppsummeringSchema = z.object(weddingOppsummeringShape);
/** Next on a step validates that step's schema. */
export const weddingStepSchemas = {
  informasjon: weddingInformasjonSchema,
  gjennomforing: weddingGjennomforingSchema,
  oppsummering: weddingOppsummeringSchema,
} as const;

/** POST /api/user/form/wedding (spec 02 §3). */
export const weddingApplicationRequest = z.object({
  bookingId: z.number().int().positive(),
  ...weddingInformasjonShape,
  ...weddingGjennomforingShape,
  ...weddingOppsummeringShape,
  /** Spec §3: always empty. */
  userReferenceId: z.preprocess(trim, z.literal('')).optional(),
}).superRefine(gjennomforingRules).transform(dropUnused);
export type WeddingApplicationRequest = z.output<typeof weddingApplicationRequest>;
export type WeddingApplicationInput = z.input<typeof weddingApplicationRequest>;
