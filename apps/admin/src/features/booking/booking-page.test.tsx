import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { buildAdminBooking } from '../../testing/admin-booking';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { jsonResponse, stubApi } from '../../testing/stub-api';
import { axeViolations } from '../../testing/axe-check';
import { withdrawTexts } from './reject-dialog';
import { personalDataQuestion } from '@lokaler/domain/personal-data-in-text';

const choices = [
  { key: 'OPPTATT', title: 'Lokalet er opptatt', text: 'Lokalet er dessverre allerede booket på tidspunktet du søkte om.' },
  { key: 'FORMAL', title: 'Aktiviteten passer ikke', text: 'Aktiviteten passer ikke i dette lokalet.' },
];

function stubBooking(overrides: Record<string, unknown> = {}) {
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
    'GET /api/booking/5': buildAdminBooking(),
    '/api/booking-log/5/changes': [
      {
        id: 1,
        type: 'ReservationAddition',
        label: 'Lagt til',
        loggedUtc: '2026-03-02T09:30:00.000Z',
        reservationTimes: [{ assetDescription: 'Gymsal', times: ['17.03.2026 18:00–20:00'] }],
        newReservationTimes: null,
        user: 'Ola Nordmann',
        comment: null,
      },
    ],
    '/api/booking-log/5/email-reminders': [
      {
        id: 3,
        kind: 'BookingReceived',
        subject: 'Vi har mottatt søknaden din',
        recipient: 'ola.nordmann@example.no',
        createdTimeUtc: '2026-03-02T09:31:00.000Z',
        sentTimeUtc: '2026-03-02T09:31:05.000Z',
        status: 'SENT',
      },
    ],
    'GET /api/booking/5/comment': { comment: '' },
    'PUT /api/booking/5/comment': ({ body }: { body: { comment: string } }) => body,
    '/api/rejection-choices': choices,
    'PUT /api/booking/5/reject': { bookingId: 5, status: 'REJECTED', contractRequired: false, vedtakStored: false, contractStored: false },
    ...overrides,
  });
}

// The whole app renders per test; on a busy machine the default 1 s for findBy/waitFor is too tight.
configure({ asyncUtilTimeout: 5000 });

setUpAdminTests({ scrollTo: 'stub' });

describe('booking in the admin view', () => {
  it('offers the vedtak and the contract the applicant has as PDF downloads (decision 055), and none without them', async () => {
    stubBooking({ 'GET /api/booking/5': buildAdminBooking({ vedtakExists: true, contractExists: true }) });
    const { unmount } = renderAdmin('/admin/soknader/5', { user: siri });
    expect(await screen.findByRole('link', { name: 'Last ned vedtaket som PDF' })).toHaveAttribute('href', '/api/vedtak/5/pdf');
    expect(screen.getByRole('link', { name: 'Last ned kontrakten som PDF' })).toHaveAttribute('href', '/api/contract/5/pdf');
    unmount();

    stubBooking();
    renderAdmin('/admin/soknader/5', { user: siri });
    await screen.findByText('Krav, dokumenter og meldinger');
    expect(screen.queryByRole('link', { name: /som PDF/ })).not.toBeInTheDocument();
  });

  it('shows the applicant, the form answers, the times merged, the change log and the e-mails sent', async () => {
    stubBooking();
    renderAdmin('/admin/soknader/5', { user: siri });
    expect(await screen.findByRole('heading', { level: 1, name: 'Søknad LOK-2026-00005' })).toBeInTheDocument();
    expect(screen.getByText('Ola Nordmann')).toBeInTheDocument();
    expect(screen.getByText('Bordtennistrening')).toBeInTheDocument();
    expect(screen.getByText('92 34 56 78')).toBeInTheDocument();
    // 18:00–19:00 and 19:00–20:00 are one interval (spec 02 §9).
    const times = screen.getByRole('table', { name: 'Tider i Gymsal' });
    expect(within(times).getAllByRole('row')).toHaveLength(2);
    expect(within(times).getByText('18:00–20:00')).toBeInTheDocument();
    expect(await screen.findByText('Gymsal: 17.03.2026 18:00–20:00')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Vi har mottatt søknaden din' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Godkjenn søknaden' })).toHaveAttribute('href', '/admin/soknader/5/godkjenn');
  });

  it("shows which dates of the series the applicant sent without: 'Søkt uten 2 datoer' (decision 027), and nothing when none were", async () => {
    const omitted = ['2026-12-24', '2026-12-31'].map((date) => ({
      bookableAssetId: 4,
      roomName: 'Gymsal',
      date,
      startTime: '18:00:00',
      endTime: '19:00:00',
    }));
    stubBooking({ 'GET /api/booking/5': buildAdminBooking({ omittedTimes: omitted }) });
    const { unmount } = renderAdmin('/admin/soknader/5', { user: siri });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Søkt uten 2 datoer' });
    const section = heading.closest('section')!;
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gymsal: torsdag 24.12.2026 kl. 18:00–19:00', 'Gymsal: torsdag 31.12.2026 kl. 18:00–19:00']);
    unmount();
    resetApiClient();
    stubBooking();
    renderAdmin('/admin/soknader/5', { user: siri });
    expect(await screen.findByRole('heading', { level: 1, name: 'Søknad LOK-2026-00005' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Søkt uten/ })).toBeNull();
  });

  it('sends an application in an open semester round to the round instead of offering single decisions (decision 030)', async () => {
    stubBooking({
      'GET /api/booking/5': buildAdminBooking({ round: { id: 3, name: 'Høst skoler', deadline: '2027-06-01', status: 'OPEN' } }),
    });
    const { unmount } = renderAdmin('/admin/soknader/5', { user: siri });
    expect(
      await screen.findByText('Søknaden er med i søknadsrunden «Høst skoler» (søknadsfrist 01.06.2027) og avgjøres når runden lukkes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå til søknadsrunden' })).toHaveAttribute('href', '/admin/soknadsrunder/3');
    expect(screen.queryByRole('link', { name: 'Godkjenn søknaden' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Avslå søknaden' })).toBeNull();
    unmount();
    resetApiClient();
    // Once the round is closed, the application is handled as any other.
    stubBooking({
      'GET /api/booking/5': buildAdminBooking({ round: { id: 3, name: 'Høst skoler', deadline: '2027-06-01', status: 'CLOSED' } }),
    });
    renderAdmin('/admin/soknader/5', { user: siri });
    expect(await screen.findByRole('link', { name: 'Godkjenn søknaden' })).toBeInTheDocument();
    expect(screen.queryByText(/avgjøres når runden lukkes/)).toBeNull();
  });

  it('shows a time ending at midnight as 00:00, in the active times and among the changed ones', async () => {
    const late = {
      bookableAssetId: 4,
      bookableAssetName: 'Aula',
      bookableAssetNumber: 'A1',
      displayName: 'Aula (A1)',
      date: '2026-03-20',
      startTime: '22:00:00',
      endTime: '00:00:00',
      duration: 'PT2H',
      initialRepetitionDate: null,
    };
    stubBooking({
      'GET /api/booking/5': buildAdminBooking({
        reservations: [
          { ...late, reservationId: 61, status: 'APPROVED' },
          { ...late, reservationId: 60, date: '2026-03-19', startTime: '21:00:00', duration: 'PT3H', status: 'REPLACED' },
        ],
      }),
    });
    renderAdmin('/admin/soknader/5', { user: siri });
    const active = await screen.findByRole('table', { name: 'Tider i Aula (A1)' });
    expect(within(active).getByText('22:00–00:00')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Endrede og slettede tider i Aula (A1)' })).getByText('21:00–00:00'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/24:00/)).not.toBeInTheDocument();
  });

  it('saves the internal comment (with the personal-data warning) and guards unsaved text', async () => {
    const user = userEvent.setup();
    const api = stubBooking();
    const { router } = renderAdmin('/admin/soknader/5', { user: siri });
    const note = await screen.findByRole('textbox', { name: 'Internnotat' });
    expect(screen.getByText(/Ikke skriv personopplysninger i internnotatet\./)).toBeInTheDocument();
    await user.type(note, 'Nøkkel hentes hos vaktmester');

    await user.click(screen.getByRole('link', { name: 'Søknader for Bjølsen skole' }));
    const guard = await screen.findByRole('dialog');
    expect(guard).toHaveTextContent('Du bør lagre endringer før du går ut');
    await user.click(within(guard).getByRole('button', { name: 'Bli på siden' }));
    expect(router.state.location.pathname).toBe('/admin/soknader/5');

    await user.click(screen.getByRole('button', { name: 'Lagre notat' }));
    expect(await screen.findByText('Endringene ble lagret')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/5/comment')[0]?.body).toEqual({ comment: 'Nøkkel hentes hos vaktmester' });
  });

  it('asks before saving an internal note with a valid fødselsnummer or a phone number; "Rett notatet" sends nothing', async () => {
    const user = userEvent.setup();
    const api = stubBooking();
    renderAdmin('/admin/soknader/5', { user: siri });
    const note = await screen.findByRole('textbox', { name: 'Internnotat' });
    await user.type(note, 'Ring 412 34 567, fnr 15057523414');
    await user.click(screen.getByRole('button', { name: 'Lagre notat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Personopplysninger i notatet?' });
    expect(dialog).toHaveTextContent(personalDataQuestion(['FODSELSNUMMER', 'PHONE']));
    expect(await axeViolations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Rett notatet' }));
    expect(api.callsTo('PUT', '/api/booking/5/comment')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Lagre notat' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Personopplysninger i notatet?' })).getByRole('button', { name: 'Lagre likevel' }),
    );
    expect(await screen.findByText('Endringene ble lagret')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/5/comment')).toEqual([
      expect.objectContaining({ body: { comment: 'Ring 412 34 567, fnr 15057523414', confirmPersonalData: true } }),
    ]);
  });

  it('saves a note with eleven digits that are no fødselsnummer without asking', async () => {
    const user = userEvent.setup();
    const api = stubBooking();
    renderAdmin('/admin/soknader/5', { user: siri });
    await user.type(await screen.findByRole('textbox', { name: 'Internnotat' }), 'Faktura 15057523415');
    await user.click(screen.getByRole('button', { name: 'Lagre notat' }));
    expect(await screen.findByText('Endringene ble lagret')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('PUT', '/api/booking/5/comment')[0]?.body).toEqual({ comment: 'Faktura 15057523415' });
  });

  it('rejects with a prepared reason, and sends a changed text with it', async () => {
    const user = userEvent.setup();
    const api = stubBooking();
    renderAdmin('/admin/soknader/5', { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Avslå søknaden' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Avslå søknaden' }));
    expect(within(dialog).getByText('Velg en begrunnelse eller skriv en selv')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/5/reject')).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Lokalet er opptatt' }));
    const text = within(dialog).getByRole('textbox', { name: 'Tekst til søkeren' });
    expect(text).toHaveValue(choices[0]!.text);
    await user.type(text, ' Prøv gjerne en annen dag.');
    await user.click(within(dialog).getByRole('button', { name: 'Avslå søknaden' }));
    expect(await screen.findByText('Søknaden er avslått')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/5/reject')[0]?.body).toEqual({
      rejectionChoiceKey: 'OPPTATT',
      rejectionText: `${choices[0]!.text} Prøv gjerne en annen dag.`,
    });
  });

  it('rejecting an approved booking says so, asks for a reason and withdraws the approval knowingly', async () => {
    const user = userEvent.setup();
    const api = stubBooking({ 'GET /api/booking/5': buildAdminBooking({ status: 'APPROVED' }) });
    renderAdmin('/admin/soknader/5', { user: siri });
    await user.click(await screen.findByRole('button', { name: withdrawTexts.button }));
    const dialog = await screen.findByRole('dialog', { name: withdrawTexts.title });
    expect(within(dialog).getByText(withdrawTexts.warning)).toBeInTheDocument();
    expect(await axeViolations(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: withdrawTexts.confirm }));
    expect(within(dialog).getByText('Velg en begrunnelse eller skriv en selv')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/5/reject')).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Skriv en egen begrunnelse' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tekst til søkeren' }), 'Vannlekkasje i gymsalen.');
    await user.click(within(dialog).getByRole('button', { name: withdrawTexts.confirm }));
    expect(await screen.findByText(withdrawTexts.done)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/5/reject')[0]?.body).toEqual({
      rejectionText: 'Vannlekkasje i gymsalen.',
      withdrawApproved: true,
    });
  });

  it('rejects with a written reason only', async () => {
    const user = userEvent.setup();
    const api = stubBooking();
    renderAdmin('/admin/soknader/5', { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Avslå søknaden' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Skriv en egen begrunnelse' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tekst til søkeren' }), 'Gymsalen pusses opp i mars.');
    await user.click(within(dialog).getByRole('button', { name: 'Avslå søknaden' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/booking/5/reject')[0]?.body).toEqual({ rejectionText: 'Gymsalen pusses opp i mars.' }),
    );
  });

  it('checks a changed time before sending (the error summary, then the field), then sends a double-clicked change once', async () => {
    const user = userEvent.setup();
    const single = buildAdminBooking({ reservations: [buildAdminBooking().reservations[0]!] });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = stubBooking({
      'GET /api/booking/5': single,
      'PUT /api/reservation/51': async () => {
        await gate;
        return { bookingId: 5, reservations: single.reservations };
      },
    });
    renderAdmin('/admin/soknader/5', { user: siri });
    await user.click(await screen.findByRole('button', { name: /Endre tid/ }));
    const dialog = await screen.findByRole('dialog');
    const start = within(dialog).getByLabelText('Ny starttid');
    await user.clear(start);
    await user.type(start, '18:10');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre endringen' }));
    // The error summary takes the focus; its link moves it to the field (decision 020).
    const link = await within(dialog).findByRole('link', { name: 'Velg et starttidspunkt på hele kvarter (for eksempel 18:15)' });
    expect(
      within(dialog).getByRole('heading', { name: 'For å endre tiden må du rette opp følgende feil:' }).closest('[tabindex]'),
    ).toHaveFocus();
    await user.click(link);
    expect(start).toHaveFocus();
    expect(start).toHaveAccessibleDescription('Velg et starttidspunkt på hele kvarter (for eksempel 18:15)');
    expect(api.callsTo('PUT', '/api/reservation/51')).toHaveLength(0);

    await user.clear(start);
    await user.type(start, '18:15');
    await user.type(within(dialog).getByRole('textbox', { name: 'Kommentar til søkeren' }), '  Flyttet et kvarter  ');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Lagre endringen' }));
    release();
    expect(await screen.findByText('Endringene ble lagret')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/reservation/51')).toHaveLength(1);
    expect(api.callsTo('PUT', '/api/reservation/51')[0]?.body).toEqual({
      updateReservations: [{ newDate: single.reservations[0]!.date, newStartTime: '18:15:00', newDuration: 'PT1H' }],
      comment: 'Flyttet et kvarter',
    });
  });

  it("says 'Ups, finner ikke reservasjonen' when the time to change is gone (404), and shows the booking as it is now", async () => {
    const user = userEvent.setup();
    const single = buildAdminBooking({ reservations: [buildAdminBooking().reservations[0]!] });
    const api = stubBooking({
      'GET /api/booking/5': single,
      'PUT /api/reservation/51': jsonResponse(404, {
        msg: 'Reservation 51 not found',
        userMsg: 'Beklager, men denne siden finnes ikke',
        code: 'NOT_FOUND',
      }),
    });
    renderAdmin('/admin/soknader/5', { user: siri });
    await user.click(await screen.findByRole('button', { name: /Endre tid/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre endringen' }));
    expect(await screen.findByText('Ups, finner ikke reservasjonen. Den kan være endret eller slettet av en annen.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Beklager, men denne siden finnes ikke')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/booking/5').length).toBeGreaterThan(1));
  });

  it("offers no 'Slett' on a booking's last time, and says why", async () => {
    const single = buildAdminBooking({ reservations: [buildAdminBooking().reservations[0]!] });
    stubBooking({ 'GET /api/booking/5': single });
    renderAdmin('/admin/soknader/5', { user: siri });
    expect(await screen.findByRole('button', { name: /Endre tid/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Slett tid/ })).not.toBeInTheDocument();
    expect(screen.getByText('Du kan ikke slette alle tidene i søknaden. Avslå hele søknaden i stedet.')).toBeInTheDocument();
  });

  it("says 'Ups, finner ikke tidene …' when the times to delete are gone (404)", async () => {
    const user = userEvent.setup();
    const [first] = buildAdminBooking().reservations;
    const twoDays = buildAdminBooking({ reservations: [first!, { ...first!, reservationId: 52, date: '2026-03-24' }] });
    stubBooking({
      'GET /api/booking/5': twoDays,
      'DELETE /api/reservation': jsonResponse(404, {
        msg: 'Reservation 51 not found',
        userMsg: 'Beklager, men denne siden finnes ikke',
        code: 'NOT_FOUND',
      }),
    });
    renderAdmin('/admin/soknader/5', { user: siri });
    expect(screen.queryByText('Du kan ikke slette alle tidene i søknaden. Avslå hele søknaden i stedet.')).not.toBeInTheDocument();
    await user.click((await screen.findAllByRole('button', { name: /Slett tid/ }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Slett tiden' }));
    expect(
      await screen.findByText('Ups, finner ikke tidene du ville endre. De kan være endret eller slettet av en annen.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the taken times when a changed time conflicts (409)', async () => {
    const user = userEvent.setup();
    const single = buildAdminBooking({ reservations: [buildAdminBooking().reservations[0]!] });
    const api = stubBooking({
      'GET /api/booking/5': single,
      'PUT /api/reservation/51': jsonResponse(409, {
        msg: 'overlap',
        code: 'BOOKING_CONFLICT',
        userMsg: 'Tidspunktet er ikke lenger ledig.',
        conflicts: [{ bookableAssetId: 3, date: '2026-03-18', startTime: '18:00:00', endTime: '19:00:00' }],
      }),
    });
    renderAdmin('/admin/soknader/5', { user: siri });
    await user.click(await screen.findByRole('button', { name: /Endre tid/ }));
    const dialog = await screen.findByRole('dialog');
    const date = within(dialog).getByLabelText('Ny dato');
    await user.clear(date);
    await user.type(date, '2026-03-18');
    await user.type(within(dialog).getByRole('textbox', { name: 'Kommentar til søkeren' }), 'Flyttet en dag');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre endringen' }));
    expect(await within(dialog).findByText('Tidspunktet er ikke lenger ledig.')).toBeInTheDocument();
    expect(within(dialog).getByText('Gymsal 18.03.2026 kl. 18:00–19:00')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/reservation/51')[0]?.body).toEqual({
      updateReservations: [{ newDate: '2026-03-18', newStartTime: '18:00:00', newDuration: 'PT1H' }],
      comment: 'Flyttet en dag',
    });
  });
});
