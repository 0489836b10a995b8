import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { el, kode, leaf, MDK, METADATAKATALOG_NAMESPACE } from './xml';

/**
 * The arkivmelding of one journal post (KS Fiks Arkiv V1, message type
 * no.ks.fiks.arkiv.v1.arkivering.arkivmelding.opprett; decision 056), as a pure function of what the
 * booking's stored data says. The case is found in the archive by its external key: the fagsystem
 * 'Lokaler' and the case number the portal shows. The booking's first message creates the case
 * (a saksmappe) and its journal post; every later one is a journal post whose parent is that key.
 * The children of the metadatakatalog's types (kode, eksternNoekkel, identifikatorer, the reference
 * to a folder) are in its namespace, as its elementFormDefault says. The codes are Noark 5's (the schema types them as free `kode`): journalposttype I/U, journalstatus,
 * dokumenttype, tilknyttetRegistreringSom H, variantformat A, the file format as its PRONOM id.
 */

export const ARKIVMELDING_NAMESPACE = 'https://ks-no.github.io/standarder/fiks-protokoll/fiks-arkiv/arkivmelding/opprett/v1';
export const ARKIVMELDING_MESSAGE_TYPE = 'no.ks.fiks.arkiv.v1.arkivering.arkivmelding.opprett';
/** The fagsystem of every external key, and the arkivmelding's `system`. */
export const FAGSYSTEM = 'Lokaler';

export type JournalPostKind = 'application' | 'vedtak' | 'contract';

export interface Correspondent {
  /** The person who applied, or the organisation they applied for. */
  name: string;
  organisationNumber: string | null;
  /** The person who acts for the organisation. */
  contactPerson: string | null;
  email: string | null;
}

export interface JournalPostInput {
  caseNumber: string;
  /** The saksmappe, when this message creates the case; null when the case exists already. */
  newCase: {
    title: string;
    /** The title without the applicant's name, for the public journal. */
    publicTitle: string;
    /** When the application came: the case's date. */
    openedAt: Date;
    /** The location that handles the case (administrativ enhet). */
    administrativeUnit: string;
  } | null;
  post: {
    kind: JournalPostKind;
    /** The journal post's own external key, unique per message (the outbox's message id). */
    key: string;
    title: string;
    publicTitle: string;
    /** When the document was received (application, signed contract) or sent (vedtak). */
    at: Date;
    correspondent: Correspondent;
  };
  document: {
    title: string;
    /** The name to show and download the file under. */
    fileName: string;
    /** The file's name inside the message (referanseDokumentfil). */
    reference: string;
    sha256: string;
    size: number;
  };
}

/** Noark 5 codes per journal post: which way the document went, its type, and the part the correspondent plays. */
const postCodes: Record<
  JournalPostKind,
  { journalposttype: [string, string]; journalstatus: [string, string]; dokumenttype: [string, string]; part: [string, string] }
> = {
  // The citizen's application came in.
  application: {
    journalposttype: ['I', 'Inngående dokument'],
    journalstatus: ['J', 'Journalført'],
    dokumenttype: ['SØKNAD', 'Søknad'],
    part: ['EA', 'Avsender'],
  },
  // The decision went out to the applicant (the portal and the e-mail sent it).
  vedtak: {
    journalposttype: ['U', 'Utgående dokument'],
    journalstatus: ['E', 'Ekspedert'],
    dokumenttype: ['VEDTAK', 'Vedtak'],
    part: ['EM', 'Mottaker'],
  },
  // The contract came back signed by the applicant: an incoming document.
  contract: {
    journalposttype: ['I', 'Inngående dokument'],
    journalstatus: ['J', 'Journalført'],
    dokumenttype: ['AVTALE', 'Avtale'],
    part: ['EA', 'Avsender'],
  },
};

const externalKey = (name: string, key: string) => el(name, [leaf(`${MDK}:fagsystem`, FAGSYSTEM), leaf(`${MDK}:noekkel`, key)]);
const dateTime = (at: Date) => at.toISOString();

/** The arkivmelding.xml of one journal post, with its one PDF as the main document. */
export function buildArkivmelding(input: JournalPostInput): string {
  const { caseNumber, newCase, post, document } = input;
  const codes = postCodes[post.kind];
  const mappe =
    newCase &&
    el(
      'mappe',
      [
        leaf('tittel', newCase.title),
        leaf('offentligTittel', newCase.publicTitle),
        externalKey('referanseEksternNoekkel', caseNumber),
        leaf('saksdato', todayInOslo(newCase.openedAt)),
        el('administrativEnhet', [leaf(`${MDK}:navn`, newCase.administrativeUnit)]),
        kode('saksstatus', 'B', 'Under behandling'),
      ],
      { 'xsi:type': 'saksmappe' },
    );
  const dokumentbeskrivelse = el('dokumentbeskrivelse', [
    kode('dokumenttype', ...codes.dokumenttype),
    kode('dokumentstatus', 'F', 'Dokumentet er ferdigstilt'),
    leaf('tittel', document.title),
    kode('tilknyttetRegistreringSom', 'H', 'Hoveddokument'),
    leaf('dokumentnummer', 1),
    el('dokumentobjekt', [
      leaf('versjonsnummer', 1),
      kode('variantformat', 'A', 'Arkivformat'),
      // PRONOM's id of PDF/A-2b, what the documents are (decision 055).
      kode('format', 'fmt/477', 'PDF/A-2b'),
      leaf('mimeType', 'application/pdf'),
      leaf('filnavn', document.fileName),
      leaf('referanseDokumentfil', document.reference),
      leaf('sjekksum', document.sha256),
      leaf('sjekksumAlgoritme', 'SHA-256'),
      leaf('filstoerrelse', document.size),
    ]),
  ]);
  const c = post.correspondent;
  const korrespondansepart = el('korrespondansepart', [
    kode('korrespondanseparttype', ...codes.part),
    leaf('korrespondansepartNavn', c.name),
    leaf('organisasjonid', c.organisationNumber),
    leaf('epostadresse', c.email),
    leaf('kontaktperson', c.contactPerson),
  ]);
  const incoming = codes.journalposttype[0] === 'I';
  const registrering = el(
    'registrering',
    [
      el('referanseForelderMappe', [externalKey(`${MDK}:referanseEksternNoekkel`, caseNumber)]),
      dokumentbeskrivelse,
      leaf('tittel', post.title),
      leaf('offentligTittel', post.publicTitle),
      korrespondansepart,
      externalKey('referanseEksternNoekkel', post.key),
      kode('journalposttype', ...codes.journalposttype),
      kode('journalstatus', ...codes.journalstatus),
      leaf('dokumentetsDato', todayInOslo(post.at)),
      incoming ? leaf('mottattDato', dateTime(post.at)) : leaf('sendtDato', dateTime(post.at)),
    ],
    { 'xsi:type': 'journalpost' },
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    el('arkivmelding', [leaf('system', FAGSYSTEM), leaf('antallFiler', 1), mappe, registrering], {
      xmlns: ARKIVMELDING_NAMESPACE,
      [`xmlns:${MDK}`]: METADATAKATALOG_NAMESPACE,
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    }) +
    '\n'
  );
}
