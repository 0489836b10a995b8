import { afterEach, beforeEach, vi } from 'vitest';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { installBrowserPolyfills } from './stub-api';

/**
 * What every admin screen test starts from, registered for the calling file: a fresh API client (no
 * token or cache from the previous test), jsdom's missing dialog and animation methods, and afterwards
 * the globals a test stubbed (fetch, scrollTo) given back, since the web project's files share one jsdom.
 * `scrollTo`: screens that scroll to the top or to an error need it stubbed ('stub') or spied on and
 * restored with every other spy after each test ('spy').
 */
export function setUpAdminTests(options: { scrollTo?: 'stub' | 'spy' } = {}): void {
  beforeEach(() => {
    resetApiClient();
    installBrowserPolyfills();
    if (options.scrollTo === 'stub') vi.stubGlobal('scrollTo', vi.fn());
    if (options.scrollTo === 'spy') vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    if (options.scrollTo === 'spy') vi.restoreAllMocks();
  });
}
