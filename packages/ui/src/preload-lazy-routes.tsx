import type { RouteObject } from 'react-router';

/**
 * Loads the code of every route with a `lazy` module, below `routes` too. The apps' test helpers
 * await it before their tests run, so a test's waits time the page and not the first import of its
 * code (which under a loaded CI machine took seconds: when every page was in the entry, it was paid
 * while the test file loaded). The router still calls `lazy` itself; the modules are cached by then.
 */
export async function preloadLazyRoutes(routes: readonly RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      if (route.children) await preloadLazyRoutes(route.children);
    }),
  );
}
