import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { AuthClient, AuthUser } from '@lokaler/api-client/auth-client';
import { createFakeAuthClient } from '@lokaler/api-client/fake-auth-client';
import { preloadLazyRoutes } from '@lokaler/ui/preload-lazy-routes';
import { AppProvider } from '../app/provider';
import { createRoutes } from '../app/routes';

// Every page's code, loaded once before this file's tests (see preloadLazyRoutes).
await preloadLazyRoutes(createRoutes());

export const kari: AuthUser = { sub: 'kari', name: 'Kari Nordmann' };

type Answer = unknown | ((request: { url: URL; init: RequestInit | undefined }) => Response);

/** Answers of the fake API by path (with query when it matters, e.g. '/api/settings?setting=CONTACT_US'). */
export function stubApi(answers: Record<string, Answer>) {
  const defaults: Record<string, Answer> = {
    '/api/settings?setting=CONTACT_US': { name: 'CONTACT_US', value: 'ENABLED' },
    '/api/settings?setting=PORTAL_2_BETA': { name: 'PORTAL_2_BETA', value: 'DISABLED' },
    '/api/frontenderror': () => new Response(null, { status: 204 }),
  };
  const all = { ...defaults, ...answers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = all[`${url.pathname}${url.search}`] ?? all[url.pathname];
    if (answer === undefined)
      return new Response(JSON.stringify({ msg: `no stub for ${url.pathname}`, code: 'NOT_FOUND' }), { status: 404 });
    if (typeof answer === 'function') return (answer as (r: { url: URL; init: RequestInit | undefined }) => Response)({ url, init });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The whole portal (providers, layout, routes) at a URL, with a fake login instead of ID-porten. */
/** `strict` renders in React's StrictMode, as main.tsx does: effects run twice on mount. */
export function renderPortal(
  url: string,
  options: { user?: AuthUser | null; loadAuthClient?: () => Promise<AuthClient>; strict?: boolean } = {},
) {
  const auth = createFakeAuthClient(options.user ?? null, { returnTo: '/oversikt' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes(), { initialEntries: [url] });
  const app = (
    <AppProvider loadAuthClient={options.loadAuthClient ?? (async () => auth)} queryClient={queryClient} initialUrl={url}>
      <RouterProvider router={router} />
    </AppProvider>
  );
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, auth, router };
}
