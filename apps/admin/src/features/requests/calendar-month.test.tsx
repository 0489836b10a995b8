import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const day = (name: RegExp) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

describe('the month view of the admin calendar (decision 067)', () => {
  it('lists the days with the bookings and their status, the closed day with its reason and the blocked time', async () => {
    const api = stubCalendar();
    renderAdmin('/admin/lokaler/7/kalender?visning=maaned&maaned=2026-12', { user: siri });
    expect(await screen.findByRole('heading', { level: 2, name: 'Desember 2026' })).toBeInTheDocument();
    const month = await screen.findByRole('region', { name: 'Reservasjoner per dag, Desember 2026' });
    expect(api.callsTo('GET', '/api/booking/calendardata')[0]?.url.searchParams.toString()).toMatch(/from=2026-12-01&to=2026-12-31/);
    expect(screen.getByRole('button', { name: 'Måned' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(month).getAllByRole('heading', { level: 3 })).toHaveLength(31);

    const friday = day(/^fredag 18\.12\./);
    expect(within(friday).getByText('Stengt: Vannlekkasje')).toBeInTheDocument();
    expect(within(friday).getByText('Gymsal')).toBeInTheDocument();
    const sagene = within(friday).getByRole('link', { name: /Sagene IF/ });
    expect(sagene).toHaveTextContent('18:00–19:00 Sagene IF (beholdt), Godkjent');
    expect(sagene).toHaveAttribute('href', '/admin/soknader/31');

    const tuesday = day(/^tirsdag 15\.12\./);
    expect(within(tuesday).getByText('Aula')).toBeInTheDocument();
    expect(within(tuesday).getByText('10:30–12:00 Blokkert')).toBeInTheDocument();
    expect(within(tuesday).getByRole('link', { name: /Yoga/ })).toHaveTextContent('10:00–11:00 Yoga (beholdt), Godkjent');

    const thursday = day(/^torsdag 17\.12\./);
    expect(within(thursday).getByRole('link', { name: /Korps/ })).toHaveTextContent('17:00–18:00 Korps, Venter på behandling');
    expect(within(thursday).getByRole('button', { name: 'Flytt 17:00–18:00 Korps, Gymsal torsdag 17.12.' })).toBeInTheDocument();
    expect(within(day(/^onsdag 2\.12\./)).queryByRole('link')).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("steps month by month, keeps the month in the URL, and switches to the week and back ('?uke=' stays the week's address)", async () => {
    const user = userEvent.setup();
    const api = stubCalendar();
    const { router } = renderAdmin('/admin/lokaler/7/kalender?uke=2026-12-16', { user: siri });
    await screen.findByRole('table', { name: /Uke 51/ });
    expect(screen.getByRole('button', { name: 'Uke' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Måned' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Desember 2026' })).toBeInTheDocument();
    // The month keeps the week it came from, and 'Uke' goes back to it.
    expect(router.state.location.search).toBe('?visning=maaned&maaned=2026-12&uke=2026-12-16');
    await user.click(screen.getByRole('button', { name: 'Uke' }));
    expect(await screen.findByRole('table', { name: /Uke 51/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?uke=2026-12-14');
    await user.click(screen.getByRole('button', { name: 'Måned' }));

    await user.click(await screen.findByRole('button', { name: 'Neste måned' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Januar 2027' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?visning=maaned&maaned=2027-01');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/booking/calendardata').map((c) => c.url.searchParams.get('from'))).toContain('2027-01-01'),
    );
    await user.click(screen.getByRole('button', { name: 'Forrige måned' }));
    await user.click(screen.getByRole('button', { name: 'Forrige måned' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'November 2026' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Uke' }));
    expect(router.state.location.search).toMatch(/^\?uke=2026-1[01]-\d\d$/);
    expect(await screen.findByRole('table', { name: /Reservasjoner per rom, Uke/ })).toBeInTheDocument();
  });
});
