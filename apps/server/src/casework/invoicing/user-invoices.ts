import type { InvoiceMessage, InvoiceSeller, UserInvoice } from '@lokaler/domain/invoices';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { EffectiveIdentity } from '../../people';
import { findBookingForAdmin } from '../../bookings';
import { findInvoices, type StoredInvoice } from './invoice-repository';
import { listInvoiceRowsOfBooking } from './outbox-repository';

/** The citizen's invoices and the administrator's log of their deliveries (decision 071). */

const ownerOf = (identity: EffectiveIdentity) =>
  identity.kind === 'ORGANIZATION' ? { organizationNumber: identity.organization.number } : { userId: identity.user.userId };

export const invoiceNotFoundMessage = 'Fant ikke fakturaen.';

/** GET /api/user/invoices, /api/user/booking/{id}/invoices: the effective user's own (a person's, or the organisation's they act for). */
export async function listUserInvoices(
  db: DbOrTx,
  identity: EffectiveIdentity,
  seller: InvoiceSeller,
  bookingId?: number,
): Promise<UserInvoice[]> {
  const rows = await findInvoices.ofIdentity(db, ownerOf(identity), bookingId);
  return rows.map((r) => userInvoiceOf(r, seller));
}

/** One of the effective user's invoices; 404 for another's, the same as for none. */
export async function findUserInvoice(db: DbOrTx, identity: EffectiveIdentity, invoiceId: number): Promise<StoredInvoice> {
  const [row] = (await findInvoices.ofIdentity(db, ownerOf(identity))).filter((r) => r.id === invoiceId);
  if (!row) throw new AppError('NOT_FOUND', `Invoice ${invoiceId}`, invoiceNotFoundMessage);
  return row;
}

/** An invoice for the administrators of its booking's location (403 others, 404 none). */
export async function findAdminInvoice(db: DbOrTx, user: AuthenticatedUser, invoiceId: number): Promise<StoredInvoice> {
  const [row] = await findInvoices.byIds(db, [invoiceId]);
  if (!row) throw new AppError('NOT_FOUND', `Invoice ${invoiceId}`, invoiceNotFoundMessage);
  await findBookingForAdmin(db, row.bookingId, user);
  return row;
}

export function userInvoiceOf(r: StoredInvoice, seller: InvoiceSeller): UserInvoice {
  const creditedInFull = r.kind === 'INVOICE' && r.creditedOre >= r.totalOre;
  return {
    id: r.id,
    number: r.number,
    kind: r.kind,
    bookingId: r.bookingId,
    caseNumber: r.caseNumber,
    locationName: r.locationName,
    period: r.period,
    issueDate: r.issueDate,
    dueDate: r.dueDate,
    kid: r.kid,
    amountOre: r.totalOre,
    accountNumber: seller.accountNumber,
    // A document refused for good is still the city's to send: the citizen sees it as under way.
    status: creditedInFull ? 'KREDITERT' : r.delivery === 'SENT' ? 'SENDT' : 'UNDER_SENDING',
    lines: r.lines,
    pdfUrl: `/api/user/invoices/${r.id}/pdf`,
  };
}

/** GET /api/booking-log/{id}/invoice-messages: the booking's deliveries, for its location's administrators. */
export async function listInvoiceMessages(db: DbOrTx, user: AuthenticatedUser, bookingId: number): Promise<InvoiceMessage[]> {
  await findBookingForAdmin(db, bookingId, user);
  const rows = await listInvoiceRowsOfBooking(db, bookingId);
  return rows.map((r) => ({
    id: r.id,
    channel: r.kind,
    invoiceNumbers: r.invoiceNumbers,
    messageId: r.messageId,
    createdTimeUtc: r.createdAt.toISOString(),
    status: r.sentAt ? 'SENT' : r.failedAt ? 'FAILED' : r.lastError ? 'RETRYING' : 'PENDING',
    sentTimeUtc: r.sentAt?.toISOString() ?? null,
    nextAttemptTimeUtc: r.sentAt || r.failedAt ? null : r.nextAttemptAt.toISOString(),
    attempts: r.attempts,
    lastError: r.lastError,
    receiptId: r.receiptId,
  }));
}
