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
  it('shows when, who, what and the changed keys, the full data on request, and the next page with Vis flere', async () => {
    const api = stubApi({
      '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
      [`GET ${log}?page=0`]: {
        entries: [entry(2), entry(1, { action: 'OPENING_HOURS', actorName: 'Bente Byadmin', before: null, after: { standard: [] } })],
        hasMore: true,
      },
      [`GET ${log}?page=1`]: { entries: [entry(0, { action: 'LOCATION_CREATED', before: null, after: null })], hasMore: false },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/innstillinger/lokalet/endringslogg?lokale=7', { user: siri });
    const row = (await screen.findByRole('cell', { name: 'Rom endret' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: '20.11.2026 10:05' })).toBeInTheDocument();
    expect(within(row).getByText('Siri Saksbehandler')).toBeInTheDocument();
    expect(within(row).getByText('capacity:')).toBeInTheDocument();
    expect(within(row).getByText(/80 → 100/)).toBeInTheDocument();
    expect(within(row).queryByText('name:')).not.toBeInTheDocument();
    await user.click(within(row).getByText('Vis alle data'));
    expect(within(row).getByText(/"før": \{/)).toBeInTheDocument();
    expect(screen.getByText('Åpningstider endret')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Vis flere' }));
    expect(await screen.findByText('Lokalet ble opprettet')).toBeInTheDocument();
    expect(screen.getByText('Ingen endrede felt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vis flere' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', log)).toHaveLength(2);
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
