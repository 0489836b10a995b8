import { KOMMUNALE_TJENESTER_ROLE } from '@lokaler/domain/impersonation';
import type { PostalAddress } from '@lokaler/domain/invoices';
import { compareNorwegian } from '@lokaler/domain/norwegian-order';
import { testCitizens } from '../../seed/test-users';
import type { OrganizationRole, OrgRegistry } from './org-registry';

/**
 * The local organisation register: a fixed set of voluntary organisations (synthetic numbers with
 * valid mod-11 control digits) and the roles the local identity provider's test citizens have in
 * them. Only 'KOMAB' (Kommunale tjenester) roles let a person act for an organisation; the other
 * role is here so that the filter is exercised. Each has its form in Enhetsregisteret (organisasjonsform).
 */
export const localOrganizations = {
  sageneSjakklubb: { orgnr: '998877660', orgNavn: 'Sagene Sjakklubb', organisasjonsform: 'FLI' },
  toyenSportsklubb: { orgnr: '997766555', orgNavn: 'Tøyen Sportsklubb', organisasjonsform: 'FLI' },
  frognerDamekor: { orgnr: '996655431', orgNavn: 'Frogner Damekor', organisasjonsform: 'FLI' },
  holmliaKulturforening: { orgnr: '995544334', orgNavn: 'Holmlia Kulturforening', organisasjonsform: 'FLI' },
  grorudHistorielag: { orgnr: '994433229', orgNavn: 'Grorud Historielag', organisasjonsform: 'STI' },
  stovnerSkolekorps: { orgnr: '993322113', orgNavn: 'Stovner Skolekorps', organisasjonsform: 'FLI' },
  snekkerservice: { orgnr: '921857462', orgNavn: 'Nordmann Snekkerservice AS', organisasjonsform: 'AS' },
} as const;

/**
 * The organisations' invoice addresses (decision 071), as Enhetsregisteret's postadresse or
 * forretningsadresse would give them. Stovner Skolekorps has none: the invoice run's "no invoice
 * address" case in the demo.
 */
const address = (addressLine: string, postalCode: string, city = 'Oslo'): PostalAddress => ({
  addressLine,
  postalCode,
  city,
  countryCode: 'NO',
});
export const localInvoiceAddresses: Readonly<Record<string, PostalAddress | null>> = {
  [localOrganizations.sageneSjakklubb.orgnr]: address('Postboks 4420 Torshov', '0403'),
  [localOrganizations.toyenSportsklubb.orgnr]: address('Hagegata 28', '0653'),
  [localOrganizations.frognerDamekor.orgnr]: address('Postboks 2990 Solli', '0230'),
  [localOrganizations.holmliaKulturforening.orgnr]: address('Holmlia senter 3', '1255'),
  [localOrganizations.grorudHistorielag.orgnr]: address('Ammerudveien 22', '0958'),
  [localOrganizations.stovnerSkolekorps.orgnr]: null,
  [localOrganizations.snekkerservice.orgnr]: address('Verkstedveien 5', '0277'),
};

const [kari, ola, amina, per] = testCitizens;
const o = localOrganizations;
const DAGLIG_LEDER = 'DAGL';

/** sub → roles. Kari and Per both represent Sagene Sjakklubb, so its bookings show for both. */
const rolesBySub = new Map<string, readonly (readonly [{ orgnr: string; orgNavn: string; organisasjonsform: string }, string])[]>([
  [
    kari!.sub,
    [
      [o.sageneSjakklubb, KOMMUNALE_TJENESTER_ROLE],
      [o.frognerDamekor, KOMMUNALE_TJENESTER_ROLE],
    ],
  ],
  [
    ola!.sub,
    [
      [o.toyenSportsklubb, KOMMUNALE_TJENESTER_ROLE],
      [o.snekkerservice, DAGLIG_LEDER],
    ],
  ],
  [amina!.sub, [[o.holmliaKulturforening, KOMMUNALE_TJENESTER_ROLE]]],
  [
    per!.sub,
    [
      [o.sageneSjakklubb, KOMMUNALE_TJENESTER_ROLE],
      [o.grorudHistorielag, KOMMUNALE_TJENESTER_ROLE],
      [o.stovnerSkolekorps, KOMMUNALE_TJENESTER_ROLE],
    ],
  ],
]);

export class LocalOrgRegistry implements OrgRegistry {
  /** Tests change who represents what (a role withdrawn while a person acts for the organisation). */
  private readonly overrides = new Map<string, OrganizationRole[]>();

  async organizationsFor(person: { sub: string }): Promise<OrganizationRole[]> {
    const roles = this.overrides.get(person.sub) ?? (rolesBySub.get(person.sub) ?? []).map(([org, rolleKode]) => ({ ...org, rolleKode }));
    return roles.filter((r) => r.rolleKode === KOMMUNALE_TJENESTER_ROLE).sort((a, b) => compareNorwegian(a.orgNavn, b.orgNavn));
  }

  /** Tests give an organisation another address, none, or a register that does not answer ('fail'). */
  private readonly addressOverrides = new Map<string, PostalAddress | null | 'fail'>();

  async invoiceAddressOf(orgnr: string): Promise<PostalAddress | null> {
    const override = this.addressOverrides.get(orgnr);
    if (override === 'fail') throw new Error(`the local register is told to fail for ${orgnr}`);
    if (override !== undefined) return override;
    return localInvoiceAddresses[orgnr] ?? null;
  }

  /** Sets an organisation's invoice address (tests only); undefined goes back to the fixed one. */
  setInvoiceAddress(orgnr: string, value: PostalAddress | null | 'fail' | undefined): void {
    if (value === undefined) this.addressOverrides.delete(orgnr);
    else this.addressOverrides.set(orgnr, value);
  }

  /** Replaces a person's roles (tests only). */
  setRoles(sub: string, roles: OrganizationRole[]): void {
    this.overrides.set(sub, roles);
  }

  /** Back to the fixed register (tests only). */
  resetRoles(): void {
    this.overrides.clear();
  }
}
