/**
 * The bookings module's public entry: the one writer of a booking's and a reservation's status
 * (changeStatus), the change log (recordChange), and where other modules register their guard and
 * after-change step (registerBookingStatusHook).
 */
export { changeStatus, type StatusChange, type StatusChanged } from './change-status';
export { changeStatuses, type StatusBatch } from './change-statuses';
export {
  insertReservations,
  insertReservationsUnlessTaken,
  type InsertedReservation,
  type NewReservation,
} from './reservations-repository';
export { insertBookingWithEntry, insertWeddingTake, type NewBooking, type NewWeddingTake } from './applications-repository';
export { insertAdminBooking, type NewAdminBooking } from './admin-bookings-repository';
export { recordChange, type ChangeMail } from './record-change';
export { appendChangeLog, updateBookingDetails } from './booking-details';
export type { BookingDetails, BookingFields, NewChangeLogEntry } from './repository';
export {
  recordApplicationReceived,
  registerBookingStatusHook,
  registeredBookingStatusHooks,
  type BookingStatusHook,
  type PlannedStatusChange,
  type RecordedChange,
  type StatusActor,
} from './status-hooks';
export { anonymiseBookingsOf, anonymiseFinishedBookings } from './retention-repository';
