import { z } from 'zod';
import { locationStatus, publicLocationType } from './location';

/**
 * The administrator's setup side of a location (decision 015): its fields, preferences,
 * texts and the new-location wizard. One schema per payload, parsed by the server and the admin app's
 * forms alike. Strings are trimmed; an empty optional string is stored as null.
 */

export const locationFieldMessages = {
  nameRequired: 'Du må fylle inn navn på lokalet',
  tooLong: 'Teksten er for lang',
  postCode: 'Postnummer må være 4 siffer',
  email: 'Skriv inn en gyldig e-postadresse',
  url: 'Skriv inn en gyldig nettadresse som begynner med https:// eller http://',
  phone: 'Telefonnummer kan kun inneholde tall og mellomrom, og må være minst 8 siffer',
  areaRequired: 'Du må velge bydel',
  unknownArea: 'Ukjent bydel.',
  positionBoth: 'Velg lokalets plassering i kartet',
  behandlingstid: 'Behandlingstid må være et helt antall dager fra 0 til 365',
  minDuration: 'Minste varighet må være et antall minutter delelig med 15, fra 15 til 1440',
  linkText: 'Du må fylle inn lenketekst',
} as const;

/** A trimmed optional text: '' and whitespace become null. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, locationFieldMessages.tooLong)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
}

/** An optional http(s) URL (a javascript: or data: URL is refused). */
export const optionalUrl = z
  .string()
  .trim()
  .max(500, locationFieldMessages.tooLong)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v), { message: locationFieldMessages.url });

/** PUT /api/admin/location/{id}: the location's own fields (step informasjon-om-lokalet). */
export const locationInfoFields = z
  .object({
    name: z.string().trim().min(1, locationFieldMessages.nameRequired).max(120, locationFieldMessages.tooLong),
    publicLocationType: publicLocationType,
    filterCategory: publicLocationType,
    geographicAreaId: z.string().trim().min(1, locationFieldMessages.areaRequired).max(60),
    streetAddress: optionalText(200),
    postCode: optionalText(4).refine((v) => v === null || /^\d{4}$/.test(v), { message: locationFieldMessages.postCode }),
    city: optionalText(100),
    phoneNumber: optionalText(20).refine((v) => v === null || /^\+?[\d ]{8,}$/.test(v), { message: locationFieldMessages.phone }),
    contactEmail: optionalText(320).refine((v) => v === null || z.email().safeParse(v).success, { message: locationFieldMessages.email }),
    homepage: optionalUrl,
    externalUrl: optionalUrl,
    companyCode: optionalText(40),
    /** HTML; the server sanitises it (DOMPurify) before storing. */
    informationMessage: optionalText(10_000),
    lat: z.number().min(-90).max(90).nullable(),
    lng: z.number().min(-180).max(180).nullable(),
  })
  .superRefine((v, ctx) => {
    if ((v.lat === null) !== (v.lng === null)) ctx.addIssue({ code: 'custom', path: ['lat'], message: locationFieldMessages.positionBoth });
  });
export type LocationInfoFields = z.infer<typeof locationInfoFields>;
export type LocationInfoInput = z.input<typeof locationInfoFields>;

/** GET/PUT /api/preferences/location/{id} (step innstillinger; 'Innstillingene ble lagret'). */
export const locationPreferences = z.object({
  behandlingstid: z
    .number()
    .int(locationFieldMessages.behandlingstid)
    .min(0, locationFieldMessages.behandlingstid)
    .max(365, locationFieldMessages.behandlingstid),
  minBookingDurationMinutes: z
    .number()
    .int(locationFieldMessages.minDuration)
    .min(15, locationFieldMessages.minDuration)
    .max(1440, locationFieldMessages.minDuration)
    .refine((m) => m % 15 === 0, { message: locationFieldMessages.minDuration })
    .nullable(),
  requireCostCategory: z.boolean(),
  displayInPortal: z.boolean(),
  allowRepeatedBookingsForPublicUser: z.boolean(),
  allowSingleBookingsForPublicUser: z.boolean(),
  maxOneTimeslotPerBookingForPublicUser: z.boolean(),
});
export type LocationPreferences = z.infer<typeof locationPreferences>;
export const preferencesSavedMessage = 'Innstillingene ble lagret';

/** GET /api/admin/location/{id}: every field the administrator edits, as stored. */
export const adminLocationDetails = z.object({
  id: z.number().int(),
  status: locationStatus,
  geographicAreaName: z.string(),
  name: z.string(),
  publicLocationType: publicLocationType,
  filterCategory: publicLocationType,
  geographicAreaId: z.string(),
  streetAddress: z.string().nullable(),
  postCode: z.string().nullable(),
  city: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  contactEmail: z.string().nullable(),
  homepage: z.string().nullable(),
  externalUrl: z.string().nullable(),
  companyCode: z.string().nullable(),
  informationMessage: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  preferences: locationPreferences,
  requireContract: z.boolean(),
  enableVedtak: z.boolean(),
  adminCanBookPastDates: z.boolean(),
});
export type AdminLocationDetails = z.infer<typeof adminLocationDetails>;

/** PUT /api/admin/location/{id}/about: the "Om lån og leie" texts (HTML, sanitised by the server). */
export const locationAboutFields = z.object({
  whoCanApply: optionalText(20_000),
  locationCosts: optionalText(20_000),
  loanCriteria: optionalText(20_000),
});
export type LocationAboutFields = z.infer<typeof locationAboutFields>;

/** GET/PUT /api/admin/location/{id}/tenant-info: practical information for tenants (plain text, links). */
export const tenantInfoFields = z.object({
  heading: z.string().trim().min(1, 'Du må fylle inn overskrift').max(200, locationFieldMessages.tooLong),
  description: z.string().trim().min(1, 'Du må fylle inn beskrivelse').max(5000, locationFieldMessages.tooLong),
  links: z
    .array(
      z.object({
        url: z
          .string()
          .trim()
          .max(500, locationFieldMessages.tooLong)
          .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), { message: locationFieldMessages.url }),
        linkText: z.string().trim().min(1, locationFieldMessages.linkText).max(200, locationFieldMessages.tooLong),
      }),
    )
    .max(10, 'Høyst 10 lenker'),
});
export type TenantInfoFields = z.infer<typeof tenantInfoFields>;
/** GET answers null when the location has written none (the portal then shows the generated text). */
export const tenantInfoResponse = tenantInfoFields.nullable();

// ---- The new-location wizard ----

export const newLocationSteps = [
  'informasjon-om-lokalet',
  'tilganger',
  'innstillinger',
  'apningstider',
  'stengte-datoer',
  'legg-til-rom',
  'om-lan-og-leie',
] as const;
export const newLocationStep = z.enum(newLocationSteps);
export type NewLocationStep = z.infer<typeof newLocationStep>;

export const newLocationStepTitles: Record<NewLocationStep, string> = {
  'informasjon-om-lokalet': 'Informasjon om lokalet',
  tilganger: 'Tilganger',
  innstillinger: 'Innstillinger',
  apningstider: 'Åpningstider',
  'stengte-datoer': 'Stengte datoer',
  'legg-til-rom': 'Legg til rom',
  'om-lan-og-leie': 'Om lån og leie',
};

export const stepStatuses = ['NOT_STARTED', 'STARTED', 'SAVED'] as const;
export const stepStatus = z.enum(stepStatuses);
export type StepStatus = z.infer<typeof stepStatus>;

/** The link id of /nytt-lokale/{linkId}: 32 random bytes, base64url. */
export const linkIdParams = z.object({ linkId: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'Ugyldig lenke' }) });
export const stepParams = linkIdParams.extend({ step: newLocationStep });

/** GET /api/admin/new-location/{linkId} */
export const newLocationWizard = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  published: z.boolean(),
  steps: z.record(newLocationStep, stepStatus),
});
export type NewLocationWizard = z.infer<typeof newLocationWizard>;

/** PUT /api/admin/new-location/{linkId}/steps/{step}: a step never goes back from SAVED. */
export const putStepStatusBody = z.object({ status: z.enum(['STARTED', 'SAVED']) });

export const newLocationMessages = {
  invitationUsed: 'Invitasjonen er allerede brukt.',
  invitationExpired: 'Invitasjonen har utløpt.',
  invitationNotFound: 'Fant ikke invitasjonen.',
  /** 403 of a claim by a login whose e-mail is not the invited one (decision 039): the address itself stays unsaid. */
  invitationForSomeoneElse:
    'Invitasjonen er sendt til en annen e-postadresse enn den du er logget inn med. Logg inn med den inviterte e-postadressen, eller be om en ny invitasjon.',
  /** 409 of a re-send once the invited person has taken the invitation in use, or the location is published. */
  invitationNotResendable: 'Invitasjonen er allerede tatt i bruk og kan ikke sendes på nytt.',
  invitationResent: 'Invitasjonen er sendt på nytt. Den forrige lenken virker ikke lenger.',
  stepsMissing: 'Du må fullføre alle stegene før lokalet kan publiseres.',
  positionMissing: 'Du må velge lokalets plassering i kartet før det kan publiseres.',
  openingHoursMissing: 'Lokalet må ha åpningstider før det kan publiseres.',
  /** The wizard's opening-hours step is not saved with every weekday closed (decision 044): said at the step, not only at 'Publiser lokalet'. */
  openingHoursRequired: 'Lokalet må ha åpningstider',
  roomMissing: 'Lokalet må ha minst ett synlig rom før det kan publiseres.',
  published: 'Lokalet er publisert',
} as const;

/** POST /api/admin/new-locations (city-wide administrator). */
export const createLocationBody = z.object({
  name: z.string().trim().min(1, locationFieldMessages.nameRequired).max(120, locationFieldMessages.tooLong),
  publicLocationType: publicLocationType,
  geographicAreaId: z.string().trim().min(1, locationFieldMessages.areaRequired).max(60),
  adminEmail: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: locationFieldMessages.email }).max(320)),
});
export type CreateLocationBody = z.infer<typeof createLocationBody>;

export const invitationStatuses = ['SENT', 'USED', 'EXPIRED', 'PUBLISHED'] as const;
export const invitationStatusLabels: Record<(typeof invitationStatuses)[number], string> = {
  SENT: 'Sendt',
  USED: 'Påbegynt',
  EXPIRED: 'Utløpt',
  PUBLISHED: 'Publisert',
};

export const locationInvitation = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  email: z.string(),
  status: z.enum(invitationStatuses),
  createdTimeUtc: z.string(),
  expiresTimeUtc: z.string(),
});
export type LocationInvitation = z.infer<typeof locationInvitation>;
export const locationInvitations = z.array(locationInvitation);

/** 201 of POST /api/admin/new-locations. The link itself only travels in the e-mail. */
export const createLocationResponse = z.object({ locationId: z.number().int(), invitation: locationInvitation });
