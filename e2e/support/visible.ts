import type { Locator } from 'playwright-core';

/** Waits until the first element of the locator is visible (30 s unless told) and returns it. */
export async function visible(locator: Locator, timeout = 30_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}
