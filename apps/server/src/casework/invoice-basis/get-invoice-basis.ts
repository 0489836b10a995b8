import type { InvoiceBasisResponse } from '@lokaler/domain/invoice-basis';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { findBookingForAdmin } from '../../bookings';
import { listInvoiceBasisLines } from './repository';

/** GET /api/admin/booking/{id}/invoice-basis: 404 no booking, 403 not the caller's location, else every line in order. */
export async function getInvoiceBasis({
  db,
  user,
  bookingId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<InvoiceBasisResponse> {
  await findBookingForAdmin(db, bookingId, user);
  const lines = (await listInvoiceBasisLines(db, bookingId)).map((l) => ({
    id: l.id,
    element: l.element,
    period: l.period,
    quantity: l.quantity,
    unitPriceOre: l.unitPriceOre,
    amountOre: l.amountOre,
    kind: l.kind,
    status: l.status,
    covers: l.covers,
    createdAt: l.createdAt.toISOString(),
    invoicedAt: l.invoicedAt?.toISOString() ?? null,
    manual: l.manual,
    reason: l.reason,
  }));
  return { bookingId, lines, totalOre: lines.reduce((sum, l) => sum + l.amountOre, 0) };
}
