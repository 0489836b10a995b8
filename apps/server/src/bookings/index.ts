// The bookings area's public entry: what other areas and the app's wiring may use (see README.md).
export { applicantMail, applicantNoticeMail } from './admin-booking-shared/applicant-mail';
export type { ApplicantNotice } from './admin-booking-shared/applicant-mail';
export {
  conflict,
  findBookingForAdmin,
  lockBookingForAdmin,
  lockBookingToDecide,
  touchBooking,
} from './admin-booking-shared/booking-access';
export type { BookingRow as AdminBookingRow } from './admin-booking-shared/booking-access';
export { addDecisionMessage, byAdministrator } from './admin-booking-shared/change-log-writer';
export { findLocationContact, insertDecisionMessage } from './admin-booking-shared/repository';
export { describeTimes, isActive, loadReservationRows } from './admin-booking-shared/reservation-rows';
export type { ReservationRow } from './admin-booking-shared/reservation-rows';
export { takeBackTimes } from './admin-booking-shared/take-back-times';
export { adminReservationRoutes } from './admin-reservations/routes';
export { insertPricesOfLocationTypes } from './admin-selvkost/repository';
export { adminSelvkostRoutes } from './admin-selvkost/routes';
export { applyForBookingRoutes } from './apply-for-booking/routes';
export {
  anonymiseBookingsOf,
  anonymiseFinishedBookings,
  appendChangeLog,
  changeStatus,
  changeStatuses,
  insertReservations,
  recordApplicationReceived,
  registerBookingStatusHook,
  updateBookingDetails,
} from './bookings';
export type { BookingStatusHook, NewChangeLogEntry } from './bookings';
export { autorejectInTransaction } from './cancellation/autoreject-booking';
export { cancellationRoutes } from './cancellation/routes';
export { claimRoutes } from './claim/routes';
export { contractRequirements, findSignedContract } from './contracts/repository';
export { contractRoutes } from './contracts/routes';
export { bookingDocumentPdf } from './document-pdf/booking-document-pdf';
export type { BookingDocumentPdf, BookingDocumentPdfKind } from './document-pdf/booking-document-pdf';
export { sendDocumentPdf } from './document-pdf/send-document-pdf';
export { renderDocumentPdf } from './document-pdf/render-document-pdf';
export { loadDocumentData, loadDocumentDataOfBookings } from './documents/document-data';
export type { DocumentData } from './documents/document-data';
export { termsFromApproval, termsFromPreview } from './documents/document-terms';
export type { DocumentTerms } from './documents/document-terms';
export { article, h, p, section, sha256Hex, table } from './documents/html';
export { renderContract } from './documents/render-contract';
export { selvkostOf } from './documents/render-parts';
export { renderVedtak } from './documents/render-vedtak';
export {
  findApprovedBookingsWithoutContract,
  findApprovedDocument,
  findBookingRows,
  insertDocument,
  storeDocuments,
} from './documents/repository';
export type { IssuedDocument } from './documents/repository';
export { applicantBooking, findVisibleBooking } from './user-bookings/booking-access';
export type { BookingRow } from './user-bookings/booking-access';
export { getCitizenBooking } from './user-bookings/get-citizen-booking';
export { listBookingsOfPerson } from './user-bookings/personal-data-repository';
export type { PersonalBookingRow } from './user-bookings/personal-data-repository';
export { personalBookingRecords } from './user-bookings/personal-bookings';
export type { PersonalBookingRecord } from './user-bookings/personal-bookings';
export { userBookingRoutes } from './user-bookings/routes';
export { vedtakRoutes } from './vedtak/routes';
export { getVedtak, getVedtakPdf } from './vedtak/service';
export { bookingHasKeyRoom, listShownPermissions, toPermission } from './user-bookings/key-permissions-repository';
