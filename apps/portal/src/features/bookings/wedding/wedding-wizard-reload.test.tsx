import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { weddingMessages } from '@lokaler/domain/wedding-application-texts';
import { kari, renderPortal } from '../../../testing/render-portal';
import { callsOf, json, resetBrowserState } from '../testing/setup';
import { fillGjennomforing, fillInformasjon, next, prefill, step, stepHeading, stubWizard } from '../testing/wedding-wizard-kit';

/**
 * Decision 038: a reload, a tab brought back or the browser's back and forward keep the answers
 * (sessionStorage) and the time (the page tells the server it opened again).
 */

beforeEach(resetBrowserState);
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 10));
  vi.unstubAllGlobals();
});

const group = (legend: string | RegExp) => within(screen.getByRole('group', { name: legend }));
const bodiesOf = (fetchMock: ReturnType<typeof stubWizard>, part: string) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input).includes(part))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as { visitId: string });

/** The page goes away (pagehide) and the same tab loads the wizard again at `url`. */
async function reload(view: ReturnType<typeof renderPortal>, url: string) {
  window.dispatchEvent(new Event('pagehide'));
  view.unmount();
  return renderPortal(url, { user: kari, strict: true });
}

describe('the wedding wizard over a reload', () => {
  it('comes back to the same step with every answer, and tells the server the new page holds the time; nothing is let go', async () => {
    const fetchMock = stubWizard();
    const first = renderPortal(step('informasjon'), { user: kari, strict: true });
    await stepHeading(1, 'Informasjon');
    await fillInformasjon();
    await next();
    await stepHeading(2, 'Gjennomføring');
    await userEvent.click(group('Hvilket språk skal vielsen være på?').getByLabelText('Norsk'));
    await userEvent.click(group('Trenger dere tolk?').getByLabelText('Ja'));
    await userEvent.selectOptions(screen.getByLabelText('Språk for tolken'), 'polsk');

    const { router } = await reload(first, step('gjennomforing'));
    await stepHeading(2, 'Gjennomføring');
    expect(router.state.location.pathname).toBe('/ny-booking/vielse/gjennomforing');
    expect(group('Hvilket språk skal vielsen være på?').getByLabelText('Norsk')).toBeChecked();
    expect(group('Trenger dere tolk?').getByLabelText('Ja')).toBeChecked();
    expect(screen.getByLabelText('Språk for tolken')).toHaveValue('polsk');
    await userEvent.click(screen.getByRole('button', { name: 'Tilbake' }));
    await stepHeading(1, 'Informasjon');
    expect(screen.getByLabelText('Adresse')).toHaveValue('  Storgata 1  ');
    expect(screen.getByLabelText('Telefonnummer til kommende ektefelle')).toHaveValue('98765432');

    await waitFor(() => expect(bodiesOf(fetchMock, 'wizard-open').length).toBeGreaterThanOrEqual(2));
    const left = bodiesOf(fetchMock, 'wizard-left');
    const opened = bodiesOf(fetchMock, 'wizard-open');
    expect(left).toHaveLength(1);
    // The reloaded page is a new page: its id is not the one that went away.
    expect(opened.at(-1)!.visitId).not.toBe(left[0]!.visitId);
    expect(callsOf(fetchMock).filter((c) => c.includes('autoreject'))).toEqual([]);
    // No dialog: the reload was not a leave inside the app.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a reload on the summary stays there; a chosen certificate is the one thing to choose again', async () => {
    stubWizard();
    const first = renderPortal(step('informasjon'), { user: kari });
    await stepHeading(1, 'Informasjon');
    await fillInformasjon();
    await next();
    await stepHeading(2, 'Gjennomføring');
    await fillGjennomforing();
    await next();
    await stepHeading(3, 'Oppsummering');
    const second = await reload(first, step('oppsummering'));
    await stepHeading(3, 'Oppsummering');
    expect(screen.getByText('Storgata 1, 0155 Oslo')).toBeInTheDocument();
    expect(screen.getByText('Ja, polsk')).toBeInTheDocument();

    // With a certificate chosen, the reloaded wizard goes back to where it is chosen.
    await userEvent.click(screen.getByRole('button', { name: 'Tilbake' }));
    await stepHeading(2, 'Gjennomføring');
    await userEvent.click(group(/^Vil du sende prøvingsattesten nå\?/).getByLabelText('Ja'));
    fireEvent.change(screen.getByLabelText('Prøvingsattest (PDF, høyst 10 MB)'), {
      target: { files: [new File(['%PDF-1.4\n%%EOF\n'], 'attest.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('Valgt fil: attest.pdf')).toBeInTheDocument();
    await next();
    await stepHeading(3, 'Oppsummering');
    const { router } = await reload(second, step('oppsummering'));
    await stepHeading(2, 'Gjennomføring');
    expect(router.state.location.pathname).toBe('/ny-booking/vielse/gjennomforing');
    expect(group(/^Vil du sende prøvingsattesten nå\?/).getByLabelText('Ja')).toBeChecked();
    expect(screen.queryByText('Valgt fil: attest.pdf')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(`lokaler.vielse.${kari.sub}.42`)).not.toContain('data:');
  });

  it("shows the hold the open answers (a reload's release cleared), and opens again when the browser brings the page back", async () => {
    const fetchMock = stubWizard({
      // The prefill was read while the reload's release still counted down.
      '/api/user/form/wedding/prefill/42': { ...prefill, holdExpiresAtUtc: '2030-01-01T12:01:00Z' },
      '/api/user/form/wedding/42/wizard-open': () => json({ holdExpiresAtUtc: '2030-01-01T12:30:00Z' }),
    });
    renderPortal(step('informasjon'), { user: kari });
    await stepHeading(1, 'Informasjon');
    expect(await screen.findByText(/Tidspunktet er holdt av til deg til kl\. 13:30/)).toBeInTheDocument();
    const before = bodiesOf(fetchMock, 'wizard-open').length;
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(bodiesOf(fetchMock, 'wizard-open').length).toBe(before + 1));
  });

  it('when the page opens after the time went (the grace passed), only leaving is offered and the kept answers go', async () => {
    let gone = false;
    stubWizard({
      '/api/user/form/wedding/prefill/42': () => json({ ...prefill, timesAndAssetsNoLongerFree: gone }),
      '/api/user/form/wedding/42/wizard-open': () => {
        gone = true;
        return json({ msg: 'gone', code: 'TIME_NO_LONGER_HELD', userMsg: weddingMessages.timesTakenTitle }, 409);
      },
    });
    sessionStorage.setItem(`lokaler.vielse.${kari.sub}.42`, JSON.stringify({ addressStreetName: 'Storgata 1' }));
    renderPortal(step('informasjon'), { user: kari });
    expect(await screen.findByRole('heading', { level: 2, name: weddingMessages.timesTakenTitle })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Neste' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gå til mine bookinger' })).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(`lokaler.vielse.${kari.sub}.42`)).toBeNull());
  });

  it('"Avbryt" and a confirmed leave forget the kept answers; kept values of the wrong type are not used', async () => {
    stubWizard();
    sessionStorage.setItem(
      `lokaler.vielse.${kari.sub}.42`,
      JSON.stringify({
        addressStreetName: 42,
        addressPostalName: 'Oslo',
        declarationAccepted: 'ja',
        proevingsattestFile: 'data:application/pdf;base64,AA==',
      }),
    );
    const view = renderPortal(step('informasjon'), { user: kari });
    await stepHeading(1, 'Informasjon');
    expect(screen.getByLabelText('Adresse')).toHaveValue('');
    expect(screen.getByLabelText('Poststed')).toHaveValue('Oslo');
    await userEvent.click(screen.getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/bookinger'));
    expect(sessionStorage.getItem(`lokaler.vielse.${kari.sub}.42`)).toBeNull();
    view.unmount();

    stubWizard();
    const again = renderPortal(step('informasjon'), { user: kari });
    await stepHeading(1, 'Informasjon');
    await userEvent.type(screen.getByLabelText('Adresse'), 'Storgata 1');
    expect(sessionStorage.getItem(`lokaler.vielse.${kari.sub}.42`)).toContain('Storgata 1');
    await act(() => again.router.navigate('/oversikt'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Gå ut uten å lagre' }));
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/oversikt'));
    expect(sessionStorage.getItem(`lokaler.vielse.${kari.sub}.42`)).toBeNull();
  });
});
