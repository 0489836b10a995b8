import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildAdminBooking, buildAdminWedding } from '../../testing/admin-booking';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { WEDDING_APPROVAL_NOTE } from './approval-wizard';
import { jsonResponse, stubApi } from '../../testing/stub-api';

const prices = {
  locationId: 7,
  lokalkategori1: 15_000,
  lokalkategori2: 25_000,
  lokalkategori3: 40_000,
  etableringSemesterlan: 100_000,
  etableringEngangsutleie: 50_000,
  timeTilsynsvakt: 45_000,
  timeEkstraRenhold: 39_000,
};
const { locationId: _, ...pricesOre } = prices;
const vedtakHash = 'a'.repeat(64);
const contractHash = 'b'.repeat(64);

function stubWizard(overrides: Record<string, unknown> = {}) {
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
    'GET /api/booking/5': buildAdminBooking(),
    '/api/selvkost/prices/7': prices,
    '/api/selvkost/calculation': {
      locationId: 7,
      bookingId: 5,
      prices: pricesOre,
      lines: [{ kind: 'ROOM', description: 'Lokalkategori 3 (Gymsal)', quantity: 2, unitPriceOre: 40_000, amountOre: 80_000 }],
      totalOre: 80_000,
      ekstraRenholdPerHourOre: 39_000,
    },
    '/api/vedtak-preview/5': ({ url }: { url: URL }) => ({
      html: `<h1>Vedtak</h1><p>Kostnadskategori ${url.searchParams.get('costCategory')}</p><script>alert(1)</script>`,
      hash: vedtakHash,
    }),
    '/api/contract-preview/5': ({ url }: { url: URL }) => ({
      html: `<h1>Kontrakt</h1><p>Lokalkategori 3: ${url.searchParams.get('lokalkategori3')} øre</p><p>Tilsynsvakt: ${url.searchParams.getAll('tilsynsvaktWeekdays').join(',') || 'nei'}</p>`,
      hash: contractHash,
    }),
    'PUT /api/booking/5/approve': { bookingId: 5, status: 'APPROVED', contractRequired: true, vedtakStored: true, contractStored: true },
    ...overrides,
  });
}

// The whole app renders per test; on a busy machine the default 1 s for findBy/waitFor is too tight.
configure({ asyncUtilTimeout: 5000 });

setUpAdminTests({ scrollTo: 'stub' });

describe('approval wizard', () => {
  it("refuses to approve without a cost category: 'Vennligst velg et alternativ', nothing sent", async () => {
    const user = userEvent.setup();
    const api = stubWizard();
    renderAdmin('/admin/soknader/5/godkjenn', { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Godkjenn søknaden' }));
    // The error summary takes the focus and links to the field; the message is on the field too (decision 020).
    const summary = await screen.findByRole('heading', { name: 'For å godkjenne må du rette opp følgende feil:' });
    expect(summary.closest('[tabindex]')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Vennligst velg et alternativ' })).toBeInTheDocument();
    expect(screen.getAllByText('Vennligst velg et alternativ')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: /Gratis/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', '/api/booking/5/approve')).toEqual([]);
    expect(screen.getAllByText('Velg kostnadskategori for å se forhåndsvisningen.')).toHaveLength(2);
  });

  it('approves a wedding at a location without vedtak or contract at once, offering only what applies to a wedding', async () => {
    const user = userEvent.setup();
    const api = stubWizard({
      '/api/currentuser/adminlocations': [{ id: 8, name: 'Oslo rådhus' }],
      'GET /api/booking/9': buildAdminWedding({ enableVedtak: false, requireContract: false }),
      'PUT /api/booking/9/approve': {
        bookingId: 9,
        status: 'APPROVED',
        contractRequired: false,
        vedtakStored: false,
        contractStored: false,
      },
    });
    renderAdmin('/admin/soknader/9/godkjenn', { user: siri });
    expect(await screen.findByText(WEDDING_APPROVAL_NOTE)).toBeInTheDocument();
    // No cost category, retroactive contract or tilsynsvakt for a town-hall wedding (decision 044).
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Tilbakevirkende kontrakt/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Tilsynsvakt/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Kommentar til søkeren/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Godkjenn søknaden' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Er du sikker på at du vil godkjenne denne søknaden?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, godkjenn' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/booking/9/approve')[0]?.body).toEqual({
        costCategory: 'FREE',
        retroactiveContract: false,
        hasTilsynsvakt: false,
        tilsynsvaktWeekdays: [],
      }),
    );
    expect(api.callsTo('GET', '/api/vedtak-preview/9')).toEqual([]);
  });

  it('approves with cost-based prices prefilled from the location, the previews shown and their hashes sent', async () => {
    const user = userEvent.setup();
    const api = stubWizard();
    const { router } = renderAdmin('/admin/soknader/5/godkjenn', { user: siri });
    await user.click(await screen.findByRole('radio', { name: /Selvkost/ }));

    const category3 = await screen.findByRole('textbox', { name: /Lokalkategori 3/ });
    await waitFor(() => expect(category3).toHaveValue('400'));
    expect(screen.queryByRole('textbox', { name: /Markedspris/ })).not.toBeInTheDocument();
    await user.clear(category3);
    await user.type(category3, '420,50');

    const contract = await screen.findByRole('region', { name: 'Kontrakten' });
    await waitFor(() => expect(contract).toHaveTextContent('Lokalkategori 3: 42050 øre'));
    const vedtak = screen.getByRole('region', { name: 'Vedtaket' });
    expect(vedtak).toHaveTextContent('Kostnadskategori COST');
    // Sanitised: the script never reaches the page, the document's h1 sits below the page's headings.
    expect(vedtak.querySelector('script')).toBeNull();
    expect(within(vedtak).getByRole('heading', { name: 'Vedtak' }).tagName).toBe('H4');

    await user.click(screen.getByRole('button', { name: 'Godkjenn søknaden' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Er du sikker på at du vil godkjenne denne søknaden?');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, godkjenn' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/soknader/5'));
    const [approval] = api.callsTo('PUT', '/api/booking/5/approve');
    expect(approval?.body).toEqual({
      costCategory: 'COST',
      costBasedPrices: { ...pricesOre, lokalkategori3: 42_050 },
      vedtakApproved: true,
      vedtakHash,
      contractApproved: true,
      contractHash,
      retroactiveContract: false,
      hasTilsynsvakt: false,
      tilsynsvaktWeekdays: [],
    });
  });

  it("treats 'Could not find selvkost prices' as no data: the fields stay empty for the admin to fill", async () => {
    const user = userEvent.setup();
    stubWizard({
      '/api/selvkost/prices/7': jsonResponse(404, { msg: 'Could not find selvkost prices', code: 'NOT_FOUND' }),
      '/api/selvkost/calculation': jsonResponse(404, { msg: 'Could not find selvkost prices', code: 'NOT_FOUND' }),
    });
    renderAdmin('/admin/soknader/5/godkjenn', { user: siri });
    await user.click(await screen.findByRole('radio', { name: /Selvkost/ }));
    expect(await screen.findByText('Lokalet har ingen selvkostpriser ennå. Fyll inn prisene for denne søknaden.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Lokalkategori 1/ })).toHaveValue('');
    expect(screen.queryByText('Feil ved henting av data')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Godkjenn søknaden' }));
    // Seven fields, each message on its field and as a link in the error summary.
    expect(await screen.findAllByText('Fyll inn prisene for selvkost')).toHaveLength(14);
    expect(screen.getAllByRole('link', { name: 'Fyll inn prisene for selvkost' })).toHaveLength(7);
  });

  it('sends only the market price for MARKET, and shows the tilsynsvakt weekdays it asks for', async () => {
    const user = userEvent.setup();
    const api = stubWizard();
    renderAdmin('/admin/soknader/5/godkjenn', { user: siri });
    await user.click(await screen.findByRole('radio', { name: /Markedspris/ }));
    await user.type(screen.getByRole('textbox', { name: /Markedspris/ }), '3 500');
    await user.click(screen.getByRole('checkbox', { name: /Tilsynsvakt/ }));
    // Prefilled with the weekdays the booking has times on (17.03.2026 is a Tuesday).
    expect(screen.getByRole('checkbox', { name: 'Tirsdag' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Kontrakten' })).toHaveTextContent('Tilsynsvakt: TUESDAY'));

    await user.click(screen.getByRole('button', { name: 'Godkjenn søknaden' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, godkjenn' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/booking/5/approve')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/booking/5/approve')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ costCategory: 'MARKET', marketPrice: 350_000, hasTilsynsvakt: true, tilsynsvaktWeekdays: ['TUESDAY'] });
    expect(body).not.toHaveProperty('costBasedPrices');
  });

  it('asks for a weekday when tilsynsvakt has none: no price or preview for it, nothing sent', async () => {
    const user = userEvent.setup();
    const api = stubWizard();
    renderAdmin('/admin/soknader/5/godkjenn', { user: siri });
    await user.click(await screen.findByRole('radio', { name: /Selvkost/ }));
    await user.click(screen.getByRole('checkbox', { name: /Tilsynsvakt/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Tirsdag' }));
    expect(await screen.findAllByText('Velg minst én ukedag for tilsynsvakt for å se forhåndsvisningen.')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Godkjenn søknaden' }));
    expect(await screen.findByRole('link', { name: 'Velg minst én ukedag for tilsynsvakt' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/5/approve')).toEqual([]);
    // Neither the price nor a preview was asked for a tilsynsvakt without weekdays (the server refuses those).
    const asked = [
      ...api.callsTo('GET', '/api/selvkost/calculation'),
      ...api.callsTo('GET', '/api/vedtak-preview/5'),
      ...api.callsTo('GET', '/api/contract-preview/5'),
    ];
    expect(
      asked.filter(
        (c) => c.url.searchParams.get('hasTilsynsvakt') === 'true' && c.url.searchParams.getAll('tilsynsvaktWeekdays').length === 0,
      ),
    ).toEqual([]);
  });

  it("shows the server's message when the approval is refused (409)", async () => {
    const user = userEvent.setup();
    stubWizard({
      'PUT /api/booking/5/approve': jsonResponse(409, {
        msg: 'Already processed',
        userMsg: 'Søknaden er allerede behandlet av noen andre. Last siden på nytt.',
        code: 'CONFLICT',
      }),
    });
    const { router } = renderAdmin('/admin/soknader/5/godkjenn', { user: siri });
    await user.click(await screen.findByRole('radio', { name: /Gratis/ }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Kontrakten' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Godkjenn søknaden' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, godkjenn' }));
    expect(await screen.findByText('Søknaden er allerede behandlet av noen andre. Last siden på nytt.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/soknader/5/godkjenn');
  });
});
