import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createFakeAuthClient } from '@lokaler/api-client/fake-auth-client';
import { ToastArea } from '@lokaler/ui/toasts';
import { AppProvider } from '../app/provider';
import { siri } from './render-admin';

/**
 * One screen or form inside the admin app's providers (query client, toasts, a logged-in fake user)
 * and a data router at `url`, without the app's route table: for parts that a layout mounts, tested
 * on their own. `path` is the route pattern the element is mounted at (default: any path).
 */
export function renderInApp(element: ReactNode, options: { url?: string; path?: string } = {}) {
  const auth = createFakeAuthClient(siri, { accessToken: 'admin-token' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: options.path ?? '*',
        element: (
          <>
            {element}
            <ToastArea />
          </>
        ),
      },
      { path: '/andre-side', element: <p>Andre side</p> },
    ],
    { initialEntries: [options.url ?? '/'] },
  );
  const view = render(
    <AppProvider loadAuthClient={async () => auth} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
