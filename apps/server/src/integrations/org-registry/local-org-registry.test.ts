import { describe, expect, it } from 'vitest';
import { isValidOrganizationNumber, KOMMUNALE_TJENESTER_ROLE } from '@lokaler/domain/impersonation';
import { demoOrganizations } from '../../seed/people';
import { testCitizens } from '../../seed/test-users';
import { LocalOrgRegistry, localOrganizations } from './local-org-registry';

describe('the local organisation register', () => {
  const registry = new LocalOrgRegistry();
  const [kari, ola, amina, per] = testCitizens;

  it('has real-looking organisation numbers: nine digits with a valid mod-11 control digit', () => {
    for (const org of Object.values(localOrganizations))
      expect([org.orgnr, isValidOrganizationNumber(org.orgnr)]).toEqual([org.orgnr, true]);
    expect(isValidOrganizationNumber('998877665')).toBe(false);
    expect(isValidOrganizationNumber('99887766')).toBe(false);
  });

  it('holds every organisation the demo data books for, with the same name', () => {
    const register = new Map(Object.values(localOrganizations).map((o) => [o.orgnr, o.orgNavn]));
    for (const org of demoOrganizations) expect(register.get(org.number)).toBe(org.name);
  });

  it('answers only the roles kommunale tjenester, in Norwegian name order', async () => {
    expect((await registry.organizationsFor(kari!)).map((o) => o.orgNavn)).toEqual(['Frogner Damekor', 'Sagene Sjakklubb']);
    const olas = await registry.organizationsFor(ola!);
    expect(olas).toEqual([
      {
        orgnr: localOrganizations.toyenSportsklubb.orgnr,
        orgNavn: 'Tøyen Sportsklubb',
        rolleKode: KOMMUNALE_TJENESTER_ROLE,
        organisasjonsform: 'FLI',
      },
    ]);
    expect((await registry.organizationsFor(amina!)).map((o) => o.orgNavn)).toEqual(['Holmlia Kulturforening']);
    expect((await registry.organizationsFor(per!)).map((o) => o.orgNavn)).toEqual([
      'Grorud Historielag',
      'Sagene Sjakklubb',
      'Stovner Skolekorps',
    ]);
    expect(await registry.organizationsFor({ sub: 'nobody' })).toEqual([]);
    expect((await registry.organizationsFor(per!)).map((o) => o.organisasjonsform)).toEqual(['STI', 'FLI', 'FLI']);
  });

  it('gives every demo organisation an invoice address but Stovner Skolekorps, the run\'s "no address" case (decision 071)', async () => {
    const registry = new LocalOrgRegistry();
    const withAddress = [];
    for (const o of Object.values(localOrganizations)) if (await registry.invoiceAddressOf(o.orgnr)) withAddress.push(o.orgNavn);
    expect(withAddress).toHaveLength(Object.keys(localOrganizations).length - 1);
    expect(await registry.invoiceAddressOf(localOrganizations.stovnerSkolekorps.orgnr)).toBeNull();
    expect(await registry.invoiceAddressOf(localOrganizations.sageneSjakklubb.orgnr)).toEqual({
      addressLine: 'Postboks 4420 Torshov',
      postalCode: '0403',
      city: 'Oslo',
      countryCode: 'NO',
    });
    expect(await registry.invoiceAddressOf('912345670')).toBeNull();
  });
});
