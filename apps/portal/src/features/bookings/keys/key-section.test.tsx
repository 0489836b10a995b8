import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OslonokkelenInfo, OslonokkelenRequestStatus } from '@lokaler/domain/oslonokkelen';
import { kari, renderPortal, stubApi } from '../../../testing/render-portal';
import { buildKeyInfo, buildUserBooking } from '../testing/booking-factories';
import { callsOf, json, kariRoles, resetBrowserState } from '../testing/setup';

beforeEach(resetBrowserState);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const permission = (id: number, phoneNumber: string, status: OslonokkelenRequestStatus) => ({
  id,
  bookingId: 42,
  phoneNumber,
  oslonokkelenRequestStatus: status,
});

function stubKeys(
  info: OslonokkelenInfo | (() => Response),
  extra: Record<string, unknown> = {},
  booking = buildUserBooking({ hasOslonokkelen: true }),
) {
  return stubApi({
    '/api/currentuser/roles': kariRoles,
    '/api/user/booking/42': booking,
    '/api/user/retroactive-contract/42': { text: '' },
    '/api/user/booking/42/infoforleietaker': { heading: '', description: '', links: [] },
    '/api/oslonokkelen/42/info': typeof info === 'function' ? info : () => json(info),
    ...extra,
  });
}

async function keyList() {
  return screen.findByRole('list', { name: 'Telefonnumre med digital nøkkel' });
}

describe('digital key section (spec 02 §4)', () => {
  it('shows each number in groups of two with the text and colour of its status, and never a DELETED one', async () => {
    stubKeys(
      buildKeyInfo({
        oslonokkelenStatus: 'NOT_REQUESTED',
        oslonokkelenPermissions: [
          permission(1, '41234567', 'ACCEPTED'),
          permission(2, '92345678', 'PUSHED_BUT_STATUS_UNKNOWN'),
          permission(3, '98765432', 'NO_PROFILE'),
          permission(4, '47474747', 'FAILED'),
          permission(5, '12345678', 'ILLEGAL_PHONE_NUMBER'),
          permission(6, '22334455', 'NOT_REQUESTED'),
          permission(7, '99887766', 'DELETED'),
        ],
      }),
    );
    renderPortal('/bookinger/42', { user: kari });
    const rows = within(await keyList()).getAllByRole('listitem');
    const shown = rows.map((row) => {
      const tag = row.querySelector('[data-color]')!;
      return [row.querySelector('.lk-key-list__number')!.textContent, tag.textContent, tag.getAttribute('data-color')];
    });
    expect(shown).toEqual([
      ['41 23 45 67', 'Tilgang sendt', 'success'],
      ['92 34 56 78', 'Venter på Oslonøkkelen', 'warning'],
      ['98 76 54 32', 'Telefonnummeret må legges til i Oslonøkkelen-appen', 'warning'],
      ['47 47 47 47', 'Systemfeil. Kontakt oss', 'danger'],
      ['12 34 56 78', 'Telefonnummeret er ugyldig', 'danger'],
      ['22 33 44 55', 'Venter på godkjenning', 'info'],
    ]);
  });

  it("says 'Venter på signert kontrakt' while the contract of an approved booking is unsigned", async () => {
    stubKeys(
      buildKeyInfo({
        contractRequirement: { isFulfilled: false },
        oslonokkelenStatus: 'NOT_REQUESTED',
        oslonokkelenPermissions: [permission(1, '41234567', 'NOT_REQUESTED')],
      }),
    );
    renderPortal('/bookinger/42', { user: kari });
    expect(within(await keyList()).getByText('Venter på signert kontrakt')).toBeInTheDocument();
  });

  it("says 'Venter på godkjenning' while the booking is unprocessed", async () => {
    stubKeys(
      buildKeyInfo({
        bookingStatus: 'UNPROCESSED',
        oslonokkelenStatus: 'NOT_REQUESTED',
        oslonokkelenPermissions: [permission(1, '41234567', 'NOT_REQUESTED')],
      }),
      {},
      buildUserBooking({ status: 'UNPROCESSED', hasOslonokkelen: true }),
    );
    renderPortal('/bookinger/42', { user: kari });
    expect(within(await keyList()).getByText('Venter på godkjenning')).toHaveAttribute('data-color', 'info');
  });

  it.each([
    ['sharing is not allowed', buildKeyInfo({ allowOslonokkelenKeySharing: false })],
    ['access is deleted until the booking changes', buildKeyInfo({ oslonokkelenStatus: 'DELETED_UNTIL_BOOKING_CHANGED' })],
    ['the booking is rejected', buildKeyInfo({ bookingStatus: 'REJECTED' })],
    ['there is no key', buildKeyInfo({ hasOslonokkelen: false })],
  ])('is hidden when %s', async (_case, info) => {
    stubKeys(info);
    renderPortal('/bookinger/42', { user: kari });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Digital nøkkel' })).not.toBeInTheDocument());
    expect(screen.queryByRole('textbox', { name: 'Telefonnummer' })).not.toBeInTheDocument();
  });

  it('does not ask the key service at all for a booking without a key room', async () => {
    const fetchMock = stubKeys(buildKeyInfo(), {}, buildUserBooking({ hasOslonokkelen: false }));
    renderPortal('/bookinger/42', { user: kari });
    await screen.findByRole('heading', { level: 1 });
    expect(callsOf(fetchMock).some((c) => c.includes('/api/oslonokkelen'))).toBe(false);
  });

  it("says 'Kan ikke hente informasjon om Oslonøkkelen. Prøv igjen.' when the key info cannot be loaded", async () => {
    stubKeys(() => json({ msg: 'Key service down', code: 'INTERNAL' }, 500));
    renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByText('Kan ikke hente informasjon om Oslonøkkelen. Prøv igjen.')).toBeInTheDocument();
  });

  it('refuses a number that is not 8 digits once spaces are removed, without calling the server', async () => {
    const user = userEvent.setup();
    const fetchMock = stubKeys(buildKeyInfo());
    renderPortal('/bookinger/42', { user: kari });
    const field = await screen.findByRole('textbox', { name: 'Telefonnummer' });
    for (const typed of ['1234 567', '123456789', '4123456a', '+4741234567']) {
      await user.clear(field);
      await user.type(field, `${typed}{Enter}`);
      expect(await screen.findByText('Vennligst skriv inn et gyldig telefonnummer på 8 tegn')).toBeInTheDocument();
    }
    expect(callsOf(fetchMock).some((c) => c.startsWith('POST /api/oslonokkelen'))).toBe(false);
  });

  it("adds a number with Enter, as 8 digits, and says 'Telefonnummer lagt til.'", async () => {
    const user = userEvent.setup();
    const after = buildKeyInfo({
      oslonokkelenStatus: 'PUSHED_BUT_STATUS_UNKNOWN',
      oslonokkelenPermissions: [permission(9, '41234567', 'PUSHED_BUT_STATUS_UNKNOWN')],
    });
    const fetchMock = stubKeys(buildKeyInfo(), { '/api/oslonokkelen/42': () => json(after) });
    renderPortal('/bookinger/42', { user: kari });
    const field = await screen.findByRole('textbox', { name: 'Telefonnummer' });
    await user.type(field, ' 41 23 45 67 {Enter}');
    expect(await screen.findByText('Telefonnummer lagt til.')).toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('POST /api/oslonokkelen/42?phoneNumber=41234567');
    expect(within(await keyList()).getByText('Venter på Oslonøkkelen')).toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it("says 'Kunne ikke legge til telefonnummer.' (or the server's own text) and keeps the number", async () => {
    const user = userEvent.setup();
    let answer = json({ msg: 'boom', code: 'INTERNAL' }, 500);
    stubKeys(buildKeyInfo(), { '/api/oslonokkelen/42': () => answer });
    renderPortal('/bookinger/42', { user: kari });
    const field = await screen.findByRole('textbox', { name: 'Telefonnummer' });
    await user.type(field, '41234567{Enter}');
    expect(await screen.findByText('Kunne ikke legge til telefonnummer.')).toBeInTheDocument();
    expect(field).toHaveValue('41234567');

    answer = json({ msg: 'duplicate', userMsg: 'Telefonnummeret er allerede lagt til.', code: 'CONFLICT' }, 409);
    await user.click(screen.getByRole('button', { name: 'Legg til' }));
    expect(await screen.findByText('Telefonnummeret er allerede lagt til.')).toBeInTheDocument();
  });

  it("removes a number and says 'Telefonnummeret ble slettet.', or 'Kunne ikke slette telefonnummeret.'", async () => {
    const user = userEvent.setup();
    let fail = true;
    const fetchMock = stubKeys(
      buildKeyInfo({ oslonokkelenStatus: 'ACCEPTED', oslonokkelenPermissions: [permission(1, '41234567', 'ACCEPTED')] }),
      { '/api/oslonokkelen/42': () => (fail ? json({ msg: 'boom', code: 'INTERNAL' }, 500) : json(buildKeyInfo())) },
    );
    renderPortal('/bookinger/42', { user: kari });
    await keyList();
    await user.click(screen.getByRole('button', { name: 'Slett 41 23 45 67' }));
    expect(await screen.findByText('Kunne ikke slette telefonnummeret.')).toBeInTheDocument();
    expect(screen.getByText('41 23 45 67')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Slett 41 23 45 67' }));
    expect(await screen.findByText('Telefonnummeret ble slettet.')).toBeInTheDocument();
    expect(screen.queryByText('41 23 45 67')).not.toBeInTheDocument();
    expect(callsOf(fetchMock)).toContain('DELETE /api/oslonokkelen/42?phoneNumber=41234567');
  });
});

describe('key status polling (spec 02 §9: every 10 s)', () => {
  function infoCalls(fetchMock: ReturnType<typeof stubKeys>) {
    return callsOf(fetchMock).filter((c) => c === 'GET /api/oslonokkelen/42/info').length;
  }

  it('asks again every 10 s while an approved booking has numbers that are not all accepted, and stops when they are', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: OslonokkelenRequestStatus = 'PUSHED_BUT_STATUS_UNKNOWN';
    const fetchMock = stubKeys(() =>
      json(buildKeyInfo({ oslonokkelenStatus: status, oslonokkelenPermissions: [permission(1, '41234567', status)] })),
    );
    renderPortal('/bookinger/42', { user: kari });
    await screen.findByText('Venter på Oslonøkkelen');
    expect(infoCalls(fetchMock)).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(infoCalls(fetchMock)).toBe(1);
    status = 'ACCEPTED';
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(infoCalls(fetchMock)).toBe(2);
    await screen.findByText('Tilgang sendt');

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(infoCalls(fetchMock)).toBe(2);
  });

  it('starts asking once a number is added to an approved booking without numbers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = stubKeys(buildKeyInfo(), {
      '/api/oslonokkelen/42': () =>
        json(buildKeyInfo({ oslonokkelenStatus: 'NOT_REQUESTED', oslonokkelenPermissions: [permission(1, '91234567', 'NOT_REQUESTED')] })),
    });
    renderPortal('/bookinger/42', { user: kari });
    await user.type(await screen.findByRole('textbox', { name: 'Telefonnummer' }), '91234567{Enter}');
    await screen.findByText('Telefonnummer lagt til.');
    expect(infoCalls(fetchMock)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    expect(infoCalls(fetchMock)).toBe(2);
  });

  it('does not poll an unprocessed booking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubKeys(
      buildKeyInfo({
        bookingStatus: 'UNPROCESSED',
        oslonokkelenStatus: 'NOT_REQUESTED',
        oslonokkelenPermissions: [permission(1, '41234567', 'NOT_REQUESTED')],
      }),
      {},
      buildUserBooking({ status: 'UNPROCESSED', hasOslonokkelen: true }),
    );
    renderPortal('/bookinger/42', { user: kari });
    await keyList();
    await act(() => vi.advanceTimersByTimeAsync(25_000));
    expect(infoCalls(fetchMock)).toBe(1);
  });
});
