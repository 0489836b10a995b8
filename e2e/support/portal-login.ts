import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectNoAxeViolations } from './browser';
import { visible } from './visible';

/**
 * Logging in to the portal through the local ID-porten (the embedded OIDC provider under /idp), as
 * a person would: by the buttons of its login page.
 */

/** Chooses the test person on the local ID-porten's login page, once the browser has been sent there. */
export async function chooseTestPerson(page: Page, name: string): Promise<void> {
  await page.waitForURL(/\/idp\//, { timeout: 30_000 });
  await page.getByRole('button', { name: `Logg inn som ${name}` }).click();
}

/** Watches the page's API calls from now on; the getter gives the last bearer token the portal sent ('Bearer …'). */
export function watchBearerToken(page: Page): () => string | undefined {
  let token: string | undefined;
  page.on('request', (request) => {
    const auth = request.headers()['authorization'];
    if (auth?.startsWith('Bearer ') && request.url().includes('/api/')) token = auth;
  });
  return () => token;
}

/** Logs in from the front page's 'Mine bookinger' and returns the bearer token the portal then sends. */
export async function loginToPortal(page: Page, name: string): Promise<string> {
  const token = watchBearerToken(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Mine bookinger' }).click();
  await chooseTestPerson(page, name);
  await page.getByRole('button', { name: new RegExp(name) }).waitFor({ state: 'visible', timeout: 30_000 });
  // The list of one's bookings is always fetched with the token.
  await page.goto('/bookinger');
  await expect.poll(token, { timeout: 15_000 }).toBeTruthy();
  return token()!;
}

/**
 * Opens /bookinger (or `path`) logged out, checks the login gate, logs in and comes back to it.
 * Returns a getter of the bearer token the portal sends from then on.
 */
export async function logInAtMyBookings(page: Page, name: string, path = '/bookinger'): Promise<() => string | undefined> {
  const token = watchBearerToken(page);
  await page.goto(path);
  await visible(page.getByRole('heading', { level: 1, name: 'Logg inn for å se bookingene dine' }));
  await expectNoAxeViolations(page);
  await page.getByRole('main').getByRole('button', { name: 'Logg inn' }).click();
  await chooseTestPerson(page, name);
  await visible(page.getByRole('heading', { level: 1, name: 'Mine bookinger' }));
  expect(new URL(page.url()).pathname).toBe(new URL(path, 'http://x').pathname);
  return token;
}
