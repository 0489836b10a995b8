import type { BookingStatus, SourceForm } from '@lokaler/domain/booking';

/**
 * Spec 02 §2: "an info text per status and per source form". The texts are ours; they follow the
 * spec's facts (answer within about 3 weeks; school semester deadlines 1 June and 1 November; the
 * wedding info letter within 2 weeks). A form without its own text uses the default one.
 */
const texts: Record<BookingStatus, Partial<Record<SourceForm, string>> & { default: string }> = {
  UNPROCESSED: {
    default: 'Søknaden er mottatt og venter på behandling. Du får svar på e-post, vanligvis innen 3 uker.',
    school:
      'Søknaden er mottatt og venter på behandling. Søknader om semesterlån behandles etter søknadsfristene 1. juni (høsten) og 1. november (våren); enkeltarrangementer har ingen frist. Du får svar på e-post, vanligvis innen 3 uker.',
    wedding: 'Vi har mottatt søknaden om vielse. Vielseskontoret sender deg et informasjonsbrev innen 2 uker.',
  },
  APPROVED: {
    default: 'Bookingen er godkjent. Husk å lese vedtaket og eventuelle meldinger fra utleier under.',
    school:
      'Bookingen er godkjent. Skolen bruker lokalene på dagtid; tidene under er dine. Les vedtaket og eventuelle meldinger fra skolen under.',
    wedding: 'Vielsen er bekreftet. Vielseskontoret tar kontakt om det praktiske før seremonien.',
  },
  REJECTED: {
    default: 'Søknaden er avslått. Begrunnelsen fra utleier står under.',
    wedding: 'Søknaden om vielse er avslått. Begrunnelsen fra vielseskontoret står under.',
  },
  CANCELLED: {
    default: 'Bookingen er kansellert, og tidene er frigitt til andre.',
    wedding: 'Vielsen er kansellert, og tiden er frigitt til andre.',
  },
  AUTOREJECTED: {
    default: 'Søknaden ble avslått automatisk fordi den ikke ble fullført eller behandlet i tide. Du kan sende en ny søknad.',
    wedding: 'Søknaden om vielse ble avslått automatisk fordi søknadsskjemaet ikke ble fullført. Tiden er frigitt, og du kan søke på nytt.',
  },
};

export function statusInfoText(status: BookingStatus, sourceForm: SourceForm): string {
  const forStatus = texts[status];
  return forStatus[sourceForm] ?? forStatus.default;
}
