import type { ContractPreviewQuery, DocumentPreview, VedtakPreviewQuery } from '@lokaler/domain/admin-approval';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { findBookingForAdmin } from '../../bookings';
import { loadDocumentData } from '../../bookings';
import { termsFromPreview } from '../../bookings';
import { sha256Hex } from '../../bookings';
import { renderContract } from '../../bookings';
import { renderVedtak } from '../../bookings';

interface PreviewOptions<Q> {
  db: DbOrTx;
  user: AuthenticatedUser;
  bookingId: number;
  query: Q;
  now?: Date;
}

/** GET /api/vedtak-preview/{bookingId}: the vedtak as the applicant would get it now, with its hash. */
export async function previewVedtak({
  db,
  user,
  bookingId,
  query,
  now = new Date(),
}: PreviewOptions<VedtakPreviewQuery>): Promise<DocumentPreview> {
  const booking = await findBookingForAdmin(db, bookingId, user);
  const data = await loadDocumentData(db, booking);
  const terms = termsFromPreview(query, data.selvkostPrices);
  const html = renderVedtak({ data, type: query.vedtakType, terms, rejectionText: query.rejectionText, today: osloClock(now).today });
  return { html, hash: sha256Hex(html) };
}

/** GET /api/contract-preview/{bookingId}: the contract as the applicant would get it now, with its hash. */
export async function previewContract({
  db,
  user,
  bookingId,
  query,
  now = new Date(),
}: PreviewOptions<ContractPreviewQuery>): Promise<DocumentPreview> {
  const booking = await findBookingForAdmin(db, bookingId, user);
  const data = await loadDocumentData(db, booking);
  const terms = termsFromPreview(query, data.selvkostPrices);
  const html = renderContract({ data, terms, today: osloClock(now).today });
  return { html, hash: sha256Hex(html) };
}
