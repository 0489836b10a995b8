import type { DbOrTx } from '../../db/client';
import { findSignedContract } from '../contracts/repository';
import { findApprovedDocument, findBookingRows } from '../documents/repository';
import { decodeEntities } from './html-blocks';
import { renderDocumentPdf } from './render-document-pdf';

export type BookingDocumentPdfKind = 'vedtak' | 'contract';

export interface BookingDocumentPdf {
  bytes: Uint8Array;
  /** 'vedtak-LOK-2025-00042.pdf', 'kontrakt-LOK-2025-00042.pdf'. */
  fileName: string;
  title: string;
  /** SHA-256 of the approved (or signed) HTML the PDF was made from (decision 004). */
  sha256OfApprovedText: string;
}

const fileStem: Record<BookingDocumentPdfKind, string> = { vedtak: 'vedtak', contract: 'kontrakt' };
const fallbackTitle: Record<BookingDocumentPdfKind, string> = { vedtak: 'Vedtak', contract: 'Kontrakt' };

/** The document's own heading (its first h1), which says which decision it is. */
function headingOf(html: string): string | null {
  const match = /<h1\b[^>]*>([^<]*)<\/h1>/i.exec(html);
  return match ? decodeEntities(match[1]!).trim() || null : null;
}

/**
 * A booking's vedtak or contract as PDF/A-2b, made from the stored copy the hash covers (decision 004,
 * decision 055): the signed contract with its signer, time and hash once signed, else the approved one.
 * Null when the booking has no such document (none approved, or the approval was reverted). No access
 * check: the caller has made it (the applicant's and the administrator's routes, the archive).
 * A round's decision of an application is that application's vedtak, stored the same way.
 */
export async function bookingDocumentPdf(
  db: DbOrTx,
  { bookingId, kind }: { bookingId: number; kind: BookingDocumentPdfKind },
): Promise<BookingDocumentPdf | null> {
  const [booking] = await findBookingRows(db, [bookingId]);
  if (!booking) return null;
  const signed = kind === 'contract' ? await findSignedContract(db, bookingId) : undefined;
  const approved = signed ? undefined : await findApprovedDocument(db, bookingId, kind === 'contract' ? 'CONTRACT' : 'VEDTAK');
  const source = signed
    ? { html: signed.html, sha256: signed.sha256, createdAt: signed.signedAt }
    : approved && { html: approved.html, sha256: approved.hash, createdAt: approved.createdAt };
  if (!source) return null;

  const title = `${headingOf(source.html) ?? fallbackTitle[kind]}, saksnummer ${booking.caseNumber}`;
  const bytes = await renderDocumentPdf({
    ...source,
    title,
    caseNumber: booking.caseNumber,
    signature: signed && { signerName: signed.signedByName, signedAt: signed.signedAt },
    unsignedNote: kind === 'contract' && !signed ? 'Kontrakten er ikke signert.' : undefined,
  });
  return {
    bytes,
    fileName: `${fileStem[kind]}-${booking.caseNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`,
    title,
    sha256OfApprovedText: source.sha256,
  };
}
