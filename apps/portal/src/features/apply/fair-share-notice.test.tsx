import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { AvailabilityResponse } from '@lokaler/domain/booking-request';
import type { BookingLimitsResponse } from '@lokaler/domain/fair-share';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { writeBookingDraft } from '@lokaler/ui/booking-draft';
import { kari, renderPortal, stubApi } from '../../testing/render-portal';
import { buildRoom } from '../../testing/room-factories';

/** What the fake API hands an answer function. */
type StubRequest = { url: URL; init: RequestInit | undefined };

const gym = buildRoom({ id: 11, displayName: 'Gymsal (G1)', theme: 'school' });
const weeks = ['2030-03-04', '2030-03-11', '2030-03-18', '2030-03-25'];
const t = (date: string) => ({
  date,
  startTime: '18:00:00',
  endTime: '20:00:00',
  duration: 'PT2H',
  initialRepetitionDate: weeks[0]!,
  available: true,
  reason: null,
  message: null,
});
const availability: AvailabilityResponse = {
  probablyAvailable: [{ bookableAssetId: 11, datesAndTimes: weeks.map(t), violations: [] }],
  unavailable: [],
  errors: [],
};
const limits = { maxPendingHours: 40, maxPendingApplications: 10, maxRoomsPerApplication: 6, maxDatesPerSeries: 60 };

function stub(answer: BookingLimitsResponse, round: unknown = { round: null }) {
  const calls: string[] = [];
  stubApi({
    '/api/bookableasset': ({ url }: StubRequest) =>
      Response.json([gym].filter((r) => url.searchParams.getAll('ids').includes(String(r.id)))),
    '/api/currentuser/roles': { userId: 1, name: 'Kari Nordmann', email: 'kari@example.no', portal: 'PUBLIC', roles: ['PUBLIC'] },
    '/api/location/1/round': round,
    '/api/location/1/booking-limits': ({ init }: StubRequest) => {
      calls.push(new Headers(init?.headers).get('authorization') ?? 'anonymous');
      return Response.json(answer);
    },
  });
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetApiClient();
  vi.stubGlobal('scrollTo', vi.fn());
  writeBookingDraft({ repetition: { pattern: 'WEEKLY', lastDate: weeks[3]! }, checked: [], reservations: [], availability });
});
afterEach(() => vi.unstubAllGlobals());

const SEND = '/send?purpose=PUBLICUSER_LOAN&activityType=school';

describe('/send: the fair-share limits before sending (decision 041)', () => {
  it('tells a logged-out person the limits at the location', async () => {
    stub({ limits, pending: null });
    renderPortal(SEND);
    expect(await screen.findByRole('heading', { name: 'Grenser for søknader' })).toBeInTheDocument();
    expect(screen.getByText('Du kan ha inntil 40 timer og 10 søknader til behandling ved dette stedet per semester.')).toBeInTheDocument();
    expect(screen.getByText('En søknad kan gjelde inntil 6 rom og 60 datoer per rom.')).toBeInTheDocument();
  });

  it("tells a logged-in person what they hold pending, and the limit this application would go past, in the server's words", async () => {
    const calls = stub({
      limits,
      pending: [
        { semester: '2030-V', label: 'våren 2030', minutes: 35 * 60, applications: 3 },
        { semester: '2030-H', label: 'høsten 2030', minutes: 0, applications: 0 },
      ],
    });
    renderPortal(SEND, { user: kari });
    expect(await screen.findByRole('heading', { name: 'Søknaden går over grensen for dette stedet' })).toBeInTheDocument();
    // 4 evenings × 2 hours = 8 hours on top of 35.
    expect(
      screen.getByText(
        'Du kan ha høyst 40 timer til behandling ved dette stedet våren 2030. Du har 35 timer til behandling, og denne søknaden gjelder 8 timer.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Du har 35 timer og 3 søknader til behandling her våren 2030.')).toBeInTheDocument();
    expect(screen.queryByText(/høsten 2030/)).not.toBeInTheDocument();
    expect(calls.every((c) => c.startsWith('Bearer '))).toBe(true);
    // The person may still send: the server decides.
    expect(screen.getByRole('button', { name: 'Send søknad' })).toBeEnabled();
  });

  it('judges an application into the open semester round by the round, not the pending hours', async () => {
    stub(
      {
        limits,
        pending: [
          { semester: '2030-V', label: 'våren 2030', minutes: 39 * 60, applications: 1 },
          { semester: '2030-H', label: 'høsten 2030', minutes: 0, applications: 0 },
        ],
      },
      {
        round: {
          id: 3,
          name: 'Våren 2030',
          applicationStart: '2029-10-01',
          deadline: '2029-11-01',
          semesterStart: '2030-01-01',
          semesterEnd: '2030-06-30',
        },
      },
    );
    renderPortal(SEND, { user: kari });
    expect(await screen.findByRole('heading', { name: 'Grenser for søknader' })).toBeInTheDocument();
    expect(screen.queryByText(/Du kan ha høyst 40 timer/)).not.toBeInTheDocument();
  });

  it('shows nothing of the limits when the question fails; the form is still there', async () => {
    stubApi({
      '/api/bookableasset': ({ url }: StubRequest) =>
        Response.json([gym].filter((r) => url.searchParams.getAll('ids').includes(String(r.id)))),
      '/api/location/1/booking-limits': () => Response.json({ msg: 'x', code: 'INTERNAL' }, { status: 500 }),
    });
    renderPortal(SEND);
    expect(await screen.findByRole('textbox', { name: 'Aktivitet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Grenser for søknader' })).not.toBeInTheDocument();
  });
});
