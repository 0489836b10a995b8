import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { newLocationMessages, newLocationSteps, type NewLocationStep, type StepStatus } from '@lokaler/domain/admin-location';
import { buildLocationDetails, testAreas, testMapSettings } from '../../testing/location-setup';
import { renderAdmin } from '../../testing/render-admin';
import { installBrowserPolyfills, jsonResponse, stubApi, type StubRequest } from '../../testing/stub-api';

const linkId = 'a'.repeat(43);
const base = `/api/admin/new-location/${linkId}`;
const nora = { sub: 'nora', name: 'Nora Nyadmin' };

function stubWizard(
  initial: Partial<Record<NewLocationStep, StepStatus>>,
  overrides: Record<string, unknown> = {},
  publishRefusals: string[] = [],
  holdSteps?: Promise<void>,
) {
  const steps = Object.fromEntries(newLocationSteps.map((s) => [s, initial[s] ?? 'NOT_STARTED'])) as Record<NewLocationStep, StepStatus>;
  let published = false;
  const wizard = () => ({ locationId: 7, locationName: 'Testskolen', published, steps: { ...steps } });
  const api = stubApi({
    [`POST ${base}/claim`]: () => new Response(null, { status: 204 }),
    [`GET ${base}`]: wizard,
    [`POST ${base}/publish`]: () => {
      const refusal = publishRefusals.shift();
      if (refusal) return jsonResponse(422, { msg: 'Missing', userMsg: refusal, code: 'UNPROCESSABLE' });
      published = true;
      return { id: 7 };
    },
    'GET /api/admin/location/7': buildLocationDetails(),
    '/api/geographicareas': testAreas,
    '/api/client-settings/map.json': testMapSettings,
    'PUT /api/admin/location/7': ({ body }: { body: object }) => ({ ...buildLocationDetails(), ...body }),
    '/api/about/7': { whoCanApply: null, locationCosts: null, loanCriteria: null },
    '/api/admin/location/7/tenant-info': () => jsonResponse(200, null),
    ...overrides,
  });
  // Step PUTs: one stub per step path (the stub API matches whole paths).
  const original = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const match = new RegExp(`^${base}/steps/([a-z-]+)$`).exec(url.pathname);
    if (match && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { status: StepStatus };
      api.calls.push({ url, method: 'PUT', body } as StubRequest);
      await holdSteps;
      const step = match[1] as NewLocationStep;
      if (steps[step] !== 'SAVED') steps[step] = body.status;
      return jsonResponse(200, wizard());
    }
    return original(input, init);
  });
  const stepCalls = () =>
    api.calls
      .filter((c) => c.method === 'PUT' && c.url.pathname.startsWith(`${base}/steps/`))
      .map((c) => [c.url.pathname.slice(`${base}/steps/`.length), (c.body as { status: string }).status]);
  return { api, stepCalls, steps };
}

beforeEach(() => {
  resetApiClient();
  installBrowserPolyfills();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the new-location wizard', () => {
  it('claims the invitation and resumes at the first step not saved, marking it started', async () => {
    const { api, stepCalls } = stubWizard({ 'informasjon-om-lokalet': 'SAVED', tilganger: 'SAVED', innstillinger: 'STARTED' });
    const { router } = renderAdmin(`/admin/nytt-lokale/${linkId}`, { user: nora });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/nytt-lokale/${linkId}/innstillinger`));
    expect(api.callsTo('POST', `${base}/claim`)).toHaveLength(1);
    // Already STARTED: nothing is sent for it.
    expect(stepCalls()).toEqual([]);
    const steps = await screen.findByRole('navigation', { name: 'Steg i oppsettet' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1. Informasjon om lokalet Lagret',
      '2. Tilganger Lagret',
      '3. Innstillinger Påbegynt',
      '4. Åpningstider Ikke startet',
      '5. Stengte datoer Ikke startet',
      '6. Legg til rom Ikke startet',
      '7. Om lån og leie Ikke startet',
    ]);
    expect(within(steps).getByRole('link', { name: '3. Innstillinger' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('2 av 7 steg er lagret')).toBeInTheDocument();
  });

  it('marks an unopened step STARTED, saves its form, marks it SAVED and moves on; Tilbake goes back', async () => {
    const user = userEvent.setup();
    const { api, stepCalls } = stubWizard({});
    const { router } = renderAdmin(`/admin/nytt-lokale/${linkId}`, { user: nora });
    const name = await screen.findByRole('textbox', { name: 'Navn på lokalet' });
    await waitFor(() => expect(stepCalls()).toEqual([['informasjon-om-lokalet', 'STARTED']]));
    expect(await screen.findByText('Påbegynt')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Breddegrad' }), '59.93');
    await user.type(screen.getByRole('textbox', { name: 'Lengdegrad' }), '10.75');
    await user.click(screen.getByRole('button', { name: 'Lagre og gå videre' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/nytt-lokale/${linkId}/tilganger`));
    expect(api.callsTo('PUT', '/api/admin/location/7')[0]?.body).toMatchObject({ name: 'Testskolen', lat: 59.93, lng: 10.75 });
    expect(stepCalls().slice(0, 2)).toEqual([
      ['informasjon-om-lokalet', 'STARTED'],
      ['informasjon-om-lokalet', 'SAVED'],
    ]);
    await waitFor(() => expect(name).not.toBeInTheDocument());
    await waitFor(() => expect(stepCalls()).toContainEqual(['tilganger', 'STARTED']));

    await user.click(screen.getByRole('link', { name: 'Tilbake' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/nytt-lokale/${linkId}/informasjon-om-lokalet`));
    // A saved step is never sent back to STARTED.
    expect(stepCalls().filter(([s, status]) => s === 'informasjon-om-lokalet' && status === 'STARTED')).toHaveLength(1);
  });

  it('marks a step opened while the previous STARTED call still runs, once that call is done', async () => {
    const user = userEvent.setup();
    let release = () => {};
    const { stepCalls } = stubWizard(
      {},
      {},
      [],
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    const { router } = renderAdmin(`/admin/nytt-lokale/${linkId}/informasjon-om-lokalet`, { user: nora });
    await waitFor(() => expect(stepCalls()).toEqual([['informasjon-om-lokalet', 'STARTED']]));
    await user.click(await screen.findByRole('link', { name: '2. Tilganger' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/nytt-lokale/${linkId}/tilganger`));
    expect(stepCalls()).toHaveLength(1);
    release();
    await waitFor(() =>
      expect(stepCalls()).toEqual([
        ['informasjon-om-lokalet', 'STARTED'],
        ['tilganger', 'STARTED'],
      ]),
    );
  });

  it('does not guard unsaved changes inside the wizard: it saves step by step', async () => {
    const user = userEvent.setup();
    stubWizard({});
    const { router } = renderAdmin(`/admin/nytt-lokale/${linkId}/informasjon-om-lokalet`, { user: nora });
    await user.type(await screen.findByRole('textbox', { name: 'Poststed' }), 'Oslo');
    await user.click(screen.getByRole('link', { name: '2. Tilganger' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/nytt-lokale/${linkId}/tilganger`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message and a way to the start page when the invitation is used by someone else (410)", async () => {
    const api = stubWizard(
      {},
      { [`POST ${base}/claim`]: jsonResponse(410, { msg: 'Gone', userMsg: 'Invitasjonen er allerede brukt.', code: 'GONE' }) },
    );
    renderAdmin(`/admin/nytt-lokale/${linkId}`, { user: nora });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitasjonen kan ikke brukes' })).toBeInTheDocument();
    expect(screen.getByText('Invitasjonen er allerede brukt.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute('href', '/admin');
    expect(api.api.callsTo('GET', base)).toEqual([]);
  });

  it("shows a login of another e-mail than the invited one (403) the server's message, without opening the wizard", async () => {
    const api = stubWizard(
      {},
      {
        [`POST ${base}/claim`]: jsonResponse(403, {
          msg: 'Forbidden',
          userMsg: newLocationMessages.invitationForSomeoneElse,
          code: 'FORBIDDEN',
        }),
      },
    );
    renderAdmin(`/admin/nytt-lokale/${linkId}`, { user: nora });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitasjonen kan ikke brukes' })).toBeInTheDocument();
    expect(screen.getByText(newLocationMessages.invitationForSomeoneElse)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toBeInTheDocument();
    expect(api.api.callsTo('GET', base)).toEqual([]);
  });

  it('shows an unknown link (404) the same way', async () => {
    stubWizard(
      {},
      { [`POST ${base}/claim`]: jsonResponse(404, { msg: 'Not found', userMsg: 'Fant ikke invitasjonen.', code: 'NOT_FOUND' }) },
    );
    renderAdmin(`/admin/nytt-lokale/${linkId}`, { user: nora });
    expect(await screen.findByText('Fant ikke invitasjonen.')).toBeInTheDocument();
  });

  it("relays publish's 422, then publishes and links to the location's settings and requests", async () => {
    const user = userEvent.setup();
    const all = Object.fromEntries(newLocationSteps.map((s) => [s, 'SAVED'])) as Record<NewLocationStep, StepStatus>;
    stubWizard(all, {}, ['Lokalet må ha minst ett synlig rom før det kan publiseres.']);
    const { router } = renderAdmin(`/admin/nytt-lokale/${linkId}`, { user: nora });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/nytt-lokale/${linkId}/om-lan-og-leie`));
    await user.click(await screen.findByRole('button', { name: 'Publiser lokalet' }));
    expect(await screen.findByText('Lokalet må ha minst ett synlig rom før det kan publiseres.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publiser lokalet' }));
    expect(await screen.findByText(/Lokalet er publisert/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Innstillinger for lokalet' })).toHaveAttribute(
      'href',
      '/admin/innstillinger/lokalet?lokale=7',
    );
    expect(screen.getByRole('link', { name: 'Søknader til lokalet' })).toHaveAttribute('href', '/admin/lokaler/7/soknader');
  });

  it("asks a logged-out visitor to log in and comes back to the invitation's address", async () => {
    const user = userEvent.setup();
    const api = stubWizard({});
    const { auth } = renderAdmin(`/admin/nytt-lokale/${linkId}/tilganger`);
    await user.click(await screen.findByRole('button', { name: 'Logg inn' }));
    expect(auth.loginCalls).toEqual([`/nytt-lokale/${linkId}/tilganger`]);
    expect(api.api.callsTo('POST', `${base}/claim`)).toEqual([]);
  });
});
