import { z } from 'zod';
import { weddingStepSchemas, type WeddingApplicationInput } from '@lokaler/domain/wedding-application';
import { weddingWizardSteps, type WeddingWizardStep } from '@lokaler/domain/wedding-application-texts';
import type { WeddingPrefillResponse } from '@lokaler/domain/wedding-application-answers';

/**
 * The wizard's form values as the inputs hold them (text, the chosen radio's value, the checkbox),
 * and the one step from them to the domain schema's input. Validation is the domain's step schemas;
 * nothing here re-states a rule.
 */

export type YesNo = '' | 'ja' | 'nei';
export type YesNoUnsure = YesNo | 'usikker';

export interface WeddingFormValues {
  applicantName: string;
  applicantEmail: string;
  applicantPhoneNo: string;
  applicantSsn: string;
  addressStreetName: string;
  addressPostCode: string;
  addressPostalName: string;
  spouseName: string;
  spouseEmail: string;
  spousePhoneNo: string;
  eventLanguage: string;
  weddingInterpreterRequired: YesNo;
  weddingInterpreterLanguage: string;
  preferredContactLanguage: string;
  weddingCulturalSegmentDesired: YesNoUnsure;
  weddingCulturalSegment: string;
  needsAccommodation: YesNo;
  accommodationDetails: string;
  extraInformation: string;
  submitProevingsattestNow: YesNo;
  /** The PDF as a data URL ('' until one is chosen). */
  proevingsattestFile: string;
  /** Shown in the wizard and the summary; not sent. */
  proevingsattestFileName: string;
  declarationAccepted: boolean;
}

export function initialValues(
  prefill: Pick<WeddingPrefillResponse, 'applicantName' | 'applicantEmail' | 'applicantPhoneNo'>,
): WeddingFormValues {
  return {
    applicantName: prefill.applicantName,
    applicantEmail: prefill.applicantEmail,
    applicantPhoneNo: prefill.applicantPhoneNo,
    applicantSsn: '',
    addressStreetName: '',
    addressPostCode: '',
    addressPostalName: '',
    spouseName: '',
    spouseEmail: '',
    spousePhoneNo: '',
    eventLanguage: '',
    weddingInterpreterRequired: '',
    weddingInterpreterLanguage: '',
    preferredContactLanguage: '',
    weddingCulturalSegmentDesired: '',
    weddingCulturalSegment: '',
    needsAccommodation: '',
    accommodationDetails: '',
    extraInformation: '',
    submitProevingsattestNow: '',
    proevingsattestFile: '',
    proevingsattestFileName: '',
    declarationAccepted: false,
  };
}

/** A question not answered is missing (the schema's 'Du må svare …'), not false. */
const yesNo = (value: YesNoUnsure): boolean | null | undefined =>
  value === 'ja' ? true : value === 'nei' ? false : value === 'usikker' ? null : undefined;
const chosen = (value: string): string | undefined => (value === '' ? undefined : value);

/** The form's values as the domain schema reads them (strings are trimmed by the schema itself). */
export function toApplicationInput(values: WeddingFormValues): Omit<WeddingApplicationInput, 'bookingId'> {
  const { proevingsattestFileName: _name, ...rest } = values;
  return {
    ...rest,
    eventLanguage: chosen(values.eventLanguage) as WeddingApplicationInput['eventLanguage'],
    preferredContactLanguage: chosen(values.preferredContactLanguage) as WeddingApplicationInput['preferredContactLanguage'],
    weddingInterpreterRequired: yesNo(values.weddingInterpreterRequired) as boolean,
    weddingCulturalSegmentDesired: yesNo(values.weddingCulturalSegmentDesired) as boolean | null,
    needsAccommodation: yesNo(values.needsAccommodation) as boolean,
    submitProevingsattestNow: yesNo(values.submitProevingsattestNow) as boolean,
    declarationAccepted: values.declarationAccepted as true,
  };
}

/** A step's schema over the form's values: what zodResolver validates on Next. */
export function stepSchema(step: WeddingWizardStep) {
  return z.preprocess((values) => toApplicationInput(values as WeddingFormValues), weddingStepSchemas[step]);
}

export function isWeddingStep(value: string | undefined): value is WeddingWizardStep {
  return (weddingWizardSteps as readonly string[]).includes(value ?? '');
}

/** The first step before `step` whose answers the schema does not accept, or null. */
export function firstIncompleteStepBefore(step: WeddingWizardStep, values: WeddingFormValues): WeddingWizardStep | null {
  for (const earlier of weddingWizardSteps.slice(0, weddingWizardSteps.indexOf(step))) {
    if (!weddingStepSchemas[earlier].safeParse(toApplicationInput(values)).success) return earlier;
  }
  return null;
}

export const stepTitles: Record<WeddingWizardStep, string> = {
  informasjon: 'Informasjon',
  gjennomforing: 'Gjennomføring',
  oppsummering: 'Oppsummering',
};

export const languageLabels: Record<string, string> = { norsk: 'Norsk', engelsk: 'Engelsk' };
export const yesNoLabels: Record<Exclude<YesNoUnsure, ''>, string> = { ja: 'Ja', nei: 'Nei', usikker: 'Usikker' };
