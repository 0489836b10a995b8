import type { FastifyInstance } from 'fastify';
import { serverAreas } from '../../../../scripts/server-areas.mjs';

/**
 * Which server area (scripts/server-areas.mjs) registers each route plugin, by the plugin's name as
 * areas.ts registers it: the OpenAPI document tags each operation with its area (decision 059).
 * openapi-lint.test.ts checks it against every area's index.ts, so a new route plugin fails there
 * until it is named here.
 */
export const routePluginAreas: Readonly<Record<string, string>> = {
  healthRoutes: 'platform',
  settingsRoutes: 'platform',
  frontendErrorRoutes: 'platform',
  aboutRoutes: 'platform',
  clientSettingsRoutes: 'platform',
  supportRoutes: 'platform',
  currentUserRoutes: 'people',
  impersonationRoutes: 'people',
  geographicAreaRoutes: 'locations',
  tagRoutes: 'locations',
  assetTypeRoutes: 'locations',
  locationRoutes: 'locations',
  bookableAssetRoutes: 'locations',
  adminLocationRuleRoutes: 'locations',
  locationAuditRoutes: 'locations',
  adminLocationRoutes: 'locations',
  adminOpeningHoursRoutes: 'locations',
  adminRoomRoutes: 'locations',
  adminBlockedTimeRoutes: 'availability',
  scheduleRoutes: 'availability',
  availabilityRoutes: 'availability',
  searchRoutes: 'availability',
  freeSlotAlertRoutes: 'availability',
  calendarFeedRoutes: 'availability',
  openDataRoutes: 'availability',
  applicationRoundRoutes: 'rounds',
  adminSelvkostRoutes: 'bookings',
  adminReservationRoutes: 'bookings',
  applyForBookingRoutes: 'bookings',
  userBookingRoutes: 'bookings',
  contractRoutes: 'bookings',
  vedtakRoutes: 'bookings',
  cancellationRoutes: 'bookings',
  claimRoutes: 'bookings',
  oslonokkelenRoutes: 'keys',
  archiveMessageRoutes: 'archive',
  weddingCertificateRoutes: 'weddings',
  weddingApplicationRoutes: 'weddings',
  adminBookingListRoutes: 'casework',
  adminBookingViewRoutes: 'casework',
  adminApprovalRoutes: 'casework',
  adminRejectionRoutes: 'casework',
  adminDocumentRoutes: 'casework',
  reimbursementRoutes: 'casework',
  roundAllocationRoutes: 'casework',
  invoiceBasisRoutes: 'casework',
  invoicingRoutes: 'casework',
  userInvoiceRoutes: 'casework',
  statisticsRoutes: 'casework',
  myDataRoutes: 'privacy',
};

/** The document's top-level tags: one per server area, described as scripts/server-areas.mjs describes it. */
export const areaTags = serverAreas.map((area) => ({ name: area.name, description: area.about }));

/** The area of a route registered from the plugin chain `pluginName` ('fastify -> … -> locationRoutes'); undefined when none is known. */
export function areaOfPluginChain(pluginName: string | undefined): string | undefined {
  for (const name of (pluginName ?? '').split(' -> ').reverse()) {
    const area = routePluginAreas[name.trim()];
    if (area) return area;
  }
  return undefined;
}

/**
 * Records the area of every route as it is registered, keyed 'METHOD /url'; the document's transform
 * reads it. An onRoute hook sees the registering plugin's instance as `this`, and a plugin's instance
 * inherits from its parent's, so a route of a plugin nested in an area's plugin is found too.
 */
export function recordRouteAreas(app: FastifyInstance): ReadonlyMap<string, string> {
  const areas = new Map<string, string>();
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const area = areaOfScope(this);
    if (area) for (const method of [route.method].flat()) areas.set(`${method} ${route.url}`, area);
  });
  return areas;
}

/** The area of a plugin's instance or, failing that, of the instances it inherits from (its parents). */
function areaOfScope(scope: object | null): string | undefined {
  if (scope === null) return undefined;
  return areaOfPluginChain((scope as { pluginName?: string }).pluginName) ?? areaOfScope(Object.getPrototypeOf(scope) as object | null);
}
