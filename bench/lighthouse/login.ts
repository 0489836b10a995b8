import type { Page } from 'puppeteer-core';

/**
 * Logging in through the real local OIDC flow (the embedded provider under /idp), in the very tab
 * Lighthouse will then measure: the SPAs keep their tokens in sessionStorage, which belongs to one
 * tab, so a page opened afterwards would be logged out.
 */

const button = (name: string) => `::-p-aria([name="${name}"][role="button"])`;
const heading = (name: string) => `::-p-aria([name="${name}"][role="heading"])`;

async function chooseTestPerson(page: Page, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!new URL(page.url()).pathname.startsWith('/idp/')) {
    if (Date.now() > deadline) throw new Error(`the login did not reach the identity provider (at ${page.url()})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await page
    .locator(button(`Logg inn som ${name}`))
    .setTimeout(60_000)
    .click();
}

/** Opens /bookinger logged out, logs in as the citizen `name` and waits for 'Mine bookinger'. */
export async function logInToPortal(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/bookinger`);
  await page
    .locator(`main ${button('Logg inn')}`)
    .setTimeout(60_000)
    .click();
  await chooseTestPerson(page, name);
  await page.locator(heading('Mine bookinger')).setTimeout(60_000).wait();
}

/** Opens the admin app's start page, logs in as the administrator `name` and waits for 'Mine lokaler'. */
export async function logInToAdmin(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/`);
  await page.locator(button('Logg inn')).setTimeout(60_000).click();
  await chooseTestPerson(page, name);
  await page.locator(heading('Mine lokaler')).setTimeout(60_000).wait();
}
