import { formatKroner } from '@lokaler/domain/admin-selvkost';
import {
  invoiceElementText,
  type InvoiceAdjustmentRequest,
  type InvoiceHoldRequest,
  type InvoiceSettings,
  type InvoicingLine,
  type InvoicingPeriodResponse,
  type InvoicingSummaryResponse,
} from '@lokaler/domain/invoices';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers, assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import { appendChangeLog, byAdministrator, lockBookingForAdmin } from '../../bookings';
import { findInvoices, loadSummary } from './invoice-repository';
import { invoicingBookingOf, loadMonthBasis } from './month-basis';
import { summaryItemOf } from './run-invoices';
import { invoicingMessages } from './recipients';
import { deleteHold, findHold, findInvoiceLocation, insertManualLine, upsertHold, upsertInvoiceSettings } from './repository';

/** The case officer's invoicing (decision 071): the location's switch, the month's basis, holds and manual lines, the summary. */

async function locationOf(db: Db, locationId: number) {
  const location = await findInvoiceLocation(db, locationId);
  if (!location) throw new AppError('NOT_FOUND', `Location ${locationId}`, invoicingMessages.notFound);
  return location;
}

/** GET /api/admin/location/{id}/invoice-settings: the location's managers (403 otherwise). */
export async function getInvoiceSettings(db: Db, user: AuthenticatedUser, locationId: number): Promise<InvoiceSettings> {
  assertManagesLocation(user, locationId);
  return (await locationOf(db, locationId)).settings;
}

/** PUT /api/admin/location/{id}/invoice-settings */
export async function putInvoiceSettings(
  db: Db,
  user: AuthenticatedUser,
  locationId: number,
  settings: InvoiceSettings,
): Promise<InvoiceSettings> {
  assertManagesLocation(user, locationId);
  await locationOf(db, locationId);
  await writeTransaction(db, (tx) => upsertInvoiceSettings(tx, locationId, settings));
  return settings;
}

/** GET /api/admin/location/{id}/invoicing?period=YYYY-MM: the month's Fakturagrunnlag. */
export async function getInvoicingPeriod(
  db: Db,
  user: AuthenticatedUser,
  locationId: number,
  period: string,
  organizations: readonly string[],
): Promise<InvoicingPeriodResponse> {
  assertAdministers(user, locationId);
  const location = await locationOf(db, locationId);
  const month = await loadMonthBasis(db, location, period, organizations);
  const invoices = await findInvoices.ofLocationPeriod(db, locationId, period);
  return {
    locationId,
    period,
    settings: location.settings,
    bookings: month.map(invoicingBookingOf),
    invoices: invoices.map(summaryItemOf).sort((a, b) => a.number - b.number),
  };
}

const elementWords = (element: InvoicingLine['element'], period: string) => `${invoiceElementText[element].toLowerCase()} for ${period}`;

/**
 * PUT /api/admin/booking/{id}/invoice-basis/hold: holds (or releases) the booking's lines of one element
 * and month, logged with the reason. The hold is keyed by element and month, so it holds whatever OPEN line
 * the reconciliation writes for them later.
 */
export async function setInvoiceHold(db: Db, user: AuthenticatedUser, bookingId: number, request: InvoiceHoldRequest): Promise<void> {
  const by = byAdministrator(user);
  await writeTransaction(db, async (tx) => {
    await lockBookingForAdmin(tx, bookingId, user);
    const key = { bookingId, period: request.period, element: request.element };
    if (request.held) {
      const before = await findHold(tx, key);
      if (before?.reason === request.reason) return;
      await upsertHold(tx, { ...key, reason: request.reason, ...by });
      await appendChangeLog(tx, {
        bookingId,
        type: 'InvoiceHold',
        ...by,
        comment: `Holdt tilbake fra fakturering: ${elementWords(request.element, request.period)}. Begrunnelse: ${request.reason}`,
      });
      return;
    }
    if (!(await deleteHold(tx, key))) return;
    await appendChangeLog(tx, {
      bookingId,
      type: 'InvoiceHold',
      ...by,
      comment: `Frigitt for fakturering: ${elementWords(request.element, request.period)}.`,
    });
  });
}

/** POST /api/admin/booking/{id}/invoice-basis/adjustments: a line added by hand, with its reason; logged. */
export async function addInvoiceAdjustment(
  db: Db,
  user: AuthenticatedUser,
  bookingId: number,
  request: InvoiceAdjustmentRequest,
): Promise<number> {
  const by = byAdministrator(user);
  return writeTransaction(db, async (tx) => {
    await lockBookingForAdmin(tx, bookingId, user);
    const id = await insertManualLine(tx, { bookingId, ...request, ...by });
    await appendChangeLog(tx, {
      bookingId,
      type: 'InvoiceAdjustment',
      ...by,
      comment: `${invoiceElementText[request.element]} ${formatKroner(request.amountOre)} for ${request.period}. Begrunnelse: ${request.reason}`,
    });
    return id;
  });
}

/** GET /api/admin/location/{id}/invoicing/summary?from&to: 'Fakturert / kreditert / ikke fakturert' per month. */
export async function getInvoicingSummary(
  db: Db,
  user: AuthenticatedUser,
  locationId: number,
  from: string,
  to: string,
): Promise<InvoicingSummaryResponse> {
  assertAdministers(user, locationId);
  await locationOf(db, locationId);
  if (from > to) throw new AppError('VALIDATION', `from ${from} after to ${to}`, 'Fra-måneden må være før eller lik til-måneden.');
  const months = monthsBetween(from, to);
  if (months.length > 36) throw new AppError('VALIDATION', `${months.length} months`, 'Velg høyst 36 måneder.');
  const { invoiced, open } = await loadSummary(db, locationId, from, to);
  return {
    locationId,
    months: months.map((period) => ({
      period,
      invoicedOre: invoiced.filter((r) => r.period === period && r.kind === 'INVOICE').reduce((s, r) => s + r.totalOre, 0),
      creditedOre: invoiced.filter((r) => r.period === period && r.kind === 'CREDIT_NOTE').reduce((s, r) => s + r.totalOre, 0),
      notInvoicedOre: open.filter((r) => r.period === period).reduce((s, r) => s + r.amountOre, 0),
    })),
  };
}

export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (let p = from; p <= to; p = `${y}-${String(m).padStart(2, '0')}`) {
    out.push(p);
    if (++m > 12) [y, m] = [y + 1, 1];
    if (out.length > 37) break;
  }
  return out;
}
