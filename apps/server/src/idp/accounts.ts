import { testAdmins, testCitizens, type TestAdmin, type TestCitizen } from '../seed/test-users';

/** A person the local provider can log in: a citizen (portal, ID-porten) or an administrator. */
export type LocalAccount = { kind: 'citizen'; person: TestCitizen } | { kind: 'admin'; person: TestAdmin };

/** ID-porten's levels of assurance; TestID logins count as substantial, as in ID-porten's test environment. */
export const ACR_SUBSTANTIAL = 'idporten-loa-substantial';
export const ACR_HIGH = 'idporten-loa-high';

export function findLocalAccount(sub: string): LocalAccount | undefined {
  const citizen = testCitizens.find((c) => c.sub === sub);
  if (citizen) return { kind: 'citizen', person: citizen };
  const admin = testAdmins.find((a) => a.sub === sub);
  return admin ? { kind: 'admin', person: admin } : undefined;
}

export function findCitizenByPid(pid: string): TestCitizen | undefined {
  return testCitizens.find((c) => c.pid === pid);
}

/** Employees log in with a stronger method than citizens' TestID. */
export function acrFor(account: LocalAccount): string {
  return account.kind === 'admin' ? ACR_HIGH : ACR_SUBSTANTIAL;
}

export function displayName(person: TestCitizen | TestAdmin): string {
  return `${person.givenName} ${person.familyName}`;
}

/**
 * Every claim the provider may release; oidc-provider filters them by the granted scopes. The
 * national identity number (`pid`) exists only for citizens and only ever goes into the ID token.
 */
export function accountClaims(account: LocalAccount): { sub: string } & Record<string, string> {
  const { person } = account;
  return {
    sub: person.sub,
    given_name: person.givenName,
    family_name: person.familyName,
    name: displayName(person),
    email: person.email,
    ...(account.kind === 'citizen' ? { pid: account.person.pid } : {}),
  };
}
