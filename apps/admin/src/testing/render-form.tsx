import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import type { AuthUser } from '@lokaler/api-client/auth-client';
import { createFakeAuthClient } from '@lokaler/api-client/fake-auth-client';
import { AppProvider } from '../app/provider';

/**
 * One form of a location's setup on its own, at a URL (the guard reads the path), with a link
 * 'Til forsiden' to leave by and a fake login.
 */
export function renderForm(
  form: ReactNode,
  { url = '/innstillinger/lokalet/skjema', user = { sub: 'siri', name: 'Siri Saksbehandler' } }: { url?: string; user?: AuthUser } = {},
) {
  const auth = createFakeAuthClient(user, { accessToken: 'admin-token' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Forsiden</p> },
      {
        path: '*',
        element: (
          <>
            {form}
            <Link to="/">Til forsiden</Link>
          </>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <AppProvider loadAuthClient={async () => auth} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}
