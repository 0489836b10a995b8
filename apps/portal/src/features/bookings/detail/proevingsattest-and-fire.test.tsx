import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  noCertificateOnFileMessage,
  onlyPdfMessage,
  tooLargeMessage,
  uploadFailedMessage,
  uploadSucceededMessage,
} from '@lokaler/domain/wedding-certificate';
import { pdfRefusalMessages } from '@lokaler/domain/pdf-upload';
import { kari, renderPortal } from '../../../testing/render-portal';
import { buildReservation, buildUserBooking } from '../testing/booking-factories';
import { callsOf, json, setUpPortalTests, stubBooking } from '../testing/setup';

setUpPortalTests();

const emptyForm = { bookingId: 42, proevingsattestFile: null, proevingsattestFileAddedTimeUtc: null };
const wedding = () => buildUserBooking({ sourceForm: 'wedding', location: { ...buildUserBooking().location, name: 'Oslo rådhus' } });

const pdfFile = (size?: number) => {
  const file = new File(['%PDF-1.4\n%%EOF\n'], 'attest.pdf', { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Last opp prøvingsattest (PDF)'), { target: { files: [file] } });

describe('the prøvingsattest section', () => {
  it('is on a wedding booking only, with the rules and the file already sent', async () => {
    stubBooking(wedding(), {
      '/api/user/form/wedding/42': {
        ...emptyForm,
        proevingsattestFile: { filename: 'min-attest.pdf', contentType: 'application/pdf', size: 1000 },
        proevingsattestFileAddedTimeUtc: '2030-02-03T20:14:00Z',
      },
    });
    renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByRole('heading', { level: 2, name: 'Prøvingsattest' })).toBeInTheDocument();
    expect(screen.getByText(/gyldig i 4 måneder og tar 5–6 uker å få\. Den må sendes inn senest 4 uker før vielsen/)).toBeInTheDocument();
    expect(await screen.findByText('Lastet opp: min-attest.pdf (03.02.2030 21:14)')).toBeInTheDocument();
    expect(screen.getByLabelText('Last opp ny prøvingsattest (PDF)')).toHaveAttribute('accept', '.pdf,application/pdf');
  });

  it('is not on another booking, which never asks for the wedding form', async () => {
    const fetchMock = stubBooking();
    renderPortal('/bookinger/42', { user: kari });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Prøvingsattest' })).not.toBeInTheDocument();
    expect(callsOf(fetchMock).some((c) => c.includes('/form/wedding'))).toBe(false);
  });

  it('refuses a non-PDF and a file over 10 MB without sending anything', async () => {
    const fetchMock = stubBooking(wedding(), { '/api/user/form/wedding/42': emptyForm });
    renderPortal('/bookinger/42', { user: kari });
    await screen.findByRole('heading', { name: 'Prøvingsattest' });
    choose(new File(['hei'], 'bilde.png', { type: 'image/png' }));
    expect(await screen.findByText(onlyPdfMessage)).toBeInTheDocument();
    choose(pdfFile(10_485_761));
    expect(await screen.findByText(tooLargeMessage)).toBeInTheDocument();
    expect(callsOf(fetchMock).some((c) => c.startsWith('PUT'))).toBe(false);
  });

  it('uploads a PDF as base64, shows it and says so', async () => {
    const uploaded = {
      ...emptyForm,
      proevingsattestFile: { filename: 'attest.pdf', contentType: 'application/pdf', size: 15 },
      proevingsattestFileAddedTimeUtc: '2030-02-03T20:14:00Z',
    };
    let sent: unknown;
    stubBooking(wedding(), {
      '/api/user/form/wedding/42': emptyForm,
      '/api/user/form/wedding/42/proevingsattest': ({ init }: { init: RequestInit }) => {
        sent = JSON.parse(String(init.body));
        return json(uploaded);
      },
    });
    renderPortal('/bookinger/42', { user: kari });
    await screen.findByRole('heading', { name: 'Prøvingsattest' });
    choose(pdfFile());
    expect(await screen.findByText(uploadSucceededMessage)).toBeInTheDocument();
    expect(screen.getByText('Lastet opp: attest.pdf (03.02.2030 21:14)')).toBeInTheDocument();
    expect(sent).toEqual({
      proevingsattestFile: { bytes: btoa('%PDF-1.4\n%%EOF\n'), contentType: 'application/pdf', filename: 'attest.pdf', size: 15 },
    });
  });

  it("downloads the stored file with the citizen's token under its stored name", async () => {
    const user = userEvent.setup();
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x00, 0xff]);
    const sent: (string | null)[] = [];
    const fetchMock = stubBooking(wedding(), {
      '/api/user/form/wedding/42': {
        ...emptyForm,
        proevingsattestFile: { filename: 'min-attest.pdf', contentType: 'application/pdf', size: bytes.length },
        proevingsattestFileAddedTimeUtc: '2030-02-03T20:14:00Z',
      },
      '/api/user/form/wedding/42/proevingsattest': ({ init }: { init: RequestInit }) => {
        sent.push(new Headers(init.headers).get('Authorization'));
        return new Response(bytes, {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="pr_vingsattest.pdf"; filename*=UTF-8''${encodeURIComponent('prøvingsattest.pdf')}`,
          },
        });
      },
    });
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:attest'), revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    try {
      renderPortal('/bookinger/42', { user: kari });
      const link = await screen.findByRole('link', { name: 'Last ned prøvingsattest' });
      expect(link).toHaveAttribute('href', '/api/user/form/wedding/42/proevingsattest');
      await user.click(link);
      await waitFor(() => expect(clicked).toEqual([{ href: 'blob:attest', download: 'prøvingsattest.pdf' }]));
      expect(callsOf(fetchMock).filter((c) => c === 'GET /api/user/form/wedding/42/proevingsattest')).toHaveLength(1);
      expect(sent).toEqual([expect.stringMatching(/^Bearer .+/)]);
      expect(Array.from(new Uint8Array(await created[0]!.arrayBuffer()))).toEqual(Array.from(bytes));
    } finally {
      click.mockRestore();
    }
  });

  it('offers no download before a file is sent, and says why a download failed', async () => {
    const user = userEvent.setup();
    stubBooking(wedding(), { '/api/user/form/wedding/42': emptyForm });
    const { unmount } = renderPortal('/bookinger/42', { user: kari });
    await screen.findByLabelText('Last opp prøvingsattest (PDF)');
    expect(screen.queryByRole('link', { name: 'Last ned prøvingsattest' })).not.toBeInTheDocument();
    unmount();

    stubBooking(wedding(), {
      '/api/user/form/wedding/42': {
        ...emptyForm,
        proevingsattestFile: { filename: 'min-attest.pdf', contentType: 'application/pdf', size: 10 },
        proevingsattestFileAddedTimeUtc: '2030-02-03T20:14:00Z',
      },
      '/api/user/form/wedding/42/proevingsattest': () => json({ msg: 'none', userMsg: noCertificateOnFileMessage, code: 'NOT_FOUND' }, 404),
    });
    renderPortal('/bookinger/42', { user: kari });
    await user.click(await screen.findByRole('link', { name: 'Last ned prøvingsattest' }));
    expect(await screen.findByText(noCertificateOnFileMessage)).toBeInTheDocument();
  });

  it("keeps the server's reason for refusing the file at the field, besides the failure toast", async () => {
    stubBooking(wedding(), {
      '/api/user/form/wedding/42': emptyForm,
      '/api/user/form/wedding/42/proevingsattest': () =>
        json({ msg: 'PDF refused: javascript', userMsg: pdfRefusalMessages.javascript, code: 'BAD_REQUEST' }, 400),
    });
    renderPortal('/bookinger/42', { user: kari });
    await screen.findByRole('heading', { name: 'Prøvingsattest' });
    choose(pdfFile());
    expect(await screen.findByText(uploadFailedMessage)).toBeInTheDocument();
    expect(await screen.findByText(pdfRefusalMessages.javascript)).toBeInTheDocument();
    expect(screen.getByLabelText('Last opp prøvingsattest (PDF)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Last opp prøvingsattest (PDF)')).toHaveAccessibleDescription(pdfRefusalMessages.javascript);
  });

  it('says when the upload failed', async () => {
    stubBooking(wedding(), {
      '/api/user/form/wedding/42': emptyForm,
      '/api/user/form/wedding/42/proevingsattest': () =>
        json({ msg: 'Kun PDF-filer er tillatt', userMsg: onlyPdfMessage, code: 'BAD_REQUEST' }, 400),
    });
    renderPortal('/bookinger/42', { user: kari });
    await screen.findByRole('heading', { name: 'Prøvingsattest' });
    choose(pdfFile());
    expect(await screen.findByText(uploadFailedMessage)).toBeInTheDocument();
    expect(screen.queryByText(/Lastet opp:/)).not.toBeInTheDocument();
  });
});

describe('the fire-procedure block', () => {
  it('links one of the ten schools to the form with the property code, the period and the rooms', async () => {
    stubBooking(
      buildUserBooking({
        locationId: 16,
        reservations: [
          buildReservation({ date: '2030-03-19', displayName: 'Gymsal' }),
          buildReservation({ date: '2030-03-12', displayName: 'Aula' }),
          buildReservation({ date: '2030-03-26', displayName: 'Gymsal', status: 'CANCELLED' }),
        ],
      }),
    );
    renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByRole('heading', { level: 2, name: 'Brannvernrutiner' })).toBeInTheDocument();
    const href = new URL(screen.getByRole('link', { name: /Gå til skjema for brannvernrutiner/ }).getAttribute('href')!);
    expect(href.searchParams.get('eiendom')).toBe('UDE-0401');
    expect([href.searchParams.get('fra'), href.searchParams.get('til'), href.searchParams.get('dato')]).toEqual([
      '2030-03-12',
      '2030-03-19',
      null,
    ]);
    expect(href.searchParams.getAll('rom')).toEqual(['Gymsal', 'Aula']);
  });

  it('passes a single date as dato', async () => {
    stubBooking(buildUserBooking({ locationId: 2, reservations: [buildReservation({ date: '2030-03-12', displayName: 'Gymsal' })] }));
    renderPortal('/bookinger/42', { user: kari });
    const link = await screen.findByRole('link', { name: /Gå til skjema for brannvernrutiner/ });
    const href = new URL(link.getAttribute('href')!);
    expect(href.searchParams.get('dato')).toBe('2030-03-12');
    expect(href.searchParams.get('fra')).toBeNull();
  });

  it('is not shown for any other location, nor for a rejected booking', async () => {
    stubBooking(buildUserBooking({ locationId: 7 }));
    const { unmount } = renderPortal('/bookinger/42', { user: kari });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Rom og tider' })).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Brannvernrutiner' })).not.toBeInTheDocument();
    unmount();
    stubBooking(buildUserBooking({ locationId: 16, status: 'REJECTED' }));
    renderPortal('/bookinger/42', { user: kari });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Brannvernrutiner' })).not.toBeInTheDocument();
  });
});
