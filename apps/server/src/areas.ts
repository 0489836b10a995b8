import type { FastifyInstance } from 'fastify';
import { healthRoutes, settingsRoutes, frontendErrorRoutes, aboutRoutes, clientSettingsRoutes, supportRoutes } from './platform';
import { currentUserRoutes, impersonationRoutes } from './people';
import {
  registerClosingHook,
  geographicAreaRoutes,
  tagRoutes,
  assetTypeRoutes,
  locationRoutes,
  bookableAssetRoutes,
  adminLocationRuleRoutes,
  locationAuditRoutes,
  adminLocationRoutes,
  adminOpeningHoursRoutes,
  adminRoomRoutes,
} from './locations';
import {
  adminBlockedTimeRoutes,
  scheduleRoutes,
  availabilityRoutes,
  searchRoutes,
  freeSlotAlertRoutes,
  calendarFeedRoutes,
  openDataRoutes,
} from './availability';
import { applicationRoundRoutes, roundDecisionGuard } from './rounds';
import {
  adminSelvkostRoutes,
  adminReservationRoutes,
  applyForBookingRoutes,
  userBookingRoutes,
  contractRoutes,
  vedtakRoutes,
  cancellationRoutes,
  claimRoutes,
  registerBookingStatusHook,
} from './bookings';
import { oslonokkelenRoutes, keyAccessHook } from './keys';
import { archiveHook, archiveMessageRoutes } from './archive';
import { weddingCertificateRoutes, weddingApplicationRoutes } from './weddings';
import {
  closingWithBookings,
  adminBookingListRoutes,
  adminBookingViewRoutes,
  adminApprovalRoutes,
  adminRejectionRoutes,
  adminDocumentRoutes,
  reimbursementRoutes,
  roundAllocationRoutes,
  invoiceBasisHook,
  invoiceBasisRoutes,
  invoicingRoutes,
  userInvoiceRoutes,
  statisticsRoutes,
} from './casework';
import { myDataRoutes } from './privacy';

/** Every module's routes, in the order they are registered, each under /api. Add one line per module. */
const moduleRoutes = [
  healthRoutes,
  settingsRoutes,
  frontendErrorRoutes,
  geographicAreaRoutes,
  tagRoutes,
  assetTypeRoutes,
  locationRoutes,
  bookableAssetRoutes,
  aboutRoutes,
  clientSettingsRoutes,
  currentUserRoutes,
  adminBookingListRoutes,
  adminBookingViewRoutes,
  adminApprovalRoutes,
  adminSelvkostRoutes,
  adminRejectionRoutes,
  adminReservationRoutes,
  adminBlockedTimeRoutes,
  adminLocationRuleRoutes,
  scheduleRoutes,
  availabilityRoutes,
  applyForBookingRoutes,
  supportRoutes,
  userBookingRoutes,
  contractRoutes,
  vedtakRoutes,
  cancellationRoutes,
  oslonokkelenRoutes,
  impersonationRoutes,
  claimRoutes,
  searchRoutes,
  weddingCertificateRoutes,
  weddingApplicationRoutes,
  locationAuditRoutes,
  adminLocationRoutes,
  adminDocumentRoutes,
  reimbursementRoutes,
  adminOpeningHoursRoutes,
  adminRoomRoutes,
  freeSlotAlertRoutes,
  calendarFeedRoutes,
  openDataRoutes,
  applicationRoundRoutes,
  roundAllocationRoutes,
  myDataRoutes,
  archiveMessageRoutes,
  invoiceBasisRoutes,
  invoicingRoutes,
  userInvoiceRoutes,
  statisticsRoutes,
];

export async function registerModules(app: FastifyInstance): Promise<void> {
  // Digital keys and semester rounds have their say in a booking's life here, not from inside the bookings module.
  registerBookingStatusHook(keyAccessHook);
  registerBookingStatusHook(roundDecisionGuard);
  // The archive queues each journal post with the change it records (decision 056).
  registerBookingStatusHook(archiveHook(app.config.archive.mode !== 'off'));
  // The invoice basis follows every change of a priced booking, whatever the invoiceGeneration switch (decision 058).
  registerBookingStatusHook(invoiceBasisHook);
  // Closing a day or blocking a time over bookings (decision 042): locations and availability may not
  // use the bookings area, so the case officer's area deals with the bookings through this step.
  registerClosingHook(closingWithBookings(app.config.publicUrl));
  for (const routes of moduleRoutes) await app.register(routes, { prefix: '/api' });
}
