// The people area's public entry: what other areas and the app's wiring may use (see README.md).
export { currentUserRoutes } from './current-user/routes';
export { effectiveIdentity } from './impersonation/effective-identity';
export type { EffectiveIdentity } from './impersonation/effective-identity';
export { impersonationRoutes } from './impersonation/routes';
export { listValidOrganizations } from './impersonation/list-valid-organizations';
