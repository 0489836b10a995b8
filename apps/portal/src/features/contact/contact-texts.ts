import type { SupportCategory } from '@lokaler/domain/support-inquiry';

/** The contact form's choices (spec 01 §3 Support inquiry categories). */
export const categoryLabels: Record<SupportCategory, string> = {
  LOCATION: 'Spørsmål om et lokale',
  BOOKING: 'Spørsmål om en booking',
  TECHNICAL: 'Tekniske problemer med nettsiden',
  OTHER: 'Noe annet',
};

/**
 * The two thank-you views (spec 01 §2; their texts are not given, spec 01 §9 gives the reply times:
 * 5 days for locations and bookings, 1–3 days for technical questions).
 */
export const thankYouTexts = {
  location: {
    title: 'Takk for henvendelsen!',
    body: (locationName: string | null) =>
      `Meldingen din er sendt${locationName ? ` til ${locationName}` : ' til lokalet'}. Du får svar på e-post, vanligvis innen 5 virkedager.`,
  },
  general: { title: 'Takk for at du tok kontakt!', body: 'Vi har fått meldingen din og svarer på e-post, vanligvis innen 1–3 virkedager.' },
} as const;

export const contactFailure = 'Det oppsto en feil';
