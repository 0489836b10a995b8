import { describe, expect, it } from 'vitest';
import {
  weddingApplicationRequest,
  weddingGjennomforingSchema,
  weddingInformasjonSchema,
  weddingOppsummeringSchema,
  isWeddingPhone,
  type WeddingApplicationInput,
} from './wedding-application';
import { interpreterLanguages, weddingMessages as m } from './wedding-application-texts';
import { weddingFormResponse } from './wedding-application-answers';

const validWeddingApplication: WeddingApplicationInput = {
  bookingId: 7,
  applicantName: 'Kari Nordmann',
  applicantEmail: '',
  applicantPhoneNo: '+47 412 34 567',
  applicantSsn: '',
  addressStreetName: 'Storgata 1',
  addressPostCode: '0155',
  addressPostalName: 'Oslo',
  spouseName: 'Ola Nordmann',
  spouseEmail: 'ola@example.no',
  spousePhoneNo: '98765432',
  eventLanguage: 'norsk',
  weddingInterpreterRequired: false,
  weddingInterpreterLanguage: '',
  preferredContactLanguage: 'engelsk',
  weddingCulturalSegmentDesired: null,
  weddingCulturalSegment: '',
  needsAccommodation: false,
  accommodationDetails: '',
  extraInformation: '',
  submitProevingsattestNow: false,
  proevingsattestFile: '',
  declarationAccepted: true,
  userReferenceId: '',
};

/** The message of each field that failed, by field. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('the wedding application schema (spec 02 §3, §5)', () => {
  it('accepts a complete application and trims every string', () => {
    const parsed = weddingApplicationRequest.parse({
      ...validWeddingApplication,
      applicantName: '  Kari Nordmann ',
      spouseEmail: ' ola@example.no ',
      addressPostCode: ' 0155 ',
    });
    expect(parsed).toMatchObject({ applicantName: 'Kari Nordmann', spouseEmail: 'ola@example.no', addressPostCode: '0155' });
  });

  it("says each required field of step 1 in the spec's words", () => {
    const empty = {
      applicantName: '',
      applicantEmail: '',
      applicantPhoneNo: ' ',
      applicantSsn: '',
      addressStreetName: '',
      addressPostCode: '',
      addressPostalName: '',
      spouseName: '',
      spouseEmail: '',
      spousePhoneNo: '',
    };
    expect(errorsOf(weddingInformasjonSchema.safeParse(empty))).toEqual({
      applicantName: m.applicantNameRequired,
      applicantPhoneNo: 'Du må fylle inn telefonnummer',
      addressStreetName: 'Du må fylle inn adresse',
      addressPostCode: 'Du må fylle inn postnummer',
      addressPostalName: 'Du må fylle inn poststed',
      spouseName: m.spouseNameRequired,
      spouseEmail: 'Du må fylle inn e-postadresse til kommende ektefelle',
      spousePhoneNo: 'Du må fylle inn telefonnummer til kommende ektefelle',
    });
  });

  it('checks phones, postcode, e-mails and lengths', () => {
    const result = weddingApplicationRequest.safeParse({
      ...validWeddingApplication,
      applicantPhoneNo: '1234 567',
      spousePhoneNo: '12-34-56-78',
      addressPostCode: '01555',
      spouseEmail: 'ola@',
      applicantEmail: 'kari',
      addressStreetName: 'x'.repeat(201),
      extraInformation: 'y'.repeat(5001),
      applicantSsn: '123',
    });
    expect(errorsOf(result)).toEqual({
      applicantPhoneNo: 'Telefonnummer kan kun inneholde tall og mellomrom, og må være minst 8 siffer',
      spousePhoneNo: 'Telefonnummer kan kun inneholde tall og mellomrom, og må være minst 8 siffer',
      addressPostCode: 'Postnummer må være 4 siffer',
      spouseEmail: m.emailInvalid,
      applicantEmail: m.emailInvalid,
      addressStreetName: 'Teksten kan ha høyst 200 tegn',
      extraInformation: 'Teksten kan ha høyst 5000 tegn',
      applicantSsn: m.ssnInvalid,
    });
    expect(['12345678', '+47 12345678', '123 45 678'].every(isWeddingPhone)).toBe(true);
    expect(['1234567', '+', '++12345678', 'abcdefgh', '        '].some(isWeddingPhone)).toBe(false);
  });

  it('requires each detail when its question is answered yes, and only then', () => {
    const yes = {
      ...validWeddingApplication,
      weddingInterpreterRequired: true,
      weddingCulturalSegmentDesired: true,
      needsAccommodation: true,
      submitProevingsattestNow: true,
    };
    expect(errorsOf(weddingGjennomforingSchema.safeParse(yes))).toEqual({
      weddingInterpreterLanguage: m.interpreterLanguageRequired,
      weddingCulturalSegment: 'Du må beskrive det kulturelle innslaget',
      accommodationDetails: m.accommodationDetailsRequired,
      proevingsattestFile: m.certificateRequired,
    });
    expect(weddingGjennomforingSchema.safeParse({ ...yes, weddingInterpreterLanguage: 'klingon' }).success).toBe(false);
    const filled = {
      ...yes,
      weddingInterpreterLanguage: 'somali',
      weddingCulturalSegment: 'Dikt',
      accommodationDetails: 'Rullestol',
      proevingsattestFile: 'data:application/pdf;name=file;base64,JVBERi0=',
    };
    expect(weddingGjennomforingSchema.safeParse(filled).success).toBe(true);
    // A detail of a question answered no is dropped, not stored.
    const parsed = weddingApplicationRequest.parse({
      ...filled,
      weddingInterpreterRequired: false,
      weddingCulturalSegmentDesired: false,
      needsAccommodation: false,
      submitProevingsattestNow: false,
    });
    expect(parsed).toMatchObject({
      weddingInterpreterLanguage: '',
      weddingCulturalSegment: '',
      accommodationDetails: '',
      proevingsattestFile: '',
    });
  });

  it('gives the "if yes" errors together with the step\'s other errors, in one validation (the browser and the server)', () => {
    const partly = {
      ...validWeddingApplication,
      eventLanguage: undefined,
      preferredContactLanguage: 'tysk',
      weddingInterpreterRequired: true,
      needsAccommodation: true,
      accommodationDetails: '  ',
    };
    const expected = {
      eventLanguage: m.eventLanguageRequired,
      preferredContactLanguage: m.contactLanguageRequired,
      weddingInterpreterLanguage: m.interpreterLanguageRequired,
      accommodationDetails: m.accommodationDetailsRequired,
    };
    expect(errorsOf(weddingGjennomforingSchema.safeParse(partly))).toEqual(expected);
    expect(errorsOf(weddingApplicationRequest.safeParse({ ...partly, applicantName: '' }))).toEqual({
      ...expected,
      applicantName: m.applicantNameRequired,
    });
    // A question not answered has its own error and asks for no detail; a body that is no object is one error.
    expect(errorsOf(weddingGjennomforingSchema.safeParse({ ...partly, weddingInterpreterRequired: undefined }))).toEqual({
      ...expected,
      weddingInterpreterRequired: m.interpreterRequired,
      weddingInterpreterLanguage: undefined,
    });
    expect(weddingApplicationRequest.safeParse(null).error?.issues).toHaveLength(1);
  });

  it('has yes, no and unsure for the cultural segment, and no answer is an error', () => {
    for (const desired of [true, false, null]) {
      expect(
        weddingGjennomforingSchema.safeParse({
          ...validWeddingApplication,
          weddingCulturalSegmentDesired: desired,
          weddingCulturalSegment: 'Sang',
        }).success,
      ).toBe(true);
    }
    const { weddingCulturalSegmentDesired: _, ...missing } = validWeddingApplication;
    expect(errorsOf(weddingGjennomforingSchema.safeParse(missing))).toEqual({
      weddingCulturalSegmentDesired: m.culturalSegmentChoiceRequired,
    });
  });

  it('only norsk or engelsk for the ceremony and contact, and about 40 interpreter languages', () => {
    expect(
      errorsOf(weddingGjennomforingSchema.safeParse({ ...validWeddingApplication, eventLanguage: 'svensk', preferredContactLanguage: '' })),
    ).toEqual({ eventLanguage: m.eventLanguageRequired, preferredContactLanguage: m.contactLanguageRequired });
    expect(interpreterLanguages.length).toBeGreaterThanOrEqual(38);
    expect(new Set(interpreterLanguages).size).toBe(interpreterLanguages.length);
  });

  it('the summary needs the declaration ticked', () => {
    expect(errorsOf(weddingOppsummeringSchema.safeParse({ declarationAccepted: false }))).toEqual({
      declarationAccepted: m.declarationRequired,
    });
    expect(weddingApplicationRequest.safeParse({ ...validWeddingApplication, declarationAccepted: undefined }).success).toBe(false);
  });

  it('userReferenceId is always empty', () => {
    expect(weddingApplicationRequest.safeParse({ ...validWeddingApplication, userReferenceId: 'abc' }).success).toBe(false);
  });

  it('the read model of a certificate-only answer still parses, with no answers', () => {
    expect(weddingFormResponse.parse({ bookingId: 1, proevingsattestFile: null, proevingsattestFileAddedTimeUtc: null })).toEqual({
      bookingId: 1,
      submittedAtUtc: null,
      answers: null,
      proevingsattestFile: null,
      proevingsattestFileAddedTimeUtc: null,
    });
  });
});
