import { z } from 'zod';
import { jsonId } from './id-param';
import {
  WEDDING_ADDRESS_MAX,
  WEDDING_EMAIL_MAX,
  WEDDING_EXTRA_INFORMATION_MAX,
  WEDDING_NAME_MAX,
  WEDDING_PHONE_MAX,
  WEDDING_POSTAL_NAME_MAX,
  WEDDING_TEXT_MAX,
  interpreterLanguages,
  weddingLanguages,
  weddingMessages as m,
} from './wedding-application-texts';
import { PROEVINGSATTEST_MAX_BYTES } from './wedding-certificate';

/**
 * The wedding application (spec 02 §3 payload, §5 rules), one schema for the wizard in the browser and
 * POST /api/user/form/wedding on the server. Every string is trimmed; an empty string is no answer.
 * Each wizard step has its own schema (shape + cross-field rules) so Next validates only that step.
 */

const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : v);

/*
 * No field check aborts (`abort: true`): an aborting issue would keep the step's cross-field rules from
 * running, and one press of Next must show every error. Instead a format check lets '' pass, so an
 * empty required field says only that it is required.
 */
const blankOr = (valid: (value: string) => boolean) => (value: string) => value === '' || valid(value);

/** A trimmed string of at most `max` characters; `requiredMessage` makes it required. */
function text(max: number, requiredMessage?: string) {
  const base = z.string({ error: requiredMessage ?? m.tooLong(max) }).max(max, m.tooLong(max));
  // Left out is '' (trim): the default says so in the document (decision 060).
  return requiredMessage ? z.preprocess(trim, base.min(1, requiredMessage)) : z.preprocess(trim, base).default('');
}

/** Spec §5: digits and spaces with an optional leading plus, at least 8 digits (as its message says). */
export function isWeddingPhone(value: string): boolean {
  return /^\+?[\d ]+$/.test(value) && value.replace(/\D/g, '').length >= 8;
}

function phone(requiredMessage: string) {
  return z.preprocess(
    trim,
    z
      .string({ error: requiredMessage })
      .min(1, requiredMessage)
      .max(WEDDING_PHONE_MAX, m.phoneInvalid)
      .refine(blankOr(isWeddingPhone), m.phoneInvalid),
  );
}

function email(requiredMessage?: string) {
  const valid = z.email(m.emailInvalid).max(WEDDING_EMAIL_MAX, m.tooLong(WEDDING_EMAIL_MAX));
  // The pipe checks the address only when the field is filled in.
  if (requiredMessage) return z.preprocess(trim, z.string({ error: requiredMessage }).min(1, requiredMessage).pipe(valid));
  return z.preprocess(trim, z.union([z.literal(''), valid], { error: m.emailInvalid })).default('');
}

const choice = (message: string) => z.boolean({ error: message });
const language = (message: string) => z.enum(weddingLanguages, { error: message });

export const weddingInformasjonShape = {
  applicantName: text(WEDDING_NAME_MAX, m.applicantNameRequired),
  /** An optional alternative to the login's e-mail (spec §5). */
  applicantEmail: email(),
  applicantPhoneNo: phone(m.phoneRequired),
  applicantSsn: z
    .preprocess(trim, z.union([z.literal(''), z.string().regex(/^\d{11}$/, m.ssnInvalid)], { error: m.ssnInvalid }))
    .default(''),
  addressStreetName: text(WEDDING_ADDRESS_MAX, m.addressRequired),
  addressPostCode: z.preprocess(
    trim,
    z
      .string({ error: m.postCodeRequired })
      .min(1, m.postCodeRequired)
      .max(4, m.postCodeInvalid)
      .refine(
        blankOr((v) => /^\d{4}$/.test(v)),
        m.postCodeInvalid,
      ),
  ),
  addressPostalName: text(WEDDING_POSTAL_NAME_MAX, m.postalNameRequired),
  spouseName: text(WEDDING_NAME_MAX, m.spouseNameRequired),
  spouseEmail: email(m.spouseEmailRequired),
  spousePhoneNo: phone(m.spousePhoneRequired),
};

export const weddingGjennomforingShape = {
  eventLanguage: language(m.eventLanguageRequired),
  weddingInterpreterRequired: choice(m.interpreterRequired),
  /** Required when an interpreter is, from the list; '' otherwise. */
  weddingInterpreterLanguage: z
    .preprocess(trim, z.union([z.literal(''), z.enum(interpreterLanguages)], { error: m.interpreterLanguageRequired }))
    .default(''),
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
  proevingsattestFile: z
    .preprocess(trim, z.string().max(Math.ceil(PROEVINGSATTEST_MAX_BYTES / 3) * 4 + 200, m.certificateRequired))
    .default(''),
};

export const weddingOppsummeringShape = { declarationAccepted: z.literal(true, { error: m.declarationRequired }) };

type Gjennomforing = z.output<z.ZodObject<typeof weddingGjennomforingShape>>;

/**
 * Spec §5's "if yes, … is required" rules, each on its field's path. They run even when other fields
 * of the step failed (`when` below), so one press of Next shows every error at once: the value may then
 * be partly unparsed, so each rule looks only at answers that are exactly yes and details exactly ''.
 */
function gjennomforingRules(value: { [K in keyof Gjennomforing]?: unknown }, ctx: z.RefinementCtx): void {
  const need = (when: boolean, field: keyof Gjennomforing, message: string) => {
    if (when && value[field] === '') ctx.addIssue({ code: 'custom', path: [field], message });
  };
  need(value.weddingInterpreterRequired === true, 'weddingInterpreterLanguage', m.interpreterLanguageRequired);
  need(value.weddingCulturalSegmentDesired === true, 'weddingCulturalSegment', m.culturalSegmentRequired);
  need(value.needsAccommodation === true, 'accommodationDetails', m.accommodationDetailsRequired);
  need(value.submitProevingsattestNow === true, 'proevingsattestFile', m.certificateRequired);
}

/** Run the rules whenever the input was an object, whatever else failed (zod skips them otherwise). */
const alongsideFieldErrors = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

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
export const weddingGjennomforingSchema = z.object(weddingGjennomforingShape).superRefine(gjennomforingRules, alongsideFieldErrors);
export const weddingOppsummeringSchema = z.object(weddingOppsummeringShape);
/** Next on a step validates that step's schema. */
export const weddingStepSchemas = {
  informasjon: weddingInformasjonSchema,
  gjennomforing: weddingGjennomforingSchema,
  oppsummering: weddingOppsummeringSchema,
} as const;

/** POST /api/user/form/wedding (spec 02 §3). */
export const weddingApplicationRequest = z
  .object({
    bookingId: jsonId,
    ...weddingInformasjonShape,
    ...weddingGjennomforingShape,
    ...weddingOppsummeringShape,
    /** Spec §3: always empty. */
    userReferenceId: z.preprocess(trim, z.literal('')).optional(),
  })
  .superRefine(gjennomforingRules, alongsideFieldErrors)
  .transform(dropUnused);
export type WeddingApplicationRequest = z.output<typeof weddingApplicationRequest>;
export type WeddingApplicationInput = z.input<typeof weddingApplicationRequest>;
