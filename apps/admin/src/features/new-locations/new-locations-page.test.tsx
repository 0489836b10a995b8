import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { newLocationMessages, type LocationInvitation } from '@lokaler/domain/admin-location';
import { testAreas } from '../../testing/location-setup';
import { renderAdmin } from '../../testing/render-admin';
import { installBrowserPolyfills, jsonResponse, stubApi } from '../../testing/stub-api';

const bente = { sub: 'bente', name: 'Bente Byadmin' };
const roles = (list: string[]) => ({
  userId: 2,
  name: 'Bente Byadmin',
  email: 'bente.byadmin@oslo.kommune.no',
  portal: 'ADMIN',
  roles: list,
});
const invitation = (overrides: Partial<LocationInvitation>): LocationInvitation => ({
  id: 1,
  locationId: 30,
  locationName: 'Testskolen',
  email: 'nora.nyadmin@oslo.kommune.no',
  status: 'SENT',
  createdTimeUtc: '2026-11-25T10:00:00Z',
  expiresTimeUtc: '2026-12-09T10:00:00Z',
  ...overrides,
});

function stubPage(overrides: Record<string, unknown> = {}) {
  const invitations = [
    invitation({ id: 1, status: 'PUBLISHED', locationName: 'Sagene samfunnshus' }),
    invitation({ id: 2, status: 'EXPIRED', locationName: 'Torshov bibliotek' }),
  ];
  return stubApi({
    '/api/currentuser/adminlocations': [],
    '/api/currentuser/roles': roles(['CITY_ADMIN']),
    '/api/geographicareas': testAreas,
    'GET /api/admin/new-locations': () => invitations,
    'POST /api/admin/new-locations': ({ body }: { body: { name: string; adminEmail: string } }) => {
      const created = invitation({ id: 3, locationId: 31, locationName: body.name, email: body.adminEmail });
      invitations.unshift(created);
      return jsonResponse(201, { locationId: 31, invitation: created });
    },
    ...overrides,
  });
}

beforeEach(() => {
  resetApiClient();
  installBrowserPolyfills();
});
afterEach(() => vi.unstubAllGlobals());

describe("the city-wide administrator's 'Nye lokaler'", () => {
  it('creates a location, invites its administrator and lists the invitation with its status', async () => {
    const user = userEvent.setup();
    const api = stubPage();
    renderAdmin('/admin/innstillinger/nye-lokaler', { user: bente });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /Sagene samfunnshus/ })).toHaveTextContent('Publisert');
    expect(within(table).getByRole('row', { name: /Torshov bibliotek/ })).toHaveTextContent('Utløpt');

    await user.type(screen.getByRole('textbox', { name: 'Navn på lokalet' }), '  Testskolen ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type lokale' }), 'Bydelslokale');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bydel' }), 'Sagene');
    await user.type(screen.getByRole('textbox', { name: 'E-postadresse til administratoren' }), 'Nora.Nyadmin@oslo.kommune.no');
    await user.click(screen.getByRole('button', { name: 'Opprett og send invitasjon' }));

    expect(await screen.findByText('Testskolen er opprettet. Invitasjonen er sendt til nora.nyadmin@oslo.kommune.no.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/new-locations')[0]?.body).toEqual({
      name: 'Testskolen',
      publicLocationType: 'DISTRICT_VENUES',
      geographicAreaId: 'sagene',
      adminEmail: 'nora.nyadmin@oslo.kommune.no',
    });
    await waitFor(() => expect(within(screen.getByRole('table')).getByRole('row', { name: /Testskolen/ })).toHaveTextContent('Sendt'));
    expect(screen.getByRole('textbox', { name: 'Navn på lokalet' })).toHaveValue('');
  });

  it('says what is missing and sends nothing', async () => {
    const user = userEvent.setup();
    const api = stubPage();
    renderAdmin('/admin/innstillinger/nye-lokaler', { user: bente });
    await user.type(await screen.findByRole('textbox', { name: 'E-postadresse til administratoren' }), 'nora@');
    await user.click(screen.getByRole('button', { name: 'Opprett og send invitasjon' }));
    const summary = await screen.findByRole('group', { name: 'For å opprette lokalet må du rette opp følgende feil:' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Du må fylle inn navn på lokalet', 'Du må velge bydel', 'Skriv inn en gyldig e-postadresse']);
    await user.click(within(summary).getByRole('link', { name: 'Du må velge bydel' }));
    expect(screen.getByRole('combobox', { name: 'Bydel' })).toHaveFocus();
    expect(api.callsTo('POST', '/api/admin/new-locations')).toEqual([]);
  });

  it("shows the server's message when the location cannot be created", async () => {
    const user = userEvent.setup();
    stubPage({
      'POST /api/admin/new-locations': jsonResponse(422, { msg: 'Unknown area', userMsg: 'Ukjent bydel.', code: 'UNPROCESSABLE' }),
    });
    renderAdmin('/admin/innstillinger/nye-lokaler', { user: bente });
    await user.type(await screen.findByRole('textbox', { name: 'Navn på lokalet' }), 'Testskolen');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bydel' }), 'Sagene');
    await user.type(screen.getByRole('textbox', { name: 'E-postadresse til administratoren' }), 'nora@oslo.kommune.no');
    await user.click(screen.getByRole('button', { name: 'Opprett og send invitasjon' }));
    expect(await screen.findByText('Ukjent bydel.')).toBeInTheDocument();
  });

  it("shows each invitation's expiry and sends an unused one again: a new expiry, the success message; not offered once taken in use", async () => {
    const user = userEvent.setup();
    const list = [
      invitation({ id: 1, status: 'USED', locationName: 'Sagene samfunnshus' }),
      invitation({ id: 2, status: 'EXPIRED', locationName: 'Torshov bibliotek', expiresTimeUtc: '2026-11-20T10:00:00Z' }),
    ];
    const api = stubPage({
      'GET /api/admin/new-locations': () => list,
      'POST /api/admin/new-locations/2/resend': () => {
        list[1] = { ...list[1]!, status: 'SENT', createdTimeUtc: '2026-11-28T10:00:00Z', expiresTimeUtc: '2026-12-12T10:00:00Z' };
        return list[1];
      },
    });
    renderAdmin('/admin/innstillinger/nye-lokaler', { user: bente });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Utløper' })).toBeInTheDocument();
    const used = within(table).getByRole('row', { name: /Sagene samfunnshus/ });
    expect(within(used).queryByRole('button')).not.toBeInTheDocument();
    const expired = within(table).getByRole('row', { name: /Torshov bibliotek/ });
    expect(expired).toHaveTextContent('20.11.2026');

    await user.click(within(expired).getByRole('button', { name: 'Send invitasjonen på nytt for Torshov bibliotek' }));
    expect(await screen.findByText(`${newLocationMessages.invitationResent} Sendt til nora.nyadmin@oslo.kommune.no.`)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/new-locations/2/resend')).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getByRole('row', { name: /Torshov bibliotek/ })).toHaveTextContent('12.12.2026'),
    );
    expect(within(screen.getByRole('table')).getByRole('row', { name: /Torshov bibliotek/ })).toHaveTextContent('Sendt');
  });

  it("shows the server's message when the invitation cannot be sent again", async () => {
    const user = userEvent.setup();
    stubPage({
      'POST /api/admin/new-locations/2/resend': jsonResponse(409, {
        msg: 'Claimed',
        userMsg: newLocationMessages.invitationNotResendable,
        code: 'CONFLICT',
      }),
    });
    renderAdmin('/admin/innstillinger/nye-lokaler', { user: bente });
    await user.click(await screen.findByRole('button', { name: 'Send invitasjonen på nytt for Torshov bibliotek' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(newLocationMessages.invitationNotResendable);
  });

  it('is closed to an administrator who is not city-wide', async () => {
    const api = stubPage({ '/api/currentuser/roles': roles(['ADMIN']) });
    renderAdmin('/admin/innstillinger/nye-lokaler', { user: bente });
    expect(await screen.findByText('Bare byadministratorer kan opprette nye lokaler.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/new-locations')).toEqual([]);
  });
});
