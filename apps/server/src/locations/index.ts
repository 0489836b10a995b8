// The locations area's public entry: what other areas and the app's wiring may use (see README.md).
export { adminLocationRuleRoutes } from './admin-location-rules/routes';
export { findTenantInfo } from './admin-locations/location-repository';
export { managedLocation } from './admin-locations/managed-location';
export { adminLocationRoutes } from './admin-locations/routes';
export { adminOpeningHoursRoutes } from './admin-opening-hours/routes';
export { adminRoomRoutes } from './admin-rooms/routes';
export { assetTypeRoutes } from './asset-types/routes';
export { listAssets } from './bookable-assets/list-assets';
export { bookableAssetRoutes } from './bookable-assets/routes';
export { geographicAreaRoutes } from './geographic-areas/routes';
export { locationAuditRoutes } from './location-audit/routes';
export { writeLocationAudit } from './location-audit/write-location-audit';
export { findLocation } from './locations/repository';
export { locationRoutes } from './locations/routes';
export { readSearchRoomsVersion, searchRoomsVersionColumn } from './locations/search-rooms-version-repository';
export { roomRulesAliases, roomRulesColumns, roomRulesOf, roomRulesPlainSql } from './room-rules/repository';
export { tagRoutes } from './tags/routes';
