/**
 * The people of the local identity provider (the embedded default and every test).
 * National identity numbers are synthetic (month + 80, as in Norway's test registry) and valid mod 11.
 * `sub` is the stable, opaque key the API uses; `pid` never leaves the ID token.
 */
export interface TestCitizen {
  sub: string;
  pid: string;
  givenName: string;
  familyName: string;
  email: string;
  phone: string;
}
export interface TestAdmin {
  sub: string;
  givenName: string;
  familyName: string;
  email: string;
}

export const testCitizens: readonly TestCitizen[] = [
  {
    sub: 'c2f1a9d0-0b1e-4c55-9a1e-kari00000001',
    pid: withCheckDigits('120880', '123'),
    givenName: 'Kari',
    familyName: 'Nordmann',
    email: 'kari.nordmann@example.no',
    phone: '41234567',
  },
  {
    sub: 'c2f1a9d0-0b1e-4c55-9a1e-ola000000002',
    pid: withCheckDigits('030975', '458'),
    givenName: 'Ola',
    familyName: 'Nordmann',
    email: 'ola.nordmann@example.no',
    phone: '92345678',
  },
  {
    sub: 'c2f1a9d0-0b1e-4c55-9a1e-amina0000003',
    pid: withCheckDigits('211090', '234'),
    givenName: 'Amina',
    familyName: 'Hassan',
    email: 'amina.hassan@example.no',
    phone: '98765432',
  },
  {
    sub: 'c2f1a9d0-0b1e-4c55-9a1e-per000000004',
    pid: withCheckDigits('050860', '345'),
    givenName: 'Per',
    familyName: 'Hansen',
    email: 'per.hansen@example.no',
    phone: '47474747',
  },
  /** Has no demo data: the 'Mine data' e2e test (decision 057) deletes what she holds, so no other test relies on her. */
  {
    sub: 'c2f1a9d0-0b1e-4c55-9a1e-sofie0000005',
    pid: withCheckDigits('140293', '512'),
    givenName: 'Sofie',
    familyName: 'Berg',
    email: 'sofie.berg@example.no',
    phone: '46464646',
  },
];

/** Administrators; which locations each administers is in the demo data (location_admins by e-mail). */
export const testAdmins: readonly TestAdmin[] = [
  {
    sub: 'a9e3b7c1-5d2f-4e8a-b6c4-admin0000001',
    givenName: 'Siri',
    familyName: 'Saksbehandler',
    email: 'siri.saksbehandler@oslo.kommune.no',
  },
  {
    sub: 'a9e3b7c1-5d2f-4e8a-b6c4-admin0000002',
    givenName: 'Jonas',
    familyName: 'Driftsleder',
    email: 'jonas.driftsleder@oslo.kommune.no',
  },
  {
    sub: 'a9e3b7c1-5d2f-4e8a-b6c4-admin0000003',
    givenName: 'Vigdis',
    familyName: 'Vielseskontoret',
    email: 'vigdis.vielse@oslo.kommune.no',
  },
  /** City-wide administrator (city_admins): creates locations and invites their first administrators. */
  { sub: 'a9e3b7c1-5d2f-4e8a-b6c4-admin0000004', givenName: 'Bente', familyName: 'Byadmin', email: 'bente.byadmin@oslo.kommune.no' },
  /** Administers nothing until invited to set up a new location (the new-location e2e test). */
  { sub: 'a9e3b7c1-5d2f-4e8a-b6c4-admin0000005', givenName: 'Nora', familyName: 'Nyadmin', email: 'nora.nyadmin@oslo.kommune.no' },
];

/** Adds the two mod-11 control digits of a Norwegian national identity number (fødselsnummer). */
export function withCheckDigits(ddmmyy: string, individual: string): string {
  const base = ddmmyy.slice(0, 2) + String(Number(ddmmyy.slice(2, 4)) + 80) + ddmmyy.slice(4) + individual;
  const digits = base.split('').map(Number);
  const k1w = [3, 7, 6, 1, 8, 9, 4, 5, 2];
  let k1 = 11 - (digits.reduce((s, d, i) => s + d * k1w[i]!, 0) % 11);
  if (k1 === 11) k1 = 0;
  const k2w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  let k2 = 11 - ([...digits, k1].reduce((s, d, i) => s + d * k2w[i]!, 0) % 11);
  if (k2 === 11) k2 = 0;
  // A control digit of 10 makes the number invalid; the individual numbers above avoid it.
  if (k1 === 10 || k2 === 10) throw new Error(`no valid identity number for ${ddmmyy}${individual}`);
  return `${base}${k1}${k2}`;
}
