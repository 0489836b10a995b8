import { vi } from 'vitest';
import { configure } from '@testing-library/react';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { clearClientLogHistory } from '@lokaler/api-client/frontend-error-log';

// The first render of a file compiles the whole portal; a cold start may take more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

/** Kari as GET /api/currentuser/roles answers for her (users.id 1, the portal's PUBLIC group). */
export const kariRoles = { userId: 1, name: 'Kari Nordmann', email: 'kari.nordmann@example.no', portal: 'PUBLIC', roles: ['PUBLIC'] };

/** What every booking-page test starts from: clean storage and API client, no scrolling in jsdom. */
export function resetBrowserState() {
  localStorage.clear();
  sessionStorage.clear();
  resetApiClient();
  clearClientLogHistory();
  vi.stubGlobal('scrollTo', vi.fn());
  // Designsystemet's spinner syncs its animation through document.getAnimations, which jsdom lacks.
  document.getAnimations ??= () => [];
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

/** A JSON answer with a status, for stubApi's function answers. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The calls the fake API received, as 'METHOD /path?query'. */
export function callsOf(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}
