import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { buildLocation } from '../../testing/factories';
import { renderPortal, stubApi } from '../../testing/render-portal';

/** What the fake API hands an answer function. */
type StubRequest = { url: URL; init: RequestInit | undefined };

const locations = [
  buildLocation({ id: 2, name: 'Tøyen skole' }),
  buildLocation({ id: 3, name: 'Deichman Tøyen', publicLocationType: 'LIBRARIES' }),
];
let sent: unknown[];

function stub(answer: () => Response = () => Response.json({ id: 1 }, { status: 201 }), contactUs = 'ENABLED') {
  sent = [];
  stubApi({
    '/api/location': locations,
    '/api/settings?setting=CONTACT_US': { name: 'CONTACT_US', value: contactUs },
    '/api/support': ({ init }: StubRequest) => {
      sent.push(JSON.parse(String(init?.body)));
      return answer();
    },
  });
}

beforeEach(() => {
  resetApiClient();
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

type User = ReturnType<typeof userEvent.setup>;
const send = (user: User) => user.click(screen.getByRole('button', { name: 'Send' }));

describe('/kontakt-oss', () => {
  it('redirects to / when CONTACT_US is not ENABLED', async () => {
    stub(undefined, 'DISABLED');
    const { router } = renderPortal('/kontakt-oss');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('requires a category, an e-mail and a message, with the spec’s texts', async () => {
    stub();
    const user = userEvent.setup();
    renderPortal('/kontakt-oss');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kontakt oss' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Send' });
    await send(user);
    // Under each field and in the error summary, which has the focus.
    const summary = await screen.findByRole('group', { name: 'For å sende må du rette opp følgende:' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Velg et alternativ', 'Feltet er påkrevd', 'Feltet er påkrevd']);
    expect(screen.getAllByText('Feltet er påkrevd')).toHaveLength(4);
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'kari.no');
    await send(user);
    expect(await screen.findAllByText('Vennligst skriv inn en gyldig e-postadresse')).toHaveLength(2);
    await user.click(within(summary).getByRole('link', { name: 'Vennligst skriv inn en gyldig e-postadresse' }));
    expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it("asks for a location for LOCATION and BOOKING ('Velg et lokale' first; empty is 'Feltet er påkrevd')", async () => {
    stub();
    const user = userEvent.setup();
    renderPortal('/kontakt-oss');
    expect(screen.queryByRole('combobox', { name: 'Lokale' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: 'Spørsmål om en booking' }));
    const location = await screen.findByRole('combobox', { name: 'Lokale' });
    expect(location).toHaveDisplayValue('Velg et lokale');
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'kari@example.no');
    await user.type(screen.getByRole('textbox', { name: 'Melding' }), 'Når kan jeg hente nøkkelen?');
    await send(user);
    expect(await screen.findAllByText('Feltet er påkrevd')).toHaveLength(2);
    expect(sent).toEqual([]);
  });

  it('pre-selects the location of the referring page, sends without the referring page, and thanks with 5 days', async () => {
    stub();
    const user = userEvent.setup();
    renderPortal('/kontakt-oss?referringPage=%2Fsted%2F3%3Fressurs%3D9');
    await user.click(await screen.findByRole('radio', { name: 'Spørsmål om et lokale' }));
    expect(await screen.findByRole('combobox', { name: 'Lokale' })).toHaveDisplayValue('Deichman Tøyen');
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), '  kari@example.no ');
    await user.type(screen.getByRole('textbox', { name: 'Melding' }), '  Har dere projektor?  ');
    await send(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Takk for henvendelsen!' })).toHaveFocus();
    expect(
      screen.getByText('Meldingen din er sendt til Deichman Tøyen. Du får svar på e-post, vanligvis innen 5 virkedager.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ category: 'LOCATION', userEmail: 'kari@example.no', message: 'Har dere projektor?', locationId: 3 }]);
    expect(screen.getByRole('link', { name: 'Gå til startsiden' })).toHaveAttribute('href', '/');
  });

  it('sends the referring page (hidden) for TECHNICAL, without a location, an address with æøå as typed, and thanks with 1–3 days', async () => {
    stub();
    const user = userEvent.setup();
    renderPortal('/kontakt-oss?referringPage=%2Fsted%2F3');
    await user.click(await screen.findByRole('radio', { name: 'Tekniske problemer med nettsiden' }));
    // æøå in the name and the domain are a valid address.
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'kåre.ødegård@blåbær.no');
    await user.type(screen.getByRole('textbox', { name: 'Melding' }), 'Kalenderen laster ikke.');
    await send(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Takk for at du tok kontakt!' })).toBeInTheDocument();
    expect(screen.getByText(/vanligvis innen 1–3 virkedager/)).toBeInTheDocument();
    expect(sent).toEqual([
      { category: 'TECHNICAL', userEmail: 'kåre.ødegård@blåbær.no', message: 'Kalenderen laster ikke.', referringPage: '/sted/3' },
    ]);
  });

  it("shows a failed send on the e-mail field: the server's message, or 'Det oppsto en feil'", async () => {
    stub(() => Response.json({ msg: 'mail down', userMsg: 'Meldingen kunne ikke sendes nå.', code: 'INTERNAL' }, { status: 500 }));
    const user = userEvent.setup();
    renderPortal('/kontakt-oss');
    await user.click(await screen.findByRole('radio', { name: 'Noe annet' }));
    const email = screen.getByRole('textbox', { name: 'E-post' });
    await user.type(email, 'kari@example.no');
    await user.type(screen.getByRole('textbox', { name: 'Melding' }), 'Hei');
    await send(user);
    expect(await screen.findByText('Meldingen kunne ikke sendes nå.')).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    stub(() => new Response(null, { status: 502 }));
    await send(user);
    expect(await screen.findByText('Det oppsto en feil')).toBeInTheDocument();
  });
});
