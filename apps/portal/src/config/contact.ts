/**
 * Contact points shown in the portal. One place, so the municipality can change them without
 * hunting through screens.
 */
export const contact = {
  /** The culture agency (Kulturetaten) answers questions about borrowing premises (home page note, footer). */
  cultureAgencyEmail: 'postmottak@kul.oslo.kommune.no',
  /** The municipality's privacy statement (user menu 'Personvern', footer). */
  privacyUrl: 'https://www.oslo.kommune.no/personvern-og-informasjonssikkerhet/',
  /** The municipality's main site. */
  municipalityUrl: 'https://www.oslo.kommune.no/',
} as const;
