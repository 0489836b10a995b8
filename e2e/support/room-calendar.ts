import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The room calendar (/ressurs) as the specs drive it: its cells by date and time, and moving to a week. */

const longDay = (date: string) =>
  new Intl.DateTimeFormat('nb-NO', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
const monthName = (date: string) =>
  new Intl.DateTimeFormat('nb-NO', { month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/** The grid cell of the date at a clock time ('18:00', or a pattern such as '\\d\\d:\\d\\d'). */
export const calendarCell = (page: Page, date: string, clock: string) =>
  page.getByRole('gridcell', { name: new RegExp(`^${longDay(date)} kl\\. ${clock}–`) });

/** Jumps with the year and month lists, then steps week by week until the date is in view. */
export async function showWeekOf(page: Page, date: string): Promise<void> {
  await page.getByLabel('År').selectOption(date.slice(0, 4));
  await page.getByLabel('Måned').selectOption({ label: monthName(date) });
  for (let i = 0; i < 6 && !(await calendarCell(page, date, '\\d\\d:\\d\\d').first().isVisible()); i++) {
    const before = await page.getByRole('grid').getAttribute('aria-label');
    await page.getByRole('button', { name: 'Neste uke' }).click();
    await expect.poll(() => page.getByRole('grid').getAttribute('aria-label')).not.toBe(before);
  }
  await calendarCell(page, date, '\\d\\d:\\d\\d').first().waitFor();
}
