import { adminDocumentMessages, formSubRoutes, type AdminFormResponse } from '@lokaler/domain/admin-documents';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findBookingForAdmin } from '../../bookings';
import { findWeddingFormForAdmin } from '../admin-booking-view/repository';

const unknownForm = (msg: string) => new AppError('NOT_FOUND', msg, adminDocumentMessages.unknownForm);

/**
 * GET /api/schema/{sub}/{formId}: the answers of the form a booking's `formDetailsSubRoute` names.
 * The form's id is its booking's id (wedding_forms is keyed by booking). Only 'vielse' (alias
 * 'wedding') exists; an unknown sub-route, or a booking whose source form is another, is 404 — after
 * the access check, so a stranger cannot tell which bookings are weddings. The national identity
 * number never leaves the server: only whether it was given.
 */
export async function getAdminForm({
  db,
  user,
  sub,
  formId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  sub: string;
  formId: number;
}): Promise<AdminFormResponse> {
  const booking = await findBookingForAdmin(db, formId, user);
  const sourceForm = Object.hasOwn(formSubRoutes, sub) ? formSubRoutes[sub as keyof typeof formSubRoutes] : undefined;
  if (!sourceForm) throw unknownForm(`Unknown form sub-route '${sub}'`);
  if (booking.sourceForm !== sourceForm) throw unknownForm(`Booking ${booking.id} has no ${sub} form`);
  const form = await findWeddingFormForAdmin(db, booking.id);
  const hasFile = form && form.filename !== null && form.contentType !== null && form.size !== null && form.addedAt !== null;
  return {
    bookingId: booking.id,
    formDetailsSubRoute: 'vielse',
    submittedAtUtc: form?.submittedAt?.toISOString() ?? null,
    answers: form?.answers ?? null,
    nationalIdentityNumberGiven: Boolean(form?.ssnGiven),
    proevingsattestFile: hasFile ? { filename: form.filename!, contentType: form.contentType!, size: form.size! } : null,
    proevingsattestFileAddedTimeUtc: hasFile ? form.addedAt!.toISOString() : null,
  };
}
