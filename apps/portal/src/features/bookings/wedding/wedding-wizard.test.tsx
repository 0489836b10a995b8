import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { weddingMessages } from '@lokaler/domain/wedding-application-texts';
import { onlyPdfMessage, tooLargeMessage } from '@lokaler/domain/wedding-certificate';
import { kari, renderPortal, stubApi } from '../../../testing/render-portal';
import { buildUserBooking } from '../testing/booking-factories';
import { callsOf, json, kariRoles, resetBrowserState } from '../testing/setup';

beforeEach(resetBrowserState);
afterEach(async () => {
  // A wizard still open at the end of a test lets its time go when unmounted: not into the next test's fake API.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 10));
  vi.unstubAllGlobals();
});

const prefill = {
  bookingId: 42,
  applicantName: 'Kari Nordmann',
  applicantEmail: 'kari.nordmann@example.no',
  applicantPhoneNo: '41234567',
  timesAndAssetsNoLongerFree: false,
  holdExpiresAtUtc: '2030-01-01T12:30:00Z',
  submitted: false,
};
const sentForm = { bookingId: 42, submittedAtUtc: '2030-01-01T12:10:00Z', answers: null, proevingsattestFile: null, proevingsattestFileAddedTimeUtc: null };
const step = (name: string) => `/ny-booking/vielse/${name}?bookingId=42`;

/** The fake server remembers what the wizard did: after a submit or an autoreject, the prefill says so (as the real one does). */
function stubWizard(extra: Record<string, unknown> = {}) {
  let now = { ...prefill };
  const submit = extra['/api/user/form/wedding'] as ((r: unknown) => Response) | undefined;
  return stubApi({
    '/api/currentuser/roles': kariRoles,
    '/api/user/form/wedding/prefill/42': () => json(now),
    '/api/user/booking/42/autoreject': () => {
      now = { ...now, timesAndAssetsNoLongerFree: true };
      return json({ bookingId: 42, status: 'AUTOREJECTED', internalEventTitle: null });
    },
    '/api/user/booking': [],
    '/api/user/booking/42': buildUserBooking({ bookingId: 42, sourceForm: 'wedding' }),
    ...extra,
    ...(submit && {
      '/api/user/form/wedding': (request: unknown) => {
        const answer = submit(request);
        if (answer.status === 201) now = { ...now, submitted: true };
        return answer;
      },
    }),
  });
}

const stepHeading = (n: number, title: string) => screen.findByRole('heading', { level: 2, name: `Steg ${n} av 3: ${title}` });
const next = () => userEvent.click(screen.getByRole('button', { name: 'Neste' }));
const errorSummary = () => screen.findByText('For å gå videre må du rette opp følgende feil:');

async function fillInformasjon() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Adresse'), '  Storgata 1  ');
  await user.type(screen.getByLabelText('Postnummer'), '0155');
  await user.type(screen.getByLabelText('Poststed'), 'Oslo');
  await user.type(screen.getByLabelText('Navn på kommende ektefelle'), 'Ola Nordmann');
  await user.type(screen.getByLabelText('E-post til kommende ektefelle'), 'ola@example.no');
  await user.type(screen.getByLabelText('Telefonnummer til kommende ektefelle'), '98765432');
}

async function fillGjennomforing() {
  const user = userEvent.setup();
  const group = (legend: string | RegExp) => within(screen.getByRole('group', { name: legend }));
  await user.click(group('Hvilket språk skal vielsen være på?').getByLabelText('Norsk'));
  await user.click(group('Trenger dere tolk?').getByLabelText('Ja'));
  await user.selectOptions(screen.getByLabelText('Språk for tolken'), 'polsk');
  await user.click(group('Hvilket språk vil dere at vi kontakter dere på?').getByLabelText('Engelsk'));
  await user.click(group(/^Ønsker dere et kulturelt innslag/).getByLabelText('Ja'));
  await user.type(screen.getByLabelText('Beskriv det kulturelle innslaget'), 'En sang');
  await user.click(group(/^Trenger dere tilrettelegging\?/).getByLabelText('Nei'));
  await user.click(group(/^Vil du sende prøvingsattesten nå\?/).getByLabelText('Nei'));
}

describe('the wedding wizard', () => {
  it('says "Fant ikke bookingen" without a bookingId and when the server answers 404, the same for both', async () => {
    stubWizard({ '/api/user/form/wedding/prefill/7': () => json({ msg: 'not found', code: 'NOT_FOUND', userMsg: weddingMessages.bookingNotFound }, 404) });
    const first = renderPortal('/ny-booking/vielse', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: weddingMessages.bookingNotFound })).toBeInTheDocument();
    const without = screen.getByRole('main').textContent;
    first.unmount();
    renderPortal('/ny-booking/vielse?bookingId=7', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: weddingMessages.bookingNotFound })).toBeInTheDocument();
    expect(screen.getByRole('main').textContent).toBe(without);
  });

  it('says "Ikke tilgjengelig" when the booking is not at a wedding venue (the prefill answers 422)', async () => {
    stubWizard({ '/api/user/form/wedding/prefill/42': () => json({ msg: 'not a wedding venue', code: 'BOOKING_NOT_ALLOWED', userMsg: weddingMessages.notAvailable }, 422) });
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
    expect(await screen.findByText((_, el) => el?.tagName === 'P' && (el.textContent ?? '').startsWith(`Tidspunkt: ${booking.reservations[0]!.displayName}, ${booking.location.name}: `))).toBeInTheDocument();
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

  it('Next shows each step\'s messages (and the error summary) and stays; answers are kept across steps and the browser\'s back', async () => {
    stubWizard();
    const { router } = renderPortal(step('informasjon'), { user: kari });
    await stepHeading(1, 'Informasjon');
    await userEvent.clear(screen.getByLabelText('Telefonnummer'));
    await userEvent.type(screen.getByLabelText('Telefonnummer'), '12ab');
    await next();
    const summary = (await errorSummary()).closest('ds-error-summary, [data-color], div')!;
    expect(summary).toBeTruthy();
    for (const message of [weddingMessages.phoneInvalid, weddingMessages.addressRequired, weddingMessages.postCodeRequired, weddingMessages.postalNameRequired, weddingMessages.spouseNameRequired, weddingMessages.spouseEmailRequired, weddingMessages.spousePhoneRequired]) {
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
    for (const message of [weddingMessages.eventLanguageRequired, weddingMessages.interpreterRequired, weddingMessages.contactLanguageRequired, weddingMessages.culturalSegmentChoiceRequired, weddingMessages.accommodationChoiceRequired, weddingMessages.certificateChoiceRequired]) {
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
    for (const message of [weddingMessages.interpreterLanguageRequired, weddingMessages.culturalSegmentRequired, weddingMessages.accommodationDetailsRequired]) {
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
      weddingMessages.eventLanguageRequired, weddingMessages.contactLanguageRequired, weddingMessages.culturalSegmentChoiceRequired, weddingMessages.certificateChoiceRequired,
      weddingMessages.interpreterLanguageRequired, weddingMessages.accommodationDetailsRequired,
    ]) {
      expect(summaryLinks, message).toContain(message);
      expect(screen.getAllByText(message).length, message).toBeGreaterThanOrEqual(2);
    }
    expect(screen.getByLabelText('Språk for tolken')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a step\'s address opened before the steps before it are done goes to the first open step', async () => {
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
    fireEvent.change(screen.getByLabelText('Prøvingsattest (PDF, høyst 10 MB)'), { target: { files: [new File(['%PDF-1.4\n%%EOF\n'], 'attest.pdf', { type: 'application/pdf' })] } });
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

  it('a 409 (the time was taken) shows the dialog with only a way out; another error shows the server\'s text and keeps the answers', async () => {
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
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Gå til mine bookinger']);
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

  it('following a link out of the wizard lets the time go', async () => {
    const fetchMock = stubWizard();
    const { router } = renderPortal(step('informasjon'), { user: kari, strict: true });
    await stepHeading(1, 'Informasjon');
    await act(() => router.navigate('/oversikt'));
    await waitFor(() => expect(callsOf(fetchMock).filter((c) => c.includes('autoreject'))).toEqual(['PUT /api/user/booking/42/autoreject']));

    // Back in the wizard, the server says the time is gone: only leaving is offered.
    await act(() => router.navigate(step('informasjon')));
    expect(await screen.findByText(weddingMessages.timesTakenTitle)).toBeInTheDocument();
  });

  it('closing the tab asks first (beforeunload), then lets the time go with a keepalive request on pagehide', async () => {
    const fetchMock = stubWizard();
    renderPortal(step('informasjon'), { user: kari, strict: true });
    await stepHeading(1, 'Informasjon');
    // A reload or close asks first (the browser's own question), and then lets the time go.
    const beforeUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(beforeUnload);
    expect(beforeUnload.defaultPrevented).toBe(true);
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(callsOf(fetchMock).filter((c) => c.includes('autoreject'))).toEqual(['PUT /api/user/booking/42/autoreject']));
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('autoreject'))!;
    expect((call[1] as RequestInit).keepalive).toBe(true);
    expect(new Headers((call[1] as RequestInit).headers).get('Authorization')).toMatch(/^Bearer /);
  });
});
