import type { BookingFlow } from '@lokaler/domain/booking-flow';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findBookingFlow } from './repository';

export async function getBookingFlow({ db, id }: { db: DbOrTx; id: number }): Promise<BookingFlow> {
  const flow = await findBookingFlow(db, id);
  if (!flow) throw AppError.notFound(`Booking flow ${id}`);
  return flow;
}
