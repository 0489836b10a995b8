import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { BOOKING_DRAFT_KEY, readBookingDraft, writeBookingDraft } from '@lokaler/ui/booking-draft';
import { buildLocation } from '../../testing/factories';
import { renderPortal, stubApi } from '../../testing/render-portal';
import { buildRoom } from '../../testing/room-factories';

const school = buildLocation({
  id: 7,
  name: 'Tøyen skole',
  phoneNumber: '23456789',
  contactEmail: 'utleie@toyen.no',
  informationMessage: '<p>Søknadsfrist <b>1. juni</b>.</p><script>alert(1)</script>',
});
const gym = buildRoom({
  id: 11,
  name: 'Gymsal',
  displayName: 'Gymsal (G1)',
  capacity: 120,
  purposes: ['Idrett og trening'],
  facilities: ['Garderobe', 'Dusj'],
  uu: ['Heis'],
});
const classroom = buildRoom({
  id: 12,
  name: 'Klasserom',
  displayName: 'Klasserom (101)',
  capacity: 1,
  purposes: ['Møte', 'Kurs og foredrag'],
});

function stub(location = school) {
  stubApi({
    [`/api/location/${location.id}`]: location,
    [`/api/location/${location.id}/bookableassets`]: [gym, classroom],
    [`/api/about/${location.id}`]: {
      whoCanApply: '<p>Lag og <a href="https://oslo.kommune.no">foreninger</a></p>',
      locationCosts: null,
      loanCriteria: '<ul><li>Rydd etter deg</li></ul>',
    },
  });
}

beforeEach(() => {
  localStorage.clear();
  resetApiClient();
  vi.stubGlobal('scrollTo', vi.fn());
  stub();
});
afterEach(() => vi.unstubAllGlobals());

const card = (name: string) => screen.getByRole('article', { name });

describe('/sted/:locationId', () => {
  it('shows the venue: back link, heading, sanitised info, about accordion, contact box, open to search engines (decision 018 over spec 01 §2)', async () => {
    renderPortal('/sted/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tøyen skole' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbake' })).toHaveAttribute('href', '/oversikt');
    expect(document.querySelector('meta[name="robots"]')).toBeNull();
    expect(screen.getByText('1. juni').tagName).toBe('B');
    expect(document.querySelector('script')).toBeNull();
    expect(await screen.findByText('Hvem kan låne eller leie?')).toBeInTheDocument();
    expect(screen.getByText('Vilkår for lån og leie')).toBeInTheDocument();
    expect(screen.queryByText('Hva koster det?')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'foreninger', hidden: true })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: '23 45 67 89' })).toHaveAttribute('href', 'tel:23456789');
  });

  it("lists the rooms with capacity and details, and filters them by purpose ('Se alle' first)", async () => {
    const user = userEvent.setup();
    renderPortal('/sted/7');
    expect(await screen.findByRole('article', { name: 'Gymsal (G1)' })).toBeInTheDocument();
    expect(within(card('Gymsal (G1)')).getByText('Passer til 120 personer')).toBeInTheDocument();
    expect(within(card('Klasserom (101)')).getByText('Passer til 1 person')).toBeInTheDocument();
    expect(within(card('Gymsal (G1)')).getByText('Garderobe', { selector: 'li' })).toBeInTheDocument();
    expect(within(card('Gymsal (G1)')).getByText('Heis', { selector: 'li' })).toBeInTheDocument();

    const purpose = await screen.findByRole('combobox', { name: 'Hva ønsker du å bruke lokalet til?' });
    expect(
      within(purpose)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Se alle', 'Idrett og trening', 'Kurs og foredrag', 'Møte']);
    await user.selectOptions(purpose, 'Møte');
    expect(screen.queryByRole('article', { name: 'Gymsal (G1)' })).not.toBeInTheDocument();
    expect(card('Klasserom (101)')).toBeInTheDocument();
  });

  it('keeps chosen rooms in the repeated ressurs parameter; the summary leads to /ressurs with the same query', async () => {
    const user = userEvent.setup();
    const { router } = renderPortal('/sted/7?ressurs=12');
    const summary = await screen.findByRole('complementary', { name: 'Valgte rom' });
    await screen.findByRole('article', { name: 'Gymsal (G1)' });
    expect(within(summary).getByText('Klasserom (101)')).toBeInTheDocument();
    expect(within(card('Klasserom (101)')).getByRole('button', { name: 'Fjern rom' })).toBeInTheDocument();

    await user.click(within(card('Gymsal (G1)')).getByRole('button', { name: 'Velg rom' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ressurs=12&ressurs=11'));
    expect(within(card('Gymsal (G1)')).getByRole('button', { name: 'Fjern rom' })).toBeInTheDocument();

    await user.click(within(summary).getByRole('button', { name: 'Se ledige tider' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ressurs'));
    expect(router.state.location.search).toBe('?ressurs=12&ressurs=11');
  });

  it("says 'Ingen rom valgt' and disables the way on until a room is chosen; removing a room clears its times", async () => {
    const user = userEvent.setup();
    writeBookingDraft({
      repetition: { pattern: 'SINGLE_DAY', lastDate: null },
      checked: [
        { bookableAssetId: 11, date: '2030-03-04', startTime: '18:00:00' },
        { bookableAssetId: 12, date: '2030-03-04', startTime: '18:00:00' },
      ],
      reservations: [],
      availability: null,
    });
    const { router } = renderPortal('/sted/7?ressurs=11&ressurs=12');
    const summary = await screen.findByRole('complementary', { name: 'Valgte rom' });
    await user.click(await within(summary).findByRole('button', { name: 'Fjern Gymsal (G1)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ressurs=12'));
    expect(readBookingDraft().checked).toEqual([{ bookableAssetId: 12, date: '2030-03-04', startTime: '18:00:00' }]);

    await user.click(within(card('Klasserom (101)')).getByRole('button', { name: 'Fjern rom' }));
    expect(await within(summary).findByText('Ingen rom valgt')).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Se ledige tider' })).toBeDisabled();
    expect(JSON.parse(localStorage.getItem(BOOKING_DRAFT_KEY)!).checked).toEqual([]);
  });

  it('scrolls to the room named by scrollTo and takes the parameter out of the URL', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { router } = renderPortal('/sted/7?ressurs=12&scrollTo=12');
    await screen.findByRole('article', { name: 'Klasserom (101)' });
    await waitFor(() => expect(router.state.location.search).toBe('?ressurs=12'));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('rom-12'));
  });

  it.each(['UNPUBLISHED', 'DELETED'] as const)('sends a %s location to /404', async (status) => {
    stub(buildLocation({ id: 8, status }));
    const { router } = renderPortal('/sted/8');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('sends an unknown or malformed id to /404', async () => {
    const { router } = renderPortal('/sted/999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    const other = renderPortal('/sted/abc');
    await waitFor(() => expect(other.router.state.location.pathname).toBe('/404'));
  });

  it('shows the venue in one go once its texts and rooms are in, holding a screen until then (decision 025: nothing moves)', async () => {
    let answerRooms: (response: Response) => void = () => {};
    const rooms = new Promise<Response>((resolve) => (answerRooms = resolve));
    stubApi({
      '/api/location/7': school,
      '/api/location/7/bookableassets': () => rooms,
      '/api/about/7': { whoCanApply: '<p>Lag</p>', locationCosts: null, loanCriteria: null },
    });
    const { container } = renderPortal('/sted/7');
    await waitFor(() => expect(container.querySelector('.lk-venue-page .lk-route-loading')).not.toBeNull());
    // The location and its texts are in; the rooms are not: nothing of the venue yet.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { level: 1, name: 'Tøyen skole' })).not.toBeInTheDocument();
    answerRooms(new Response(JSON.stringify([gym]), { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tøyen skole' })).toBeInTheDocument();
    expect(screen.getByText('Hvem kan låne eller leie?')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Gymsal (G1)' })).toBeInTheDocument();
    expect(container.querySelector('.lk-route-loading')).toBeNull();
  });

  it("shows the spec's message when the rooms cannot be loaded", async () => {
    stubApi({
      '/api/location/7': school,
      '/api/location/7/bookableassets': () => new Response('{}', { status: 500 }),
      '/api/about/7': { whoCanApply: null, locationCosts: null, loanCriteria: null },
    });
    renderPortal('/sted/7');
    expect(
      await screen.findByText('Ups, vi klarte ikke å laste inn rommene! Du kan prøve å laste inn siden på nytt, eller prøve igjen senere.'),
    ).toBeInTheDocument();
  });
});

describe('deprecated routes', () => {
  it.each([
    ['/location/7?ressurs=11', '/sted/7', '?ressurs=11'],
    ['/asset/11', '/ressurs', '?ressurs=11'],
    ['/lokale', '/oversikt', ''],
    ['/sted', '/oversikt', ''],
    ['/liste', '/oversikt', ''],
  ])('%s → %s%s', async (from, pathname, query) => {
    stubApi({
      '/api/location/7': school,
      '/api/location/7/bookableassets': [gym],
      '/api/about/7': {},
      '/api/location': [school],
      '/api/geographicareas': [],
      '/api/bookableasset': [gym],
    });
    const { router } = renderPortal(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(query);
  });
});
