import { describe, expect, inject, it } from 'vitest';
import { testCitizens } from '../apps/server/src/seed/test-users';
import { expectNoAxeViolations, newPage, useBrowser } from './support/browser';
import { chooseTestPerson } from './support/portal-login';

describe('a citizen logs in through the local ID-porten and out again', () => {
  const browser = useBrowser();

  it('sees the login button, logs in as a test citizen, sees the user menu, logs out', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Finn lokaler til lån og leie' }).isVisible()).toBe(true);
    // The heading comes with the HTML (the starting shell, decision 028): check the app once it is there.
    await page.getByRole('button', { name: 'Mine bookinger' }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Mine bookinger' }).click();
    await page.waitForURL(/\/idp\//);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Logg inn');
    await expectNoAxeViolations(page);
    // The identity number never appears in a URL, at any point of the flow.
    const urls: string[] = [];
    page.on('framenavigated', (frame) => urls.push(frame.url()));

    await page.getByRole('button', { name: 'Logg inn som Kari Nordmann' }).click();
    const userMenu = page.getByRole('button', { name: /Kari Nordmann/ });
    await userMenu.waitFor({ state: 'visible', timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await expectNoAxeViolations(page);
    // (A random code or state may hold eleven digits in a row: look for the person's own number.)
    expect(urls.join(' ')).not.toContain(testCitizens[0]!.pid);

    await userMenu.click();
    await expect
      .poll(() =>
        page
          .getByRole('menuitem', { name: 'Logg ut' })
          .or(page.getByRole('button', { name: 'Logg ut' }))
          .or(page.getByRole('link', { name: 'Logg ut' }))
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expectNoAxeViolations(page);
    await page
      .getByRole('menuitem', { name: 'Logg ut' })
      .or(page.getByRole('button', { name: 'Logg ut' }))
      .or(page.getByRole('link', { name: 'Logg ut' }))
      .first()
      .click();

    await page.getByRole('button', { name: 'Mine bookinger' }).waitFor({ state: 'visible', timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('opened as 127.0.0.1 instead of the configured localhost, moves to localhost first, and the login ends logged in there', async () => {
    const { context, page } = await newPage(browser());
    const publicUrl = new URL(inject('baseUrl'));
    await page.goto(`http://127.0.0.1:${publicUrl.port}/oversikt?kategorier=skoler`);
    await page.waitForURL((url) => url.origin === publicUrl.origin, { timeout: 30_000 });
    expect(page.url()).toBe(`${publicUrl.origin}/oversikt?kategorier=skoler`);

    await page.getByRole('button', { name: 'Mine bookinger' }).click();
    await chooseTestPerson(page, 'Kari Nordmann');
    await page.getByRole('button', { name: /Kari Nordmann/ }).waitFor({ state: 'visible', timeout: 30_000 });
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe('/oversikt?kategorier=skoler');
    await context.close();
  });
});
