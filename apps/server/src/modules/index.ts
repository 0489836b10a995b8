import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes';
import { settingsRoutes } from './settings/routes';
import { frontendErrorRoutes } from './frontend-errors/routes';
import { geographicAreaRoutes } from './geographic-areas/routes';
import { tagRoutes } from './tags/routes';
import { assetTypeRoutes } from './asset-types/routes';
import { locationRoutes } from './locations/routes';
import { bookableAssetRoutes } from './bookable-assets/routes';
import { aboutRoutes } from './about/routes';
import { clientSettingsRoutes } from './client-settings/routes';
import { currentUserRoutes } from './current-user/routes';
import { adminBookingListRoutes } from './admin-booking-list/routes';
import { adminBookingViewRoutes } from './admin-booking-view/routes';
import { adminApprovalRoutes } from './admin-approval/routes';
import { adminSelvkostRoutes } from './admin-selvkost/routes';
import { adminRejectionRoutes } from './admin-rejection/routes';
import { adminReservationRoutes } from './admin-reservations/routes';
import { adminBlockedTimeRoutes } from './admin-blocked-times/routes';
import { adminLocationRuleRoutes } from './admin-location-rules/routes';
import { scheduleRoutes } from './schedule/routes';
import { availabilityRoutes } from './availability/routes';
import { applyForBookingRoutes } from './apply-for-booking/routes';
import { supportRoutes } from './support/routes';
import { userBookingRoutes } from './user-bookings/routes';
import { contractRoutes } from './contracts/routes';
import { vedtakRoutes } from './vedtak/routes';
import { cancellationRoutes } from './cancellation/routes';
import { oslonokkelenRoutes } from './oslonokkelen/routes';
import { impersonationRoutes } from './impersonation/routes';
import { claimRoutes } from './claim/routes';
import { searchRoutes } from './search/routes';
import { weddingCertificateRoutes } from './wedding-certificate/routes';
import { weddingApplicationRoutes } from './wedding-application/routes';
import { locationAuditRoutes } from './location-audit/routes';
import { adminLocationRoutes } from './admin-locations/routes';
import { adminDocumentRoutes } from './admin-documents/routes';
import { reimbursementRoutes } from './reimbursement/routes';
import { adminOpeningHoursRoutes } from './admin-opening-hours/routes';
import { adminRoomRoutes } from './admin-rooms/routes';
import { freeSlotAlertRoutes } from './free-slot-alerts/routes';
import { calendarFeedRoutes } from './calendar-feeds/routes';
import { applicationRoundRoutes } from './application-rounds/routes';
import { roundAllocationRoutes } from './round-allocation/routes';
import { registerBookingStatusHook } from './bookings';
import { keyAccessHook } from './oslonokkelen/booking-hook';
import { roundDecisionGuard } from './application-rounds/booking-hook';

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
  applicationRoundRoutes,
  roundAllocationRoutes,
];

export async function registerModules(app: FastifyInstance): Promise<void> {
  // Digital keys and semester rounds have their say in a booking's life here, not from inside the bookings module.
  registerBookingStatusHook(keyAccessHook);
  registerBookingStatusHook(roundDecisionGuard);
  for (const routes of moduleRoutes) await app.register(routes, { prefix: '/api' });
}
