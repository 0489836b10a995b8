import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { chooseTestPerson } from './portal-login';

/** The application page's steps (/send): the answers, the login gate, the post held and its booking. */

export interface ApplicationAnswers {
  activity: string;
  /** 'Hvem er aktiviteten for, og hva er formålet?' (left empty when not given). */
  purpose?: string;
  participants: string;
  email: string;
  phone: string;
}

/** Fills the application form's fields by their labels. */
export async function fillApplication(page: Page, answers: ApplicationAnswers): Promise<void> {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('Aktivitet').fill(answers.activity);
  if (answers.purpose !== undefined) await field('Hvem er aktiviteten for, og hva er formålet?').fill(answers.purpose);
  await field('Forventet antall deltakere').fill(answers.participants);
  await field('E-post').fill(answers.email);
  await field('Telefon').fill(answers.phone);
}

/**
 * Passes the login gate when the form shows one. Logged in by an earlier test of the spec, the form
 * sends at once; run on its own, a test meets the gate first.
 */
export async function passLoginGateIfShown(page: Page, name: string): Promise<void> {
  const gate = page.getByRole('button', { name: 'Send søknad (logg inn)' });
  if (await gate.isVisible()) {
    await gate.click();
    await chooseTestPerson(page, name);
  }
}

/**
 * Holds POST /api/booking until released, so the registration page can be looked at (and checked
 * with axe) before it moves on; `response` is the answer once it comes. Undo with
 * `page.unroute('**\/api/booking')`.
 */
export async function heldBookingPost(page: Page): Promise<{ release: () => void; response: Promise<Response> }> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/booking', async (route) => {
    if (route.request().method() === 'POST') await gate;
    await route.continue();
  });
  const response = page.waitForResponse((r) => r.url().endsWith('/api/booking') && r.request().method() === 'POST', { timeout: 30_000 });
  // A test that fails before sending must not leave a rejected promise behind.
  response.catch(() => undefined);
  return { release, response };
}

/**
 * The booking a sent application created: its POST answered 201, the portal went on to / (spec 01 §2:
 * no nextLink) with the receipt, whose link leads to /bookinger/{id}; `stored` is what the booking
 * page read of it.
 */
export async function registeredBooking<T>(page: Page, posted: Promise<Response>): Promise<{ bookingId: number; stored: T }> {
  const answer = await posted;
  expect(answer.status()).toBe(201);
  const { bookingId } = (await answer.json()) as { bookingId: number };
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  await page.getByRole('heading', { level: 2, name: 'Søknaden din er sendt' }).waitFor({ timeout: 30_000 });
  const booking = page.waitForResponse((r) => r.url().endsWith(`/api/user/booking/${bookingId}`), { timeout: 30_000 });
  await page.getByRole('link', { name: 'Se søknaden under Mine bookinger' }).click();
  await page.waitForURL(new RegExp(`/bookinger/${bookingId}$`), { timeout: 30_000 });
  return { bookingId, stored: (await (await booking).json()) as T };
}
