import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { weddingMessages } from '@lokaler/domain/wedding-application-texts';
import { onlyPdfMessage, tooLargeMessage } from '@lokaler/domain/wedding-certificate';
import { kari, renderPortal } from '../../../testing/render-portal';
import { buildUserBooking } from '../testing/booking-factories';
import { callsOf, json, resetBrowserState } from '../testing/setup';
import {
  errorSummary,
  fillGjennomforing,
  fillInformasjon,
  next,
  prefill,
  sentForm,
  step,
  stepHeading,
  stubWizard,
} from '../testing/wedding-wizard-kit';

beforeEach(resetBrowserState);
afterEach(async () => {
  // A wizard still open at the end of a test may still be calling: not into the next test's fake API.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 10));
  vi.unstubAllGlobals();
});

describe('the wedding wizard', () => {
  it('says "Fant ikke bookingen" without a bookingId and when the server answers 404, the same for both', async () => {
    stubWizard({
      '/api/user/form/wedding/prefill/7': () =>
        json({ msg: 'not found', code: 'NOT_FOUND', userMsg: weddingMessages.bookingNotFound }, 404),
    });
    const first = renderPortal('/ny-booking/vielse', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: weddingMessages.bookingNotFound })).toBeInTheDocument();
    const without = screen.getByRole('main').textContent;
    first.unmount();
    renderPortal('/ny-booking/vielse?bookingId=7', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: weddingMessages.bookingNotFound })).toBeInTheDocument();
    expect(screen.getByRole('main').textContent).toBe(without);
  });

  it('says "Ikke tilgjengelig" when the booking is not at a wedding venue (the prefill answers 422)', async () => {
    stubWizard({
      '/api/user/form/wedding/prefill/42': () =>
        json({ msg: 'not a wedding venue', code: 'BOOKING_NOT_ALLOWED', userMsg: weddingMessages.notAvailable }, 422),
    });
    renderPortal('/ny-booking/vielse?bookingId=42', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: weddingMessages.notAvailable })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Neste' })).not.toBeInTheDocument();
  });

  it('starts at informasjon with the prefill (name, e-mail, phone) in place', async () => {
    stubWizard();
    const { router } = renderPortal('/ny-booking/vielse?bookingId=42', { user: kari });
    await stepHeading(1, 'Informasjon');
    expect(router.state.location.pathname).toBe('/ny-booking/vielse/informasjon');
    expect(router.state.location.search).toBe('?bookingId=42');
    expect(screen.getByLabelText('Navn')).toHaveValue('Kari Nordmann');
    expect(screen.getByLabelText(/^E-post \(valgfritt\)/)).toHaveValue('kari.nordmann@example.no');
    expect(screen.getByLabelText('Telefonnummer')).toHaveValue('41234567');
    expect(screen.getByText(/Tidspunktet er holdt av til deg til kl\. 13:30/)).toBeInTheDocument();
    const booking = buildUserBooking();
    expect(
      await screen.findByText(
        (_, el) =>
          el?.tagName === 'P' &&
          (el.textContent ?? '').startsWith(`Tidspunkt: ${booking.reservations[0]!.displayName}, ${booking.location.name}: `),
      ),
    ).toBeInTheDocument();
  });

  it('offers only leaving when the time is no longer held', async () => {
    const fetchMock = stubWizard({ '/api/user/form/wedding/prefill/42': { ...prefill, timesAndAssetsNoLongerFree: true } });
    const { router } = renderPortal(step('informasjon'), { user: kari });
    expect(await screen.findByText(weddingMessages.timesTakenTitle)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Neste' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gå til mine bookinger' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookinger'));
    expect(callsOf(fetchMock).some((c) => c.includes('autoreject'))).toBe(false);
  });

  it("Next shows each step's messages (and the error summary) and stays; answers are kept across steps and the browser's back", async () => {
    stubWizard();
    const { router } = renderPortal(step('informasjon'), { user: kari });
    await stepHeading(1, 'Informasjon');
    await userEvent.clear(screen.getByLabelText('Telefonnummer'));
    await userEvent.type(screen.getByLabelText('Telefonnummer'), '12ab');
    await next();
    const summary = (await errorSummary()).closest('ds-error-summary, [data-color], div')!;
    expect(summary).toBeTruthy();
    for (const message of [
      weddingMessages.phoneInvalid,
      weddingMessages.addressRequired,
      weddingMessages.postCodeRequired,
      weddingMessages.postalNameRequired,
      weddingMessages.spouseNameRequired,
      weddingMessages.spouseEmailRequired,
      weddingMessages.spousePhoneRequired,
    ]) {
      expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2);
    }
    expect(screen.getByRole('link', { name: weddingMessages.addressRequired })).toHaveAttribute('href', '#vielse-addressStreetName');
    expect(router.state.location.pathname).toBe('/ny-booking/vielse/informasjon');

    await userEvent.clear(screen.getByLabelText('Telefonnummer'));
    await userEvent.type(screen.getByLabelText('Telefonnummer'), '41234567');
    await fillInformasjon();
    await userEvent.clear(screen.getByLabelText('Postnummer'));
    await userEvent.type(screen.getByLabelText('Postnummer'), '015');
    await next();
    expect((await screen.findAllByText(weddingMessages.postCodeInvalid)).length).toBeGreaterThan(0);
    await userEvent.type(screen.getByLabelText('Postnummer'), '5');
    await next();
    await stepHeading(2, 'Gjennomføring');
    expect(router.state.location.pathname).toBe('/ny-booking/vielse/gjennomforing');

    await next();
    await errorSummary();
    for (const message of [
      weddingMessages.eventLanguageRequired,
      weddingMessages.interpreterRequired,
      weddingMessages.contactLanguageRequired,
      weddingMessages.culturalSegmentChoiceRequired,
      weddingMessages.accommodationChoiceRequired,
      weddingMessages.certificateChoiceRequired,
    ]) {
      expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2);
    }
    const group = (legend: string | RegExp) => within(screen.getByRole('group', { name: legend }));
    // With every question answered, only the details the yeses ask for are left.
    await userEvent.click(group('Hvilket språk skal vielsen være på?').getByLabelText('Norsk'));
    await userEvent.click(group('Hvilket språk vil dere at vi kontakter dere på?').getByLabelText('Norsk'));
    await userEvent.click(group(/^Vil du sende prøvingsattesten nå\?/).getByLabelText('Nei'));
    await userEvent.click(group('Trenger dere tolk?').getByLabelText('Ja'));
    await userEvent.click(group(/^Ønsker dere et kulturelt innslag/).getByLabelText('Ja'));
    await userEvent.click(group(/^Trenger dere tilrettelegging\?/).getByLabelText('Ja'));
    await next();
    for (const message of [
      weddingMessages.interpreterLanguageRequired,
      weddingMessages.culturalSegmentRequired,
      weddingMessages.accommodationDetailsRequired,
    ]) {
      expect((await screen.findAllByText(message)).length).toBeGreaterThanOrEqual(2);
    }
    expect(screen.getByRole('combobox', { name: 'Språk for tolken' }).querySelectorAll('option').length).toBeGreaterThanOrEqual(41);

    // The browser's back: step 1 again, with what was typed.
    await act(() => router.navigate(-1));
    await stepHeading(1, 'Informasjon');
    expect(screen.getByLabelText('Adresse')).toHaveValue('  Storgata 1  ');
    expect(screen.getByLabelText('Postnummer')).toHaveValue('0155');
    await act(() => router.navigate(1));
    await stepHeading(2, 'Gjennomføring');
    expect(within(screen.getByRole('group', { name: 'Trenger dere tolk?' })).getByLabelText('Ja')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Tilbake' }));
    await stepHeading(1, 'Informasjon');
  });

  it('one press of Next shows a question left unanswered and a detail a yes asks for, together', async () => {
    stubWizard();
    renderPortal(step('informasjon'), { user: kari });
    await stepHeading(1, 'Informasjon');
    await fillInformasjon();
    await next();
    await stepHeading(2, 'Gjennomføring');
    const group = (legend: string | RegExp) => within(screen.getByRole('group', { name: legend }));
    await userEvent.click(group('Trenger dere tolk?').getByLabelText('Ja'));
    await userEvent.click(group(/^Trenger dere tilrettelegging\?/).getByLabelText('Ja'));
    await next();
    await errorSummary();
    const summaryLinks = screen.getAllByRole('link').map((a) => a.textContent);
    for (const message of [
      weddingMessages.eventLanguageRequired,
      weddingMessages.contactLanguageRequired,
      weddingMessages.culturalSegmentChoiceRequired,
      weddingMessages.certificateChoiceRequired,
      weddingMessages.interpreterLanguageRequired,
      weddingMessages.accommodationDetailsRequired,
    ]) {
      expect(summaryLinks, message).toContain(message);
      expect(screen.getAllByText(message).length, message).toBeGreaterThanOrEqual(2);
    }
    expect(screen.getByLabelText('Språk for tolken')).toHaveAttribute('aria-invalid', 'true');
  });

  it("a step's address opened before the steps before it are done goes to the first open step", async () => {
    stubWizard();
    const { router } = renderPortal(step('oppsummering'), { user: kari });
    await stepHeading(1, 'Informasjon');
    expect(router.state.location.pathname).toBe('/ny-booking/vielse/informasjon');
  });

  it('refuses a certificate that is not a PDF or over 10 MB, in the wizard', async () => {
    stubWizard();
    renderPortal(step('informasjon'), { user: kari });
    await stepHeading(1, 'Informasjon');
    await fillInformasjon();
    await next();
    await stepHeading(2, 'Gjennomføring');
    await userEvent.click(within(screen.getByRole('group', { name: /^Vil du sende prøvingsattesten nå\?/ })).getByLabelText('Ja'));
    const input = screen.getByLabelText('Prøvingsattest (PDF, høyst 10 MB)');
    fireEvent.change(input, { target: { files: [new File(['hei'], 'bilde.png', { type: 'image/png' })] } });
    expect(await screen.findByText(onlyPdfMessage)).toBeInTheDocument();
    const big = new File(['%PDF-1.4'], 'attest.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10_485_761 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText(tooLargeMessage)).toBeInTheDocument();
  });

  it('sends the whole application once (a double click too), trimmed, with the PDF as a data URL, and opens the booking', async () => {
    const sent: unknown[] = [];
    const fetchMock = stubWizard({
      '/api/user/form/wedding': ({ init }: { init: RequestInit }) => {
        sent.push(JSON.parse(String(init.body)));
        return json(sentForm, 201);
      },
      '/api/user/booking/42': buildUserBooking({ bookingId: 42, sourceForm: 'wedding' }),
    });
    const { router } = renderPortal(step('informasjon'), { user: kari });
    await stepHeading(1, 'Informasjon');
    await fillInformasjon();
    await next();
    await stepHeading(2, 'Gjennomføring');
    await fillGjennomforing();
    await userEvent.click(within(screen.getByRole('group', { name: /^Vil du sende prøvingsattesten nå\?/ })).getByLabelText('Ja'));
    fireEvent.change(screen.getByLabelText('Prøvingsattest (PDF, høyst 10 MB)'), {
      target: { files: [new File(['%PDF-1.4\n%%EOF\n'], 'attest.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('Valgt fil: attest.pdf')).toBeInTheDocument();
    await next();
    await stepHeading(3, 'Oppsummering');
    expect(router.state.location.pathname).toBe('/ny-booking/vielse/oppsummering');
    expect(screen.getByText('Storgata 1, 0155 Oslo')).toBeInTheDocument();
    expect(screen.getByText('Ja, polsk')).toBeInTheDocument();
    expect(screen.getByText('Ja: En sang')).toBeInTheDocument();
    expect(screen.getByText('Sendes nå: attest.pdf')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send søknad' }));
    expect((await screen.findAllByText(weddingMessages.declarationRequired)).length).toBeGreaterThanOrEqual(2);
    expect(sent).toHaveLength(0);
    await userEvent.click(screen.getByLabelText(/Jeg bekrefter at opplysningene er riktige/));
    const send = screen.getByRole('button', { name: 'Send søknad' });
    await userEvent.dblClick(send);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookinger/42'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      bookingId: 42,
      applicantName: 'Kari Nordmann',
      addressStreetName: 'Storgata 1',
      eventLanguage: 'norsk',
      weddingInterpreterRequired: true,
      weddingInterpreterLanguage: 'polsk',
      preferredContactLanguage: 'engelsk',
      weddingCulturalSegmentDesired: true,
      weddingCulturalSegment: 'En sang',
      needsAccommodation: false,
      submitProevingsattestNow: true,
      proevingsattestFile: `data:application/pdf;name=file;base64,${btoa('%PDF-1.4\n%%EOF\n')}`,
      declarationAccepted: true,
    });
    // After a successful submit, leaving the wizard lets nothing go.
    await new Promise((r) => setTimeout(r, 20));
    expect(callsOf(fetchMock).some((c) => c.includes('autoreject'))).toBe(false);
  });

  it("a 409 (the time was taken) shows the dialog with only a way out; another error shows the server's text and keeps the answers", async () => {
    let answer = () => json({ msg: 'already sent', code: 'CONFLICT', userMsg: weddingMessages.alreadySubmitted }, 409);
    stubWizard({ '/api/user/form/wedding': () => answer() });
    const { router } = renderPortal(step('informasjon'), { user: kari });
    await stepHeading(1, 'Informasjon');
    await fillInformasjon();
    await next();
    await stepHeading(2, 'Gjennomføring');
    await fillGjennomforing();
    await next();
    await stepHeading(3, 'Oppsummering');
    await userEvent.click(screen.getByLabelText(/Jeg bekrefter at opplysningene er riktige/));
    await userEvent.click(screen.getByRole('button', { name: 'Send søknad' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(weddingMessages.alreadySubmitted);
    expect(screen.getByLabelText(/Jeg bekrefter at opplysningene er riktige/)).toBeChecked();

    answer = () => json({ msg: 'time gone', code: 'TIME_NO_LONGER_HELD', userMsg: weddingMessages.timesTakenTitle }, 409);
    await userEvent.click(screen.getByRole('button', { name: 'Send søknad' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: weddingMessages.timesTakenTitle })).toBeInTheDocument();
    expect(within(dialog).getByText(weddingMessages.timesTakenText)).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Gå til mine bookinger']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gå til mine bookinger' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookinger'));
  });

  it('"Avbryt" lets the time go (PUT autoreject, once) and goes to /bookinger; moving between steps does not', async () => {
    const fetchMock = stubWizard();
    const { router } = renderPortal(step('informasjon'), { user: kari, strict: true });
    await stepHeading(1, 'Informasjon');
    await fillInformasjon();
    await next();
    await stepHeading(2, 'Gjennomføring');
    await userEvent.click(screen.getByRole('button', { name: 'Tilbake' }));
    await stepHeading(1, 'Informasjon');
    await new Promise((r) => setTimeout(r, 20));
    expect(callsOf(fetchMock).filter((c) => c.includes('autoreject'))).toEqual([]);
    await next();
    await stepHeading(2, 'Gjennomføring');
    await userEvent.click(screen.getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookinger'));
    await new Promise((r) => setTimeout(r, 20));
    expect(callsOf(fetchMock).filter((c) => c.includes('autoreject'))).toEqual(['PUT /api/user/booking/42/autoreject']);
  });

  it("a link out of the wizard asks first (the spec's guard): staying keeps the time, leaving lets it go", async () => {
    const fetchMock = stubWizard();
    const { router } = renderPortal(step('informasjon'), { user: kari, strict: true });
    await stepHeading(1, 'Informasjon');
    await act(() => router.navigate('/oversikt'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Du bør lagre endringer før du går ut');
    expect(dialog).toHaveTextContent('Søknaden er ikke sendt. Går du ut nå, blir tidspunktet for vielsen ledig for andre.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bli på siden' }));
    expect(router.state.location.pathname).toBe('/ny-booking/vielse/informasjon');
    await new Promise((r) => setTimeout(r, 20));
    expect(callsOf(fetchMock).filter((c) => c.includes('autoreject'))).toEqual([]);

    await act(() => router.navigate('/oversikt'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Gå ut uten å lagre' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/oversikt'));
    await waitFor(() =>
      expect(callsOf(fetchMock).filter((c) => c.includes('autoreject'))).toEqual(['PUT /api/user/booking/42/autoreject']),
    );

    // Back in the wizard, the server says the time is gone: only leaving is offered.
    await act(() => router.navigate(step('informasjon')));
    expect(await screen.findByText(weddingMessages.timesTakenTitle)).toBeInTheDocument();
  });

  it('closing the tab asks first (beforeunload), then tells the server the page went away (keepalive), and lets nothing go at once', async () => {
    const fetchMock = stubWizard();
    renderPortal(step('informasjon'), { user: kari, strict: true });
    await stepHeading(1, 'Informasjon');
    await waitFor(() => expect(callsOf(fetchMock)).toContain('PUT /api/user/form/wedding/42/wizard-open'));
    const beforeUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(beforeUnload);
    expect(beforeUnload.defaultPrevented).toBe(true);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(callsOf(fetchMock)).toContain('PUT /api/user/form/wedding/42/wizard-left'));
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('wizard-left'))!;
    expect((call[1] as RequestInit).keepalive).toBe(true);
    expect(new Headers((call[1] as RequestInit).headers).get('Authorization')).toMatch(/^Bearer /);
    const opened = fetchMock.mock.calls.find(([input]) => String(input).includes('wizard-open'))!;
    // The same page load names itself the same in both calls.
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual(JSON.parse(String((opened[1] as RequestInit).body)));
    expect(callsOf(fetchMock).filter((c) => c.includes('autoreject'))).toEqual([]);
  });
});
