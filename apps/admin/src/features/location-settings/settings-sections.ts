import { paths } from '../../config/paths';

export interface SettingsSection {
  label: string;
  /** The section's address for a location. */
  href: (locationId: number) => string;
  /** The path prefix that marks the section as the current one. */
  match: string;
  /** Sections of other parts of decision 015 are listed here and switched on when their page is mounted. */
  enabled: boolean;
}

/** The sections of a location's settings (decision 015), in the order of the navigation. */
export const settingsSections: readonly SettingsSection[] = [
  { label: 'Informasjon om lokalet', href: paths.locationInfoSettings.getHref, match: paths.locationInfoSettings.path, enabled: true },
  {
    label: 'Åpningstider og stengte datoer',
    href: (id) => paths.openingHoursSettings.getHref('apningstider', id),
    match: '/innstillinger/lokalet/apningstider',
    enabled: true,
  },
  { label: 'Rom', href: paths.roomsSettings.getHref, match: paths.roomsSettings.path, enabled: true },
  { label: 'Tilganger', href: paths.adminsSettings.getHref, match: paths.adminsSettings.path, enabled: true },
  { label: 'Innstillinger', href: paths.preferencesSettings.getHref, match: paths.preferencesSettings.path, enabled: true },
  { label: 'Om lån og leie', href: paths.aboutSettings.getHref, match: paths.aboutSettings.path, enabled: true },
  { label: 'Blokkerte tider', href: paths.blockedTimesSettings.getHref, match: paths.blockedTimesSettings.path, enabled: true },
  { label: 'Refusjon', href: paths.reimbursementSettings.getHref, match: paths.reimbursementSettings.path, enabled: true },
  { label: 'Endringslogg', href: paths.auditLogSettings.getHref, match: paths.auditLogSettings.path, enabled: true },
];
