import { describe, expect, it } from 'vitest';
import { arkivmeldingSchemaErrors } from '../../../test/arkivmelding-schema';
import { buildArkivmelding, type JournalPostInput } from './build-arkivmelding';
import { escapeXml } from './xml';

const application: JournalPostInput = {
  caseNumber: 'LOK-2026-00042',
  newCase: {
    title: 'Søknad om lån av lokale – Torshov kulturhus – Kari Nordmann',
    publicTitle: 'Søknad om lån av lokale – Torshov kulturhus',
    openedAt: new Date('2026-03-28T23:30:00Z'),
    administrativeUnit: 'Torshov kulturhus',
  },
  post: {
    kind: 'application',
    key: '7b1e3f0a-8d9c-4c2b-9f1a-0e2d3c4b5a69',
    title: 'Søknad LOK-2026-00042 fra Kari Nordmann',
    publicTitle: 'Søknad LOK-2026-00042',
    at: new Date('2026-03-28T23:30:00Z'),
    correspondent: { name: 'Kari Nordmann', organisationNumber: null, contactPerson: null, email: 'kari@example.no' },
  },
  document: { title: 'Søknad', fileName: 'Søknad LOK-2026-00042.pdf', reference: 'soknad.pdf', sha256: 'ab'.repeat(32), size: 1234 },
};

describe('the arkivmelding of a journal post (decision 056)', () => {
  it('a new case with its first journal post validates against the published arkivmelding.opprett schema', async () => {
    const xml = buildArkivmelding(application);
    expect(await arkivmeldingSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain('<mappe xsi:type="saksmappe">');
    expect(xml).toContain('<registrering xsi:type="journalpost">');
    // The case's date is the Oslo day of the application, not the UTC one.
    expect(xml).toContain('<saksdato>2026-03-29</saksdato>');
    expect(xml).toContain('<n5mdk:noekkel>LOK-2026-00042</n5mdk:noekkel>');
  });

  it('a later journal post names the case by its external key and creates no case; the vedtak goes out (U), the contract comes in (I)', async () => {
    const vedtak = buildArkivmelding({
      ...application,
      newCase: null,
      post: {
        ...application.post,
        kind: 'vedtak',
        correspondent: { name: 'Torshov IL', organisationNumber: '987654321', contactPerson: 'Kari Nordmann', email: null },
      },
    });
    expect(await arkivmeldingSchemaErrors(vedtak)).toEqual([]);
    expect(vedtak).not.toContain('<mappe');
    expect(vedtak).toMatch(
      /<referanseForelderMappe><n5mdk:referanseEksternNoekkel><n5mdk:fagsystem>Lokaler<\/n5mdk:fagsystem><n5mdk:noekkel>LOK-2026-00042<\/n5mdk:noekkel>/,
    );
    expect(vedtak).toContain('<journalposttype><n5mdk:kode>U</n5mdk:kode>');
    expect(vedtak).toContain('<sendtDato>');
    expect(vedtak).toContain('<organisasjonid>987654321</organisasjonid>');
    const contract = buildArkivmelding({ ...application, newCase: null, post: { ...application.post, kind: 'contract' } });
    expect(await arkivmeldingSchemaErrors(contract)).toEqual([]);
    expect(contract).toContain('<journalposttype><n5mdk:kode>I</n5mdk:kode>');
    expect(contract).toContain('<n5mdk:kode>AVTALE</n5mdk:kode>');
  });

  it('escapes every value: a name with markup stays text and the message stays valid', async () => {
    const name = 'Ola <b>&</b> "Nordmann" \u0007';
    const xml = buildArkivmelding({
      ...application,
      post: { ...application.post, correspondent: { ...application.post.correspondent, name } },
    });
    expect(await arkivmeldingSchemaErrors(xml)).toEqual([]);
    expect(xml).toContain(`<korrespondansepartNavn>${escapeXml(name)}</korrespondansepartNavn>`);
    expect(escapeXml(name)).toBe('Ola &lt;b&gt;&amp;&lt;/b&gt; &quot;Nordmann&quot; ');
  });

  it('the schema check can fail: a journal post without its required type is refused', async () => {
    const xml = buildArkivmelding(application).replace(/<journalposttype>.*?<\/journalposttype>/, '');
    expect((await arkivmeldingSchemaErrors(xml)).join('\n')).toMatch(/journalstatus.*not expected|journalposttype/);
  });
});
