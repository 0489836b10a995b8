// The casework area's public entry: what other areas and the app's wiring may use (see README.md).
export { adminApprovalRoutes } from './admin-approval/routes';
export { adminBookingListRoutes } from './admin-booking-list/routes';
export { adminBookingViewRoutes } from './admin-booking-view/routes';
export { adminDocumentRoutes } from './admin-documents/routes';
export { closingWithBookings } from './closing-with-bookings/closing-with-bookings';
export { invoiceBasisHook, syncInvoiceBasisOfPricedBookings } from './invoice-basis/sync-invoice-basis';
export { invoiceBasisRoutes } from './invoice-basis/routes';
export { invoicingRoutes } from './invoicing/routes';
export { registerInvoicing, DELIVER_INVOICES_JOB } from './invoicing/register-invoicing';
export { userInvoiceRoutes } from './invoicing/user-routes';
export { adminRejectionRoutes } from './admin-rejection/routes';
export { reimbursementRoutes } from './reimbursement/routes';
export { roundDecisionPdf } from './round-allocation/round-decision-pdf';
export { registerRoundClosing } from './round-allocation/round-closing-job';
export { roundAllocationRoutes } from './round-allocation/routes';
export { statisticsRoutes } from './statistics/routes';
