import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LocationAuditEntry } from '@lokaler/domain/location-audit';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { jsonResponse, stubApi } from '../../testing/stub-api';

const entry = (id: number, overrides: Partial<LocationAuditEntry> = {}): LocationAuditEntry => ({
  id,
  atUtc: '2026-11-20T09:05:00.000Z',
  actorName: 'Siri Saksbehandler',
  action: 'ROOM_CHANGED',
  before: { name: 'Gymsal', capacity: 80 },
  after: { name: 'Gymsal', capacity: 100 },
  ...overrides,
});
const log = '/api/location/7/auditlog';

setUpAdminTests();

describe('audit log page', () => {
  it('says in words what changed, with who and when, the technical details on request, and the next page with Vis flere', async () => {
    const api = stubApi({
      '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
      [`GET ${log}?page=0`]: {
        entries: [
          entry(2),
          entry(1, {
            action: 'OPENING_HOURS',
            actorName: 'Bente Byadmin',
            before: { standard: [{ weekday: 2, opens: '16:00', closes: '21:00' }], periods: [] },
            after: {
              standard: [
                { weekday: 2, opens: '17:00', closes: '21:00' },
                { weekday: 6, opens: '10:00', closes: '14:30' },
              ],
              periods: [],
            },
          }),
        ],
        hasMore: true,
      },
      [`GET ${log}?page=1`]: {
        entries: [
          entry(0, {
            action: 'CLOSED_DATES_ADDED',
            before: null,
            after: { id: 4, fromDate: '2027-05-17', toDate: '2027-05-17', reason: 'Nasjonaldag' },
          }),
        ],
        hasMore: false,
      },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/innstillinger/lokalet/endringslogg?lokale=7', { user: siri });
    const row = (await screen.findByRole('cell', { name: 'Rom endret' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: '20.11.2026 10:05' })).toBeInTheDocument();
    expect(within(row).getByText('Siri Saksbehandler')).toBeInTheDocument();
    const sentences = within(row).getByRole('list', { name: 'Endringer i ord' });
    expect(
      within(sentences)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Kapasitet for «Gymsal» endret fra 80 til 100']);
    // The raw difference is there for support staff, closed until asked for.
    const details = within(row).getByText('Vis tekniske detaljer').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(within(row).queryByText(/"capacity"/)).not.toBeVisible();
    await user.click(within(row).getByText('Vis tekniske detaljer'));
    expect(details).toHaveAttribute('open');
    expect(within(details).getByText('capacity')).toBeVisible();
    expect(within(details).getByText(/"før": \{/)).toBeVisible();

    const hoursRow = screen.getByRole('cell', { name: 'Åpningstider endret' }).closest('tr')!;
    expect(within(hoursRow).getByText('Bente Byadmin')).toBeInTheDocument();
    expect(within(hoursRow).getByText('Åpningstid tirsdag endret fra 16–21 til 17–21')).toBeVisible();
    expect(within(hoursRow).getByText('Åpningstid lørdag lagt til: 10–14:30')).toBeVisible();
    expect(within(hoursRow).getByText(/"weekday": 6/)).not.toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Vis flere' }));
    expect(await screen.findByText('Stengt dato 17. mai 2027 lagt til (Nasjonaldag)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Vis flere' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', log)).toHaveLength(2);
    expect(await axeViolations()).toEqual([]);
  });

  it("uses the first administered location without ?lokale and shows the server's message on failure", async () => {
    stubApi({
      '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
      [`GET ${log}`]: () => jsonResponse(403, { msg: 'forbidden', code: 'FORBIDDEN', userMsg: 'Du har ikke tilgang til dette lokalet' }),
    });
    renderAdmin('/admin/innstillinger/lokalet/endringslogg', { user: siri });
    expect(await screen.findByText('Du har ikke tilgang til dette lokalet')).toBeInTheDocument();
    expect(screen.getByText('Feil ved henting av data')).toBeInTheDocument();
  });
});
