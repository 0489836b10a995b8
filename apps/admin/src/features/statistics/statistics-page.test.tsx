import { describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, addMonths } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { statisticsMessages, type StatisticsReport } from '@lokaler/domain/statistics';
import { axeViolations } from '../../testing/axe-check';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { jsonResponse, stubApi } from '../../testing/stub-api';

configure({ asyncUtilTimeout: 5000 });

const roles = (list: string[]) => ({ userId: 1, name: 'Siri Saksbehandler', email: 'siri@oslo.kommune.no', portal: 'ADMIN', roles: list });

const report = (from: string, to: string, scope: 'LOCATION' | 'CITY' = 'LOCATION'): StatisticsReport => ({
  scope,
  locationId: scope === 'LOCATION' ? 7 : null,
  locationName: scope === 'LOCATION' ? 'Bjølsen skole' : null,
  from,
  to,
  utilisation: {
    unit: scope === 'LOCATION' ? 'ROOM_WEEK' : 'LOCATION_MONTH',
    columns: [
      { key: '2030-03-04', label: 'Uke 10', from: '2030-03-04', to: '2030-03-10' },
      { key: '2030-03-11', label: 'Uke 11', from: '2030-03-11', to: '2030-03-17' },
    ],
    rows: [
      { id: 1, name: 'Aula', bookedMinutes: [60, 0], openMinutes: [1680, 0] },
      { id: 2, name: 'Gymsal', bookedMinutes: [1200, 90], openMinutes: [1440, 1800] },
    ],
  },
  purposes: [
    { key: 'UNKNOWN', label: 'Ukjent', minutes: 0, bookings: 0 },
    { key: 'PUBLICUSER_LOAN', label: 'Søknad fra innbygger eller organisasjon', minutes: 270, bookings: 2 },
    { key: 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN', label: 'Booket av saksbehandler på vegne av noen', minutes: 0, bookings: 0 },
    { key: 'ADMINUSER_INTERNAL_ACTIVITY', label: 'Intern aktivitet', minutes: 90, bookings: 1 },
  ],
  ageGroups: [
    { key: 'YOUTH', label: 'Ungdom (13–19 år)', minutes: 210, bookings: 1 },
    { key: 'UNKNOWN', label: 'Ikke oppgitt', minutes: 150, bookings: 2 },
  ],
  organisationTypes: [
    { key: 'ORG:FLI', label: 'Forening/lag/innretning', minutes: 150, bookings: 2 },
    { key: 'ORG:STI', label: 'Stiftelse', minutes: 30, bookings: 1 },
    { key: 'ORG:UNKNOWN', label: 'Organisasjonsform ikke kjent', minutes: 30, bookings: 1 },
    { key: 'PERSON', label: 'Privatperson', minutes: 60, bookings: 1 },
    { key: 'INTERNAL', label: 'Kommunens interne aktivitet', minutes: 90, bookings: 1 },
  ],
  demand: Array.from({ length: 7 * 24 }, (_, i) => ({
    weekday: Math.floor(i / 24) + 1,
    hour: i % 24,
    appliedMinutes: i === 18 ? 90 : 0,
    openMinutes: i % 24 >= 16 && i % 24 < 22 && i < 5 * 24 ? 240 : 0,
  })),
  handlingTimes: {
    months: [{ month: '2030-03', decided: 2, medianHours: 30, p90Hours: 34.8 }],
    total: { month: 'ALL', decided: 2, medianHours: 30, p90Hours: 34.8 },
  },
});

function stubStatistics(answer?: (url: URL) => Response | StatisticsReport, roleList = ['ADMIN']) {
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
    '/api/currentuser/roles': roles(roleList),
    'GET /api/statistics': ({ url }: { url: URL }) =>
      answer
        ? answer(url)
        : report(url.searchParams.get('from')!, url.searchParams.get('to')!, url.searchParams.has('locationId') ? 'LOCATION' : 'CITY'),
  });
}

setUpAdminTests({ scrollTo: 'stub' });

describe('the statistics page (decision 068)', () => {
  it("shows a location's figures for the last twelve months: the heat map as a table with percentages, bars with their numbers, CSV links", async () => {
    const api = stubStatistics();
    renderAdmin('/admin/lokaler/7/statistikk', { user: siri });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bjølsen skole' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Statistikk' })).toHaveAttribute('aria-current', 'page');
    const today = todayInOslo(new Date());
    const from = addDays(addMonths(today, -12), 1);
    expect(api.callsTo('GET', '/api/statistics')[0]!.url.search).toBe(`?locationId=7&from=${from}&to=${today}`);

    const heat = await screen.findByRole('table', { name: 'Utnyttelse per rom og uke' });
    const rows = within(heat).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Rom', 'Uke 10', 'Uke 11']);
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('Gymsal');
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['83 %20 av 24 t', '5 %1,5 av 30 t']);
    // Closed all week: no share, a dash, which the introduction explains.
    expect(within(rows[1]!).getAllByRole('cell')[1]).toHaveTextContent('–0 av 0 t');
    expect(screen.getByText(/Over 100 % betyr at noe er booket utenom åpningstiden; – betyr at det var stengt\.$/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Utnyttelse, tabell' })).toHaveAttribute('tabindex', '0');

    const purposes = screen.getByRole('list', { name: 'Timer etter formål' });
    expect(within(purposes).getAllByRole('listitem')[1]).toHaveTextContent('Søknad fra innbygger eller organisasjon4,5 t (75 %)');
    const demand = screen.getByRole('table', { name: 'Etterspørsel og kapasitet: søkte timer av åpne romtimer' });
    expect(
      within(demand)
        .getAllByRole('row')
        .map((r) => within(r).queryByRole('rowheader')?.textContent)
        .slice(1),
    ).toEqual(['16–17', '17–18', '18–19', '19–20', '20–21', '21–22']);
    expect(within(within(demand).getAllByRole('row')[3]!).getAllByRole('cell')[0]).toHaveTextContent('38 %1,5 av 4 t');
    expect(screen.getByRole('list', { name: 'Behandlingstid, median per måned' })).toHaveTextContent(
      'mars 2030median 30 t, 90 % innen 34,8 t (2 søknader)',
    );
    expect(screen.getByRole('link', { name: 'Last ned CSV: Timer etter aldersgruppe' })).toHaveAttribute(
      'href',
      `/api/statistics/csv?figure=age-group&locationId=7&from=${from}&to=${today}`,
    );
    expect(screen.getAllByRole('link', { name: /^Last ned CSV/ })).toHaveLength(6);
    expect(await axeViolations()).toEqual([]);
  });

  it("'Vis som tabell' is a toggle a keyboard reaches: the bars become a table with the same numbers, and back", async () => {
    const user = userEvent.setup();
    stubStatistics();
    renderAdmin('/admin/lokaler/7/statistikk?fra=2030-03-04&til=2030-03-17', { user: siri });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Timer etter type søker' })).closest('section')!;
    const toggle = within(section).getByRole('button', { name: 'Vis som tabell' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Timer etter type søker' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Type søkerTimerAndelBookinger',
      'Forening/lag/innretning2,542 %2',
      'Stiftelse0,58 %1',
      'Organisasjonsform ikke kjent0,58 %1',
      'Privatperson117 %1',
      'Kommunens interne aktivitet1,525 %1',
    ]);
    expect(await axeViolations()).toEqual([]);
    await user.keyboard(' ');
    expect(within(section).getByRole('list', { name: 'Timer etter type søker' })).toBeInTheDocument();
  });

  it('keeps the period in the address; a chosen period asks again, a wrong one is refused on its field', async () => {
    const user = userEvent.setup();
    const api = stubStatistics();
    const { router } = renderAdmin('/admin/lokaler/7/statistikk?fra=2030-03-04&til=2030-03-17', { user: siri });
    expect(await screen.findByText('Viser 04.03.2030–17.03.2030.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/statistics')[0]!.url.search).toBe('?locationId=7&from=2030-03-04&to=2030-03-17');
    const from = screen.getByLabelText('Fra og med');
    await user.clear(from);
    await user.type(from, '2029-01-01');
    await user.click(screen.getByRole('button', { name: 'Vis statistikk' }));
    expect(await screen.findByRole('link', { name: statisticsMessages.tooLong })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/statistics')).toHaveLength(1);
    await user.clear(from);
    await user.type(from, '2030-01-01');
    await user.click(screen.getByRole('button', { name: 'Vis statistikk' }));
    expect(await screen.findByText('Viser 01.01.2030–17.03.2030.')).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ fra: '2030-01-01', til: '2030-03-17' });
  });

  it('city-wide: reached from the start page by a city administrator, asks without a location; a refusal shows the server’s message', async () => {
    const user = userEvent.setup();
    const api = stubStatistics(undefined, ['ADMIN', 'CITY_ADMIN']);
    const { unmount } = renderAdmin('/admin/', { user: siri });
    await user.click(await screen.findByRole('link', { name: 'Statistikk for hele byen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistikk for hele byen' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Utnyttelse per lokale og måned' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/statistics')[0]!.url.searchParams.has('locationId')).toBe(false);
    expect(await axeViolations()).toEqual([]);
    unmount();

    stubStatistics(() => jsonResponse(403, { code: 'FORBIDDEN', msg: 'no', userMsg: 'Du har ikke tilgang til dette.' }));
    renderAdmin('/admin/statistikk', { user: siri });
    expect(await screen.findByText(/Du har ikke tilgang til dette\./)).toBeInTheDocument();
  });
});
