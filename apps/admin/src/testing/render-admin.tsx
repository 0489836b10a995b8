import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AuthUser } from '@lokaler/api-client/auth-client';
import { createFakeAuthClient } from '@lokaler/api-client/fake-auth-client';
import { preloadLazyRoutes } from '@lokaler/ui/preload-lazy-routes';
import { AppProvider } from '../app/provider';
import { basename, createRoutes } from '../app/routes';

// Every page's code, loaded once before this file's tests (see preloadLazyRoutes).
await preloadLazyRoutes(createRoutes());

export const siri: AuthUser = { sub: 'siri', name: 'Siri Saksbehandler' };

/** The whole admin app at a URL below /admin, with a fake login instead of the identity provider. */
export function renderAdmin(url: string, options: { user?: AuthUser | null } = {}) {
  const auth = createFakeAuthClient(options.user ?? null, { accessToken: 'admin-token' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes(), { initialEntries: [url], basename });
  const view = render(
    <AppProvider loadAuthClient={async () => auth} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, auth, router };
}
