import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { roomMessages } from '@lokaler/domain/admin-room';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { axeViolations } from '../../testing/axe-check';
import { buildAdminRoom, testAssetTypes, testTags } from '../../testing/admin-location-schedule';
import { renderInApp } from '../../testing/render-in-app';
import { jsonResponse, stubApi, type StubRequest } from '../../testing/stub-api';
import { RoomsEditor } from './rooms-editor';

const list = '/api/admin/bookableasset/7/bookableassets';
const gym = buildAdminRoom({ id: 3, name: 'Gymsal', externalAssetNumber: 'G1', capacity: 80, tagIds: [1] });
const hidden = buildAdminRoom({ id: 4, name: 'Kjeller', status: 'UNPUBLISHED' });

function stub(rooms: unknown[], overrides: Record<string, unknown> = {}) {
  return stubApi({ [`GET ${list}`]: rooms, '/api/tags': testTags, '/api/preferences/options/assettypes': testAssetTypes, ...overrides });
}
const echoRoom = (id: number) => (r: StubRequest) => {
  const body = r.body as { visible: boolean; name: string };
  return buildAdminRoom({ ...(body as object), id, name: body.name, status: body.visible ? 'PUBLISHED' : 'UNPUBLISHED' } as never);
};

setUpAdminTests();
beforeEach(() => vi.stubGlobal('requestAnimationFrame', (fn: () => void) => setTimeout(fn, 0)));

describe('RoomsEditor', () => {
  it('lists the rooms with number, capacity and a visible/hidden badge, and adds a room with every field', async () => {
    const api = stub([gym, hidden], {
      [`POST /api/admin/location/7/bookableassets`]: () => jsonResponse(201, buildAdminRoom({ id: 9, name: 'Møterom' })),
    });
    const user = userEvent.setup();
    renderInApp(<RoomsEditor locationId={7} mode="settings" />);
    const gymCard = (await screen.findByRole('heading', { name: 'Gymsal (G1)' })).closest('li')!;
    expect(gymCard).toHaveTextContent('Kapasitet 80');
    expect(within(gymCard).getByText('Synlig')).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { name: 'Kjeller' }).closest('li')!).getByText('Skjult')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Legg til rom' }));
    expect(screen.getByRole('heading', { name: 'Nytt rom' })).toHaveFocus();
    await user.type(screen.getByLabelText('Navn'), ' Møterom ');
    await user.type(screen.getByLabelText('Romnummer (valgfritt)'), '101');
    await user.type(screen.getByLabelText('Kapasitet (antall personer)'), '12');
    await user.type(screen.getByLabelText('Areal (m²)'), '30.5');
    await user.selectOptions(screen.getByLabelText('Romtype'), 'Klasserom');
    await user.click(within(screen.getByRole('group', { name: 'Egnet til' })).getByRole('checkbox', { name: 'Møte' }));
    await user.click(within(screen.getByRole('group', { name: 'Fasiliteter' })).getByRole('checkbox', { name: 'Projektor' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Universell utforming' })).getByRole('checkbox', { name: 'Rullestoltilgang' }),
    );
    await user.type(screen.getByLabelText(/Informasjon om rommet/), 'Nøkkel i resepsjonen');
    await user.click(screen.getByRole('checkbox', { name: 'Rommet har digital nøkkel (Oslonøkkelen)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Innbyggere kan søke om faste tider som gjentas hver uke' }));
    await user.click(screen.getByRole('checkbox', { name: 'Innbyggere kan bare velge ett sammenhengende tidsrom per søknad' }));
    await user.click(screen.getByRole('button', { name: 'Lagre rommet' }));

    expect(await screen.findByText('Rommet ble lagret')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/location/7/bookableassets')[0]?.body).toEqual({
      name: 'Møterom',
      externalAssetNumber: '101',
      capacity: 12,
      squareMeters: 30.5,
      assetTypeId: 2,
      tagIds: [2, 3, 4],
      assetInfoMessage: 'Nøkkel i resepsjonen',
      hasOslonokkelen: true,
      allowSingleBookingsForPublicUser: true,
      allowRepeatedBookingsForPublicUser: false,
      maxOneTimeslotPerBookingForPublicUser: true,
      visible: true,
    });
  });

  it('edits a room with its stored values and shows the schema messages', async () => {
    const api = stub([gym], { 'PUT /api/admin/bookableasset/3': echoRoom(3) });
    const user = userEvent.setup();
    renderInApp(<RoomsEditor locationId={7} mode="settings" />);
    await user.click(await screen.findByRole('button', { name: 'Endre Gymsal (G1)' }));
    expect(screen.getByLabelText('Navn')).toHaveValue('Gymsal');
    expect(screen.getByRole('checkbox', { name: 'Idrett' })).toBeChecked();
    await user.clear(screen.getByLabelText('Navn'));
    await user.clear(screen.getByLabelText('Kapasitet (antall personer)'));
    await user.type(screen.getByLabelText('Kapasitet (antall personer)'), '-3');
    await user.click(screen.getByRole('button', { name: 'Lagre rommet' }));
    expect(await screen.findByRole('link', { name: roomMessages.nameRequired })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: roomMessages.capacity })).toBeInTheDocument();
    expect(screen.getByLabelText('Kapasitet (antall personer)')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations()).toEqual([]);
    expect(api.callsTo('PUT', '/api/admin/bookableasset/3')).toHaveLength(0);

    await user.type(screen.getByLabelText('Navn'), 'Store gymsal');
    await user.clear(screen.getByLabelText('Kapasitet (antall personer)'));
    await user.click(screen.getByRole('button', { name: 'Lagre rommet' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/bookableasset/3')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/bookableasset/3')[0]?.body).toMatchObject({
      name: 'Store gymsal',
      capacity: null,
      tagIds: [1],
      visible: true,
    });
  });

  it("hides and shows a room with 'Skjul' and 'Vis'", async () => {
    const api = stub([gym, hidden], { 'PUT /api/admin/bookableasset/3': echoRoom(3), 'PUT /api/admin/bookableasset/4': echoRoom(4) });
    const user = userEvent.setup();
    renderInApp(<RoomsEditor locationId={7} mode="settings" />);
    await user.click(await screen.findByRole('button', { name: 'Skjul Gymsal (G1)' }));
    expect(await screen.findByText('Gymsal er skjult i portalen')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/bookableasset/3')[0]?.body).toMatchObject({
      name: 'Gymsal',
      externalAssetNumber: 'G1',
      visible: false,
    });
    await user.click(screen.getByRole('button', { name: 'Vis Kjeller' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/bookableasset/4')[0]?.body).toMatchObject({ visible: true }));
  });

  it('explains that a room with future reservations can only be hidden', async () => {
    const api = stub([gym], {
      'DELETE /api/admin/bookableasset/3': () =>
        jsonResponse(409, { msg: 'future', code: 'CONFLICT', userMsg: roomMessages.hasFutureReservations }),
    });
    const user = userEvent.setup();
    renderInApp(<RoomsEditor locationId={7} mode="settings" />);
    await user.click(await screen.findByRole('button', { name: 'Slett Gymsal (G1)' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Slett' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Rommet har fremtidige reservasjoner og kan ikke slettes. Du kan skjule det i stedet.',
    );
    expect(api.callsTo('DELETE', '/api/admin/bookableasset/3')).toHaveLength(1);
  });

  it("in the wizard enables 'Lagre og gå videre' only once a room exists", async () => {
    stub([]);
    const onSaved = vi.fn();
    const user = userEvent.setup();
    const first = renderInApp(<RoomsEditor locationId={7} mode="wizard" onSaved={onSaved} />);
    expect(await screen.findByText('Du må legge til minst ett rom før du kan gå videre.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lagre og gå videre' })).toBeDisabled();
    first.unmount();

    stub([gym]);
    renderInApp(<RoomsEditor locationId={7} mode="wizard" onSaved={onSaved} />);
    await screen.findByRole('heading', { name: 'Gymsal (G1)' });
    await user.click(screen.getByRole('button', { name: 'Lagre og gå videre' }));
    expect(onSaved).toHaveBeenCalledTimes(1);
  });
});
