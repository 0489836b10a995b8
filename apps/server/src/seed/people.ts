import { testAdmins, testCitizens } from './test-users';

/** A user row for every test citizen of the local identity provider (keyed by sub, like a login). */
export const citizenUsers = testCitizens.map((c) => ({ sub: c.sub, name: `${c.givenName} ${c.familyName}`, email: c.email }));

/**
 * Made-up applicants behind the background bookings that fill the calendars. They cannot log in;
 * their subs are not in the identity provider.
 */
const demoNames = [
  'Ingrid Johansen',
  'Lars Olsen',
  'Fatima Ali',
  'Henrik Berg',
  'Sofie Larsen',
  'Mohammed Ahmed',
  'Nora Kristiansen',
  'Erik Haugen',
  'Maja Andersen',
  'Jakob Pedersen',
  'Emma Solberg',
  'Ali Khan',
] as const;
export const demoUsers = demoNames.map((name, i) => ({
  sub: `demo-user-${String(i + 1).padStart(2, '0')}`,
  name,
  email: `${name.toLowerCase().replace(/ /g, '.').replace(/ø/g, 'o').replace(/å/g, 'a').replace(/æ/g, 'ae')}@example.no`,
}));

/**
 * Organisations some applicants act for: the local organisation register's (synthetic numbers with
 * valid mod-11 control digits, see integrations/org-registry/local-org-registry.ts).
 */
export const demoOrganizations = [
  { number: '998877660', name: 'Sagene Sjakklubb' },
  { number: '997766555', name: 'Tøyen Sportsklubb' },
  { number: '996655431', name: 'Frogner Damekor' },
  { number: '995544334', name: 'Holmlia Kulturforening' },
  { number: '994433229', name: 'Grorud Historielag' },
  { number: '993322113', name: 'Stovner Skolekorps' },
] as const;

const [siri, jonas, vigdis, bente] = testAdmins;

/** The city-wide administrators of the demo (city_admins): Bente. */
export const cityAdminEmails = [bente!.email.toLowerCase()];

/**
 * Which locations each test admin administers, by location name and type:
 * Siri — district venues and schools in Sagene and Grünerløkka (plus Stovner bydelshus),
 * Jonas — the schools of Gamle Oslo and Frogner and every library, Vigdis — the town hall.
 */
export function adminEmailsFor(location: { name: string; type: string; district: string }): string[] {
  const emails: string[] = [];
  const siriDistricts = ['sagene', 'grunerlokka'];
  if (
    (siriDistricts.includes(location.district) && ['DISTRICT_VENUES', 'SCHOOLS'].includes(location.type)) ||
    location.name === 'Stovner bydelshus'
  ) {
    emails.push(siri!.email);
  }
  if ((location.type === 'SCHOOLS' && ['gamle-oslo', 'frogner'].includes(location.district)) || location.type === 'LIBRARIES') {
    emails.push(jonas!.email);
  }
  if (location.type === 'WEDDINGS') emails.push(vigdis!.email);
  return emails.map((e) => e.toLowerCase());
}

export const adminNames = {
  siri: `${siri!.givenName} ${siri!.familyName}`,
  jonas: `${jonas!.givenName} ${jonas!.familyName}`,
  vigdis: `${vigdis!.givenName} ${vigdis!.familyName}`,
};
