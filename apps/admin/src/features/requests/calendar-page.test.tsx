import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { installBrowserPolyfills } from '../../testing/stub-api';
import { stubCalendar } from './calendar-test-data';

beforeEach(() => {
  resetApiClient();
  installBrowserPolyfills();
});
afterEach(() => vi.unstubAllGlobals());

describe('the admin week calendar marks closed days and blocked times (decision 042)', () => {
  it('shows the closed day with its reason, the blocked time, and the times kept over them as kept', async () => {
    stubCalendar();
    renderAdmin('/admin/lokaler/7/kalender?uke=2026-12-16', { user: siri });
    const table = await screen.findByRole('table', { name: /Reservasjoner per rom, Uke 51/ });
    expect(within(table).getByRole('columnheader', { name: /fre.*18\.12\..*Stengt/ })).toBeInTheDocument();

    const gym = within(table).getByRole('rowheader', { name: 'Gymsal' }).closest('tr')!;
    const gymCells = within(gym).getAllByRole('cell');
    expect(gymCells[4]).toHaveTextContent('Stengt: Vannlekkasje');
    expect(within(gymCells[4]!).getByRole('link')).toHaveTextContent('18:00–19:00 Sagene IF (beholdt), Godkjent');

    const hall = within(table).getByRole('rowheader', { name: 'Aula' }).closest('tr')!;
    const hallCells = within(hall).getAllByRole('cell');
    expect(hallCells[1]).toHaveTextContent('10:30–12:00 Blokkert');
    expect(within(hallCells[1]!).getByRole('link')).toHaveTextContent('10:00–11:00 Yoga (beholdt)');
    // The same time on a day with no closing is not marked.
    expect(within(hallCells[2]!).getByRole('link')).not.toHaveTextContent('beholdt');
    expect(hallCells[4]).toHaveTextContent('Stengt: Vannlekkasje');
    expect(await axeViolations()).toEqual([]);
  });
});
