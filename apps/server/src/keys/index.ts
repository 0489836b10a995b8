// The keys area's public entry: what other areas and the app's wiring may use (see README.md).
export { keyAccessHook } from './oslonokkelen/booking-hook';
export { registerKeyAccess } from './oslonokkelen/register-key-access';
export { listAllPermissions } from './oslonokkelen/repository';
export { oslonokkelenRoutes } from './oslonokkelen/routes';
