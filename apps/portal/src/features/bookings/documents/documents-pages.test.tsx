import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kari, renderPortal, stubApi } from '../../../testing/render-portal';
import { buildUserBooking } from '../testing/booking-factories';
import { json, kariRoles, resetBrowserState } from '../testing/setup';

beforeEach(resetBrowserState);
afterEach(() => vi.unstubAllGlobals());

function stubDocuments(extra: Record<string, unknown>) {
  return stubApi({ '/api/currentuser/roles': kariRoles, '/api/user/booking/42': buildUserBooking({ vedtakExists: true }), ...extra });
}

describe('decision and change note', () => {
  it('shows the vedtak sanitised, under one h1', async () => {
    stubDocuments({ '/api/user/vedtak/42': { vedtakHtml: '<h1>Vedtak</h1><p>Søknaden er innvilget.</p><script>alert(1)</script>' } });
    renderPortal('/bookinger/42/vedtak', { user: kari });
    const region = await screen.findByRole('region', { name: 'Vedtaket' });
    expect(region.innerHTML).toBe('<h2>Vedtak</h2><p>Søknaden er innvilget.</p>');
    expect(screen.getByRole('heading', { level: 1, name: 'Vedtak for bookingen hos Sagene samfunnshus' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbake til bookingen' })).toHaveAttribute('href', '/bookinger/42');
  });

  it("downloads the vedtak as PDF with the citizen's token, under the server's name (decision 055)", async () => {
    const user = userEvent.setup();
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const sent: (string | null)[] = [];
    stubDocuments({
      '/api/user/vedtak/42': { vedtakHtml: '<h1>Vedtak</h1>' },
      '/api/user/vedtak/42/pdf': ({ init }: { init: RequestInit }) => {
        sent.push(new Headers(init.headers).get('Authorization'));
        return new Response(bytes, {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="vedtak-LOK-2030-00042.pdf"' },
        });
      },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:vedtak', revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    try {
      renderPortal('/bookinger/42/vedtak', { user: kari });
      const link = await screen.findByRole('link', { name: 'Last ned vedtaket som PDF' });
      expect(link).toHaveAttribute('href', '/api/user/vedtak/42/pdf');
      await user.click(link);
      await waitFor(() => expect(clicked).toEqual([{ href: 'blob:vedtak', download: 'vedtak-LOK-2030-00042.pdf' }]));
      expect(sent).toEqual([expect.stringMatching(/^Bearer .+/)]);
    } finally {
      click.mockRestore();
    }
  });

  it('says so when there is no vedtak yet', async () => {
    stubDocuments({ '/api/user/vedtak/42': () => json({ msg: 'none', code: 'NOT_FOUND' }, 404) });
    renderPortal('/bookinger/42/vedtak', { user: kari });
    expect(await screen.findByText('Det finnes ikke noe vedtak for denne bookingen ennå.')).toBeInTheDocument();
  });

  it('shows the retroactive-booking note as the change note, or that there is none', async () => {
    stubDocuments({ '/api/user/retroactive-contract/42': { text: 'Bookingen ble registrert i etterkant.\nGjelder 12.03.2030.' } });
    renderPortal('/bookinger/42/endringsnotat', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Endringsnotat' })).toBeInTheDocument();
    expect(await screen.findByText(/Bookingen ble registrert i etterkant/)).toBeInTheDocument();
  });

  it('has no note to show when the text is empty', async () => {
    stubDocuments({ '/api/user/retroactive-contract/42': { text: '' } });
    renderPortal('/bookinger/42/endringsnotat', { user: kari });
    expect(await screen.findByText('Det finnes ikke noe endringsnotat for denne bookingen.')).toBeInTheDocument();
  });

  it.each([
    ['/kontrakt/42', '/bookinger/42/kontrakt'],
    ['/vedtak/42', '/bookinger/42/vedtak'],
  ])('redirects the deprecated %s to %s', async (from, to) => {
    stubDocuments({
      '/api/user/contract/42': () => json({ msg: 'none', code: 'NOT_FOUND' }, 404),
      '/api/user/vedtak/42': { vedtakHtml: '' },
    });
    const { router } = renderPortal(from, { user: kari });
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it("treats a booking id that is not a number as 'Fant ikke bookingen'", async () => {
    stubDocuments({});
    renderPortal('/bookinger/abc/vedtak', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke bookingen' })).toBeInTheDocument();
  });
});
