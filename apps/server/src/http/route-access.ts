import type { FastifyInstance, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { optionalUser, requireAdmin, requireAdminClient, requireAnyUser, requireCityAdmin, requireUser } from '../auth/guards';
import { bearerSecurity } from './route-schema';
import { addDeprecationHeaders } from './deprecation';

/**
 * Who may call a route, declared by every route under /api as `config: { access }`:
 * - `public`: anyone; no token is read (a handler that wants one when present calls optionalUser itself);
 * - `optionalUser`: anyone, and a token that is present must be valid (401 otherwise);
 * - `user`: any logged-in caller (requireUser);
 * - `adminClient`: logged in with the admin client, even one who administers nothing yet (requireAdminClient);
 * - `admin`: an administrator of at least one location, or city-wide (requireAdmin);
 * - `cityAdmin`: a city-wide administrator (requireCityAdmin).
 */
export const accessGuards = {
  public: null,
  optionalUser,
  /** A citizen: the portal's token (an administrator's token is 401 here, decision 016). */
  citizen: requireUser,
  /** Either app's token: the few routes both SPAs call; the handler tells them apart by user.portal. */
  anyUser: requireAnyUser,
  adminClient: requireAdminClient,
  admin: requireAdmin,
  cityAdmin: requireCityAdmin,
} as const satisfies Record<string, onRequestAsyncHookHandler | null>;

export type RouteAccess = keyof typeof accessGuards;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (see http/route-access.ts); every /api route must declare it. */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route that declared its access, as registered (the route-table tests read it). */
    routeAccess: readonly DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

/** The routes that must declare an access level: the API, which is all a client can send a body to. */
function mustDeclare(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/**
 * Registered on the root before the modules (and after the OpenAPI UI at /api/docs, whose own static
 * routes are public by nature). For each route under /api it refuses to start without a declared
 * access level, and puts the level's guard first among the route's onRequest hooks, so a caller is
 * authenticated (401) and authorised (403) before the body is parsed or validated: an anonymous caller
 * learns nothing of the route's schema. The local IdP's /idp routes (oidc-provider authenticates by its
 * own sessions) and the SPAs' static files are outside /api and take no bearer token.
 */
export function registerRouteAccess(app: FastifyInstance): void {
  const declared: DeclaredRoute[] = [];
  app.decorate('routeAccess', declared);
  app.addHook('onRoute', (route) => {
    if (!mustDeclare(route.url)) return;
    const access = route.config?.access;
    if (access === undefined || !Object.hasOwn(accessGuards, access)) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no access level: add config: { access: ${Object.keys(accessGuards)
          .map((k) => `'${k}'`)
          .join(' | ')} }`,
      );
    }
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, access });
    // A deprecated route answers with Deprecation and Sunset (decision 062).
    addDeprecationHeaders(route);
    const guard = accessGuards[access];
    if (guard === null) return;
    route.onRequest = [guard, ...withoutGuard(route.onRequest, guard)];
    if (route.schema && route.schema.security === undefined) route.schema = { ...route.schema, security: bearerSecurity };
  });
}

function withoutGuard(hooks: RouteOptions['onRequest'], guard: onRequestAsyncHookHandler): onRequestAsyncHookHandler[] {
  const list = (hooks === undefined ? [] : [hooks].flat()) as onRequestAsyncHookHandler[];
  return list.filter((hook) => hook !== guard);
}
