import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { renderAdmin, siri } from '../../testing/render-admin';
import { listQueries, stubList } from '../../testing/request-list';

// The whole app renders per test; on a busy machine the default 1 s for findBy/waitFor is too tight.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  resetApiClient();
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

describe('request list', () => {
  it('opens on the unprocessed applications of the location, with counts per status', async () => {
    const api = stubList();
    renderAdmin('/admin/lokaler/7/soknader', { user: siri });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bjølsen skole' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /Venter på behandling/ });
    expect(
      within(table)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['LOK-2026-00005', 'LOK-2026-00006', 'LOK-2026-00007', 'LOK-2026-00008', 'LOK-2026-00004']);
    expect(within(table).getByText('Sagene Sjakklubb · Bordtennis')).toBeInTheDocument();
    // Weddings say so (decision 013), and whether the couple has sent the form yet.
    expect(within(within(table).getByRole('link', { name: 'LOK-2026-00007' }).closest('tr')!).getByText('Vielse')).toBeInTheDocument();
    expect(
      within(within(table).getByRole('link', { name: 'LOK-2026-00008' }).closest('tr')!).getByText('Vielse, skjema ikke sendt'),
    ).toBeInTheDocument();
    // An application collected in a semester round says so (decision 030).
    expect(
      within(within(table).getByRole('link', { name: 'LOK-2026-00004' }).closest('tr')!).getByText(/I søknadsrunden «Høst skoler»/),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Venter på behandling (2)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Alle (8)' })).not.toBeChecked();
    expect(listQueries(api)).toEqual([{ locationId: '7', status: 'UNPROCESSED', sort: 'deadline', page: '0', pageSize: '25' }]);
  });

  it('reads its filters from the URL and writes every change back to it, starting on page 1', async () => {
    const user = userEvent.setup();
    const api = stubList();
    const { router } = renderAdmin('/admin/lokaler/7/soknader?text=kor&page=2', { user: siri });
    expect(await screen.findByRole('searchbox', { name: 'Søk i søknadene' })).toHaveValue('kor');
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ text: 'kor', page: '1' }));

    await user.click(screen.getByRole('radio', { name: 'Godkjent (5)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=APPROVED&text=kor'));
    expect(await screen.findByRole('link', { name: 'LOK-2026-00009' })).toBeInTheDocument();
    expect(listQueries(api).at(-1)).toMatchObject({ status: 'APPROVED', text: 'kor', page: '0' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rom' }), 'Aula');
    await waitFor(() => expect(router.state.location.search).toBe('?status=APPROVED&bookableAssetId=4&text=kor'));
    expect(listQueries(api).at(-1)).toMatchObject({ bookableAssetId: '4' });

    await user.click(screen.getByRole('button', { name: 'Nullstill filtre' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=APPROVED'));

    await user.type(screen.getByRole('searchbox', { name: 'Søk i søknadene' }), 'sjakk{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?status=APPROVED&text=sjakk'));
  });

  it('opens the booking when a row is clicked', async () => {
    const user = userEvent.setup();
    stubList();
    const { router } = renderAdmin('/admin/lokaler/7/soknader', { user: siri });
    const row = (await screen.findByRole('link', { name: 'LOK-2026-00006' })).closest('tr')!;
    await user.click(within(row).getByText('Gymsal'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/soknader/6'));
  });
});
