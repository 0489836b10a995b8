import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@lokaler/domain/api-error';
import { kari, renderPortal, stubApi } from '../../../testing/render-portal';
import { buildContract, buildUserBooking } from '../testing/booking-factories';
import { callsOf, json, kariRoles, resetBrowserState } from '../testing/setup';

const unsigned = buildUserBooking({
  contractExists: true,
  requirements: [{ type: 'CONTRACT', isFulfilled: false, userName: null, fulfillmentTimeUtc: null }],
});
const signed = buildUserBooking({
  contractExists: true,
  requirements: [{ type: 'CONTRACT', isFulfilled: true, userName: 'Kari Nordmann', fulfillmentTimeUtc: '2030-02-03T20:14:00Z' }],
});

/** Where the end of the contract is, relative to the top of the viewport (jsdom lays nothing out). */
let contractBottom = 3000;

beforeEach(() => {
  resetBrowserState();
  contractBottom = 3000;
  vi.stubGlobal('innerHeight', 800);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function rect(this: HTMLElement) {
    const bottom = this.getAttribute('aria-label') === 'Kontrakten' ? contractBottom : 0;
    return { bottom, top: 0, left: 0, right: 0, width: 0, height: bottom, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function scrollTo(bottom: number) {
  contractBottom = bottom;
  fireEvent.scroll(window);
  // The check runs in the next animation frame.
  await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
}

function stubContract(answers: Record<string, unknown> = {}) {
  return stubApi({
    '/api/currentuser/roles': kariRoles,
    '/api/user/booking/42': unsigned,
    '/api/user/contract/42': buildContract(),
    ...answers,
  });
}

describe('/bookinger/:bookingId/kontrakt', () => {
  it('opens signing only after scrolling to within 100 px of the end AND ticking the confirmation', async () => {
    const user = userEvent.setup();
    stubContract();
    renderPortal('/bookinger/42/kontrakt', { user: kari });
    const sign = await screen.findByRole('button', { name: 'Signer kontrakten' });
    expect(sign).toBeDisabled();
    expect(screen.getByText('Du må se gjennom hele kontrakten før du kan signere')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Jeg bekrefter at jeg har lest og forstått alle vilkårene i kontrakten.' }));
    expect(sign).toBeDisabled();

    await scrollTo(800 + 101);
    expect(sign).toBeDisabled();
    expect(screen.getByText('Du må se gjennom hele kontrakten før du kan signere')).toBeInTheDocument();

    await scrollTo(800 + 100);
    expect(screen.queryByText('Du må se gjennom hele kontrakten før du kan signere')).not.toBeInTheDocument();
    expect(sign).toBeEnabled();

    // Scrolling back up keeps it open; unticking closes it.
    await scrollTo(3000);
    expect(sign).toBeEnabled();
    await user.click(screen.getByRole('checkbox'));
    expect(sign).toBeDisabled();
  });

  it('does not open signing on scrolling alone', async () => {
    stubContract();
    renderPortal('/bookinger/42/kontrakt', { user: kari });
    const sign = await screen.findByRole('button', { name: 'Signer kontrakten' });
    await scrollTo(500);
    expect(screen.queryByText('Du må se gjennom hele kontrakten før du kan signere')).not.toBeInTheDocument();
    expect(sign).toBeDisabled();
  });

  it('signs, loads booking and contract again, hides the dialog and shows who signed when', async () => {
    const user = userEvent.setup();
    let isSigned = false;
    const fetchMock = stubContract({
      '/api/user/booking/42': () => json(isSigned ? signed : unsigned),
      '/api/user/contract/42': () =>
        json(
          isSigned
            ? buildContract({ isSigned: true, signedByName: 'Kari Nordmann', signedTimeUtc: '2030-02-03T20:14:00Z' })
            : buildContract(),
        ),
      '/api/user/contract/confirm/42': () => {
        isSigned = true;
        return new Response(null, { status: 204 });
      },
    });
    renderPortal('/bookinger/42/kontrakt', { user: kari });
    await screen.findByRole('button', { name: 'Signer kontrakten' });
    await scrollTo(850);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Signer kontrakten' }));

    expect(await screen.findByText('Digitalt signert av Kari Nordmann 03.02.2030 21:14')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Signer kontrakten' })).not.toBeInTheDocument();
    expect(screen.getByText('Kontrakten er signert.')).toBeInTheDocument();
    const calls = callsOf(fetchMock);
    const signedAt = calls.indexOf('POST /api/user/contract/confirm/42');
    expect(signedAt).toBeGreaterThan(-1);
    expect(calls.slice(signedAt)).toEqual(expect.arrayContaining(['GET /api/user/booking/42', 'GET /api/user/contract/42']));
  });

  it('tells the person who gets a 401 on signing that the booking is not theirs, and logs them out', async () => {
    const user = userEvent.setup();
    const fetchMock = stubContract({
      '/api/user/contract/confirm/42': () => json({ msg: 'Only the creator may sign', code: 'UNAUTHENTICATED' }, 401),
      '/api/user/logout': () => new Response(null, { status: 204 }),
    });
    renderPortal('/bookinger/42/kontrakt', { user: kari });
    await screen.findByRole('button', { name: 'Signer kontrakten' });
    await scrollTo(850);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Signer kontrakten' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Du forsøker å signere en kontrakt på en søknad som ikke er opprettet av deg.');
    expect(
      screen.queryByText('Du har ikke tilgang til denne siden, eller du har blitt logget ut på grunn av inaktivitet.'),
    ).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Logg inn for å se bookingene dine' })).toBeInTheDocument();
    await waitFor(() => expect(callsOf(fetchMock)).toContain('POST /api/user/logout'));
  });

  it('does not offer signing to someone who did not send the application', async () => {
    stubContract({ '/api/currentuser/roles': { ...kariRoles, userId: 2 } });
    renderPortal('/bookinger/42/kontrakt', { user: kari });
    expect(await screen.findByText('Kontrakten kan bare signeres av den som sendte søknaden (Kari Nordmann).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Signer kontrakten' })).not.toBeInTheDocument();
  });

  it('shows the contract sanitised, under the page heading', async () => {
    stubContract({
      '/api/user/contract/42': buildContract({
        contractHtml:
          '<h1>Leiekontrakt</h1><p onclick="steal()">Vilkår<script>steal()</script></p><img src=x onerror="steal()"><a href="https://evil.example">lenke</a>',
      }),
    });
    renderPortal('/bookinger/42/kontrakt', { user: kari });
    const region = await screen.findByRole('region', { name: 'Kontrakten' });
    expect(region.innerHTML).toBe('<h2>Leiekontrakt</h2><p>Vilkår</p>lenke');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('prints only the allowed tags, and says so when the browser blocks printing', async () => {
    const user = userEvent.setup();
    stubContract({
      '/api/user/contract/42': buildContract({
        contractHtml: '<h1>Kontrakt</h1><p>Pris <strong>0 kr</strong></p><table><tr><td>A</td></tr></table><img src="x">',
      }),
    });
    const printWindow = {
      document: document.implementation.createHTMLDocument(''),
      print: vi.fn(),
      focus: vi.fn(),
      close: vi.fn(),
      addEventListener: vi.fn(),
    };
    const open = vi
      .spyOn(window, 'open')
      .mockReturnValueOnce(printWindow as unknown as Window)
      .mockReturnValueOnce(null);
    renderPortal('/bookinger/42/kontrakt', { user: kari });

    await user.click(await screen.findByRole('button', { name: 'Skriv ut' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(printWindow.print).toHaveBeenCalledTimes(1);
    expect(printWindow.document.body.innerHTML).toBe('<h1>Kontrakt</h1><p>Pris 0 kr</p><table><tbody><tr><td>A</td></tr></tbody></table>');
    expect(screen.queryByText('Utskrift støttes ikke eller ble blokkert av nettleseren.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Skriv ut' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Utskrift støttes ikke eller ble blokkert av nettleseren.');
  });

  it('says so, without an error and without signing, while the venue has not approved the contract yet', async () => {
    stubContract({
      '/api/user/contract/42': () => json({ msg: 'No approved contract', code: 'DOCUMENT_NOT_APPROVED', userMsg: 'x' }, 409),
    });
    renderPortal('/bookinger/42/kontrakt', { user: kari });
    expect(
      await screen.findByText('Kontrakten er ikke klar ennå. Utleiestedet må godkjenne kontrakten før du kan lese og signere den.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(messages.loadFailed)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Signer kontrakten' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skriv ut' })).not.toBeInTheDocument();
  });

  it('shows a signed contract with its signature and no dialog', async () => {
    stubContract({
      '/api/user/booking/42': signed,
      '/api/user/contract/42': buildContract({ isSigned: true, signedByName: 'Kari Nordmann', signedTimeUtc: '2030-07-03T19:14:00Z' }),
    });
    renderPortal('/bookinger/42/kontrakt', { user: kari });
    expect(await screen.findByText('Digitalt signert av Kari Nordmann 03.07.2030 21:14')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Signer kontrakten' })).not.toBeInTheDocument();
  });
});
