import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { weddingRejectionChoices } from '@lokaler/domain/admin-rejection';
import { buildAdminWedding } from '../../testing/admin-booking';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { stubApi } from '../../testing/stub-api';

const pdfBytes = new TextEncoder().encode('%PDF-1.4 test');

function stubWedding(overrides: Record<string, unknown> = {}) {
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 8, name: 'Oslo rådhus' }],
    'GET /api/booking/9': buildAdminWedding(),
    '/api/booking-log/9/changes': [
      {
        id: 1,
        type: 'Comment',
        label: 'Opprettet',
        loggedUtc: '2026-03-02T09:30:00.000Z',
        reservationTimes: null,
        newReservationTimes: null,
        user: 'Kari Nordmann',
        comment: null,
      },
      {
        id: 2,
        type: 'WeddingCertificateReminderSent',
        label: 'Sendt',
        loggedUtc: '2026-05-08T06:00:00.000Z',
        reservationTimes: null,
        newReservationTimes: null,
        user: 'System',
        comment: null,
      },
    ],
    '/api/booking-log/9/email-reminders': [
      {
        id: 4,
        kind: 'wedding-certificate-reminder',
        subject: 'Husk prøvingsattesten',
        recipient: 'kari@example.no',
        createdTimeUtc: '2026-05-08T06:00:00.000Z',
        sentTimeUtc: '2026-05-08T06:00:03.000Z',
        status: 'SENT',
      },
    ],
    'GET /api/booking/9/comment': { comment: '' },
    '/api/rejection-choices/wedding': weddingRejectionChoices,
    '/api/rejection-choices': [{ key: 'OPPTATT', title: 'Lokalet er opptatt', text: 'Opptatt.' }],
    'PUT /api/booking/9/reject': { bookingId: 9, status: 'REJECTED', contractRequired: false, vedtakStored: true, contractStored: false },
    'GET /api/admin/booking/9/proevingsattest': () =>
      new Response(pdfBytes, {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="pr_vingsattest.pdf"; filename*=UTF-8''${encodeURIComponent('prøvingsattest.pdf')}`,
        },
      }),
    ...overrides,
  });
}

configure({ asyncUtilTimeout: 5000 });

setUpAdminTests({ scrollTo: 'stub' });

describe('a wedding in the admin view (the wedding office)', () => {
  it("shows the couple's whole form, the ceremony date and the cancellation deadline in days before it", async () => {
    stubWedding();
    renderAdmin('/admin/soknader/9', { user: siri });
    const section = await screen.findByRole('region', { name: 'Vielse' });
    const fact = (term: string) => within(section).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact('Vielsesdato')).toHaveTextContent('05.06.2026');
    expect(fact('Avbestillingsfrist')).toHaveTextContent('Avbestillingsfrist: 28 dager før vielsen');
    expect(fact('Kommende ektefelle')).toHaveTextContent('Ola Nordmann');
    expect(fact('Ektefellens e-post')).toHaveTextContent('ola@example.no');
    expect(fact('Adresse')).toHaveTextContent('Storgata 1, 0155 Oslo');
    expect(fact('Tolk')).toHaveTextContent('Ja, somali');
    expect(fact('Kontaktspråk')).toHaveTextContent('engelsk');
    expect(fact('Kulturelt innslag')).toHaveTextContent('Ja');
    expect(fact('Beskrivelse av innslaget')).toHaveTextContent('Et dikt av Ingrid Bjørnov');
    expect(fact('Tilrettelegging')).toHaveTextContent('Nei');
    expect(fact('Annen informasjon')).toHaveTextContent('Vi kommer med to vitner.');
    expect(fact('Fødselsnummer')).toHaveTextContent('Oppgitt (vises ikke)');
    // Not yet approved: no info letter due.
    expect(within(section).queryByText(/Infobrev sendes innen/)).not.toBeInTheDocument();
  });

  it('says the form is not sent while the time is only held', async () => {
    stubWedding({
      'GET /api/booking/9': buildAdminWedding({
        wedding: {
          ...buildAdminWedding().wedding!,
          answers: null,
          submittedAtUtc: null,
          proevingsattestFile: null,
          proevingsattestFileAddedTimeUtc: null,
        },
      }),
    });
    renderAdmin('/admin/soknader/9', { user: siri });
    const section = await screen.findByRole('region', { name: 'Vielse' });
    expect(within(section).getByText('Paret har ikke sendt skjemaet ennå. Tiden holdes mens de fyller det ut.')).toBeInTheDocument();
    expect(within(section).getByText('Prøvingsattest er ikke lastet opp ennå.')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Last ned prøvingsattest' })).not.toBeInTheDocument();
  });

  it("links to the certificate and downloads it with the administrator's token under its stored name", async () => {
    const user = userEvent.setup();
    const api = stubWedding();
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:attest'), revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderAdmin('/admin/soknader/9', { user: siri });
    const link = await screen.findByRole('link', { name: 'Last ned prøvingsattest' });
    expect(link).toHaveAttribute('href', '/api/admin/booking/9/proevingsattest');
    expect(screen.getByText(/provingsattest\.pdf, 82 kB/)).toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:attest', download: 'prøvingsattest.pdf' }]));
    expect(api.callsTo('GET', '/api/admin/booking/9/proevingsattest')).toHaveLength(1);
    expect(Array.from(new Uint8Array(await created[0]!.arrayBuffer()))).toEqual(Array.from(pdfBytes));
    click.mockRestore();
  });

  it('after approval shows the date the info letter must be sent by', async () => {
    const approved = buildAdminWedding({
      status: 'APPROVED',
      approval: {
        costCategory: 'FREE',
        marketPrice: null,
        costBasedPrices: null,
        calculatedPrice: null,
        retroactiveContract: false,
        hasTilsynsvakt: false,
        tilsynsvaktWeekdays: [],
        approvedBy: 'Vigdis Vielseskontoret',
        approvedTimeUtc: '2026-03-04T10:00:00.000Z',
      },
    });
    stubWedding({ 'GET /api/booking/9': { ...approved, wedding: { ...approved.wedding!, infoLetterDueDate: '2026-03-18' } } });
    renderAdmin('/admin/soknader/9', { user: siri });
    const section = await screen.findByRole('region', { name: 'Vielse' });
    expect(within(section).getByText('Infobrev sendes innen 18.03.2026')).toBeInTheDocument();
  });

  it('the wedding rejection modal lists the wedding choices; a choice fills the text, which can be edited and is sent', async () => {
    const user = userEvent.setup();
    const api = stubWedding();
    renderAdmin('/admin/soknader/9', { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Avslå søknaden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avslå søknaden om vielse' });
    const radios = await within(dialog).findAllByRole('radio');
    expect(radios).toHaveLength(weddingRejectionChoices.length + 1);
    for (const choice of weddingRejectionChoices) expect(within(dialog).getByRole('radio', { name: choice.title })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Skriv en egen begrunnelse' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: 'Lokalet er opptatt' })).not.toBeInTheDocument();

    const missing = weddingRejectionChoices[0]!;
    await user.click(within(dialog).getByRole('radio', { name: missing.title }));
    const text = within(dialog).getByRole('textbox', { name: 'Tekst til paret' });
    expect(text).toHaveValue(missing.text);
    const taken = weddingRejectionChoices[2]!;
    await user.click(within(dialog).getByRole('radio', { name: taken.title }));
    expect(text).toHaveValue(taken.text);
    await user.type(text, ' Ring oss gjerne.');
    await user.click(within(dialog).getByRole('button', { name: 'Avslå søknaden' }));
    expect(await screen.findByText('Søknaden er avslått')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/9/reject')[0]?.body).toEqual({
      rejectionChoiceKey: taken.key,
      rejectionText: `${taken.text} Ring oss gjerne.`,
    });
  });

  it("the change log shows the certificate reminder as 'Sendt', and the e-mail log shows it sent", async () => {
    stubWedding();
    renderAdmin('/admin/soknader/9', { user: siri });
    const log = await screen.findByRole('region', { name: 'Endringslogg' });
    expect(await within(log).findByText('Sendt')).toBeInTheDocument();
    expect(within(log).getByText(/påminnelse om prøvingsattest/)).toBeInTheDocument();
    const mails = screen.getByRole('region', { name: 'E-post til søkeren' });
    const row = (await within(mails).findByRole('cell', { name: 'Husk prøvingsattesten' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Sendt' })).toBeInTheDocument();
  });
});
