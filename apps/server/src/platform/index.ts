// The platform area's public entry: what other areas and the app's wiring may use (see README.md).
export { aboutRoutes } from './about/routes';
export { clientSettingsRoutes } from './client-settings/routes';
export { deleteFrontendErrorsBefore } from './frontend-errors/repository';
export { frontendErrorRoutes } from './frontend-errors/routes';
export { healthRoutes } from './health/routes';
export { settingsRoutes } from './settings/routes';
export { registerStatic } from './spa-hosting/static';
export type { SpaFolders } from './spa-hosting/static';
export { deleteSupportInquiriesBefore, deleteSupportInquiriesFrom, listSupportInquiriesFrom } from './support/repository';
export { supportRoutes } from './support/routes';
