import { afterEach, beforeEach, vi } from 'vitest';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { clearClientLogHistory } from '@lokaler/api-client/frontend-error-log';

/** What every portal screen test starts from: clean storage and API client, no scrolling in jsdom. */
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

/**
 * Registers the clean start before each test of the calling file, and gives the globals a test
 * stubbed (fetch, scrollTo) back after each: the web project's files share one jsdom.
 */
export function setUpPortalTests(): void {
  beforeEach(resetBrowserState);
  afterEach(() => vi.unstubAllGlobals());
}
