import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { bookingDocumentPdf, renderDocumentPdf, sha256Hex } from '../../bookings';
import { ArchiveDeliveryError, type ArchiveMessage } from '../../integrations/archive/archive-client';
import { ARKIVMELDING_MESSAGE_TYPE, buildArkivmelding, type JournalPostInput } from '../arkivmelding/build-arkivmelding';
import { applicationHtml, decisionHtml } from './case-documents';
import { findArchiveCaseRecord, type ArchiveCaseRecord, type ArchiveKind, type ArchiveOutboxRow } from './repository';

interface CaseDocument {
  bytes: Uint8Array;
  /** The name to show (filnavn). */
  fileName: string;
  title: string;
}

/** The file's name inside the message: plain ASCII, as Fiks Arkiv asks of referanseDokumentfil. */
const referenceOf: Record<ArchiveKind, string> = { application: 'soknad.pdf', vedtak: 'vedtak.pdf', contract: 'kontrakt.pdf' };
const postTitle: Record<ArchiveKind, string> = { application: 'Søknad om lån av lokale', vedtak: 'Vedtak', contract: 'Signert kontrakt' };
const safeCaseNumber = (caseNumber: string) => caseNumber.replace(/[^A-Za-z0-9-]/g, '_');

/** A summary rendered by the documents' PDF/A renderer: its date is the row's, so a resend makes the same file. */
async function renderedSummary(record: ArchiveCaseRecord, html: string, title: string, stem: string, at: Date): Promise<CaseDocument> {
  const fullTitle = `${title}, saksnummer ${record.caseNumber}`;
  const bytes = await renderDocumentPdf({ html, title: fullTitle, caseNumber: record.caseNumber, createdAt: at, sha256: sha256Hex(html) });
  return { bytes, fileName: `${stem}-${safeCaseNumber(record.caseNumber)}.pdf`, title: fullTitle };
}

/**
 * The journal post's PDF, made now from stored data: the vedtak and the signed contract are the
 * documents' own PDF/A (decision 055) of the stored copies; the application, which has no stored
 * document, is a summary of what came in; a decision of a location that issues no vedtak, a summary
 * of the decision.
 */
async function documentOf(db: DbOrTx, row: ArchiveOutboxRow, record: ArchiveCaseRecord): Promise<CaseDocument> {
  if (row.kind === 'application') return renderedSummary(record, applicationHtml(record, row.createdAt), 'Søknad', 'soknad', row.createdAt);
  const stored = await bookingDocumentPdf(db, { bookingId: row.bookingId, kind: row.kind });
  if (stored) return { bytes: stored.bytes, fileName: stored.fileName, title: stored.title };
  if (row.kind === 'contract') throw new ArchiveDeliveryError(`Bookingen ${row.caseNumber} har ingen signert kontrakt å arkivere`);
  return renderedSummary(record, decisionHtml(record), 'Vedtak', 'vedtak', record.decision?.loggedAt ?? row.createdAt);
}

/** The message of one outbox row: its arkivmelding.xml and its one PDF (decision 056). */
export async function composeArchiveMessage(db: DbOrTx, row: ArchiveOutboxRow): Promise<ArchiveMessage> {
  const record = await findArchiveCaseRecord(db, row.bookingId);
  if (!record) throw new ArchiveDeliveryError(`Bookingen ${row.caseNumber} finnes ikke`);
  const document = await documentOf(db, row, record);
  const applicant = record.applicantName ?? 'Ukjent søker';
  const input: JournalPostInput = {
    caseNumber: row.caseNumber,
    newCase: row.createsCase
      ? {
          title: `Lån av lokale – ${record.locationName} – ${record.organizationName ?? applicant}`,
          publicTitle: `Lån av lokale – ${record.locationName}`,
          openedAt: record.createdAt,
          administrativeUnit: record.locationName,
        }
      : null,
    post: {
      kind: row.kind,
      key: row.messageId,
      title: `${postTitle[row.kind]} ${row.caseNumber} – ${record.organizationName ?? applicant}`,
      publicTitle: `${postTitle[row.kind]} ${row.caseNumber}`,
      at: row.createdAt,
      correspondent: {
        name: record.organizationName ?? applicant,
        organisationNumber: record.organizationName ? record.organizationNumber : null,
        contactPerson: record.organizationName ? applicant : null,
        email: record.applicantEmail,
      },
    },
    document: {
      title: document.title,
      fileName: document.fileName,
      reference: referenceOf[row.kind],
      sha256: createHash('sha256').update(document.bytes).digest('hex'),
      size: document.bytes.length,
    },
  };
  return {
    messageId: row.messageId,
    messageType: ARKIVMELDING_MESSAGE_TYPE,
    caseNumber: row.caseNumber,
    xml: buildArkivmelding(input),
    files: [{ name: referenceOf[row.kind], bytes: document.bytes, mimeType: 'application/pdf' }],
  };
}
