import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { roundDetailOf, roundSummaryOf } from '../../testing/rounds';
import { jsonResponse, stubApi } from '../../testing/stub-api';

const roles = { userId: 1, name: 'Siri Saksbehandler', email: 'siri@oslo.kommune.no', portal: 'ADMIN', roles: ['ADMIN'] };
const summaryHeading = 'For å lagre endringene må du rette opp følgende feil:';
const collecting = { phase: 'COLLECTING' as const, applicationStart: '2026-11-01', deadline: '2026-12-01' };

async function setDate(user: UserEvent, label: string, value: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  await user.type(input, value);
}

setUpAdminTests();

describe("the round page's link to change the round", () => {
  it('is there while the round is open and the administrator manages all its locations', async () => {
    stubApi({ '/api/currentuser/roles': roles, 'GET /api/admin/rounds/5': roundDetailOf(collecting) });
    renderAdmin('/admin/soknadsrunder/5', { user: siri });
    expect(await screen.findByRole('link', { name: 'Endre runden' })).toHaveAttribute('href', '/admin/soknadsrunder/5/endre');
  });

  it('is not there when the administrator does not manage every location, nor when the round is closed', async () => {
    stubApi({
      '/api/currentuser/roles': roles,
      'GET /api/admin/rounds/5': roundDetailOf({ ...collecting, canClose: false }),
      'GET /api/admin/rounds/6': roundDetailOf({ id: 6, status: 'CLOSED', phase: 'CLOSED' }),
    });
    const { unmount } = renderAdmin('/admin/soknadsrunder/5', { user: siri });
    await screen.findByRole('heading', { level: 1, name: 'Skolelokaler våren 2027' });
    expect(screen.queryByRole('link', { name: 'Endre runden' })).toBeNull();
    unmount();
    renderAdmin('/admin/soknadsrunder/6', { user: siri });
    await screen.findByRole('heading', { level: 1, name: 'Skolelokaler våren 2027' });
    expect(screen.queryByRole('link', { name: 'Endre runden' })).toBeNull();
  });
});

describe('the form that changes a round', () => {
  it("starts from the round's name and dates, sends the changed ones and goes back to the round", async () => {
    const user = userEvent.setup();
    const api = stubApi({
      '/api/currentuser/roles': roles,
      'GET /api/admin/rounds/5': roundDetailOf(collecting),
      'PATCH /api/admin/rounds/5': roundSummaryOf({ deadline: '2026-11-20', phase: 'ALLOCATING' }),
    });
    renderAdmin('/admin/soknadsrunder/5/endre', { user: siri });
    const name = await screen.findByRole('textbox', { name: /Navn på runden/ });
    expect(name).toHaveValue('Skolelokaler våren 2027');
    expect(await axeViolations()).toEqual([]);
    await setDate(user, 'Søknadsfrist', '2026-11-20');
    await user.clear(name);
    await user.type(name, ' Skoler våren 2027 ');
    const applications = screen.getByRole('textbox', { name: 'Maks søknader per søker i runden' });
    expect(applications).toHaveValue('5');
    await user.clear(applications);
    await user.type(applications, '3');
    await user.click(screen.getByRole('button', { name: 'Lagre endringene' }));

    expect(await screen.findByRole('link', { name: 'Tilbake til søknadsrundene' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/admin/rounds/5').map((c) => c.body)).toEqual([
      {
        name: 'Skoler våren 2027',
        applicationStart: '2026-11-01',
        deadline: '2026-11-20',
        semesterStart: '2027-01-04',
        semesterEnd: '2027-06-18',
        maxApplicationsPerApplicant: 3,
        maxWeeklyHoursPerApplicant: 20,
      },
    ]);
  });

  it("refuses a deadline before the application period with the contract's message and sends nothing", async () => {
    const user = userEvent.setup();
    const api = stubApi({ '/api/currentuser/roles': roles, 'GET /api/admin/rounds/5': roundDetailOf(collecting) });
    renderAdmin('/admin/soknadsrunder/5/endre', { user: siri });
    await screen.findByRole('textbox', { name: /Navn på runden/ });
    await setDate(user, 'Søknadsfrist', '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Lagre endringene' }));
    const summary = (await screen.findByRole('heading', { name: summaryHeading })).closest('[tabindex="-1"]') as HTMLElement;
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Søknadsfristen kan ikke være før søknadsperioden starter']);
    expect(api.callsTo('PATCH', '/api/admin/rounds/5')).toEqual([]);
  });

  it("shows the server's 409 (the semester stays once applications came in) in the focused summary and at the field", async () => {
    const user = userEvent.setup();
    const userMsg = 'Semesterets datoer kan ikke endres etter at søknader har kommet inn i runden. Søknadsperioden og fristen kan endres.';
    stubApi({
      '/api/currentuser/roles': roles,
      'GET /api/admin/rounds/5': roundDetailOf(collecting),
      'PATCH /api/admin/rounds/5': jsonResponse(409, {
        msg: 'has applications',
        code: 'ROUND_NOT_READY',
        userMsg,
        fields: [{ path: 'semesterStart', message: 'Semesteret kan ikke endres når runden har søknader' }],
      }),
    });
    renderAdmin('/admin/soknadsrunder/5/endre', { user: siri });
    await screen.findByRole('textbox', { name: /Navn på runden/ });
    await setDate(user, 'Semesteret starter', '2027-01-11');
    await user.click(screen.getByRole('button', { name: 'Lagre endringene' }));

    const summary = (await screen.findByRole('heading', { name: summaryHeading })).closest('[tabindex="-1"]') as HTMLElement;
    expect(summary).toHaveFocus();
    expect(within(summary).getByText(userMsg)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Semesteret starter' })).toHaveAccessibleDescription(
      /Semesteret kan ikke endres når runden har søknader/,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Endre søknadsrunden' })).toBeInTheDocument();
  });

  it("says what ROUND_NOT_READY means here when the server sent no userMsg (not the closing's text)", async () => {
    const user = userEvent.setup();
    stubApi({
      '/api/currentuser/roles': roles,
      'GET /api/admin/rounds/5': roundDetailOf(collecting),
      'PATCH /api/admin/rounds/5': jsonResponse(409, { msg: 'has applications', code: 'ROUND_NOT_READY' }),
    });
    renderAdmin('/admin/soknadsrunder/5/endre', { user: siri });
    await screen.findByRole('textbox', { name: /Navn på runden/ });
    await setDate(user, 'Semesteret slutter', '2027-06-25');
    await user.click(screen.getByRole('button', { name: 'Lagre endringene' }));
    expect(
      await screen.findByRole('link', { name: /Semesterets datoer kan ikke endres etter at søknader har kommet inn/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Runden kan ikke lukkes/)).toBeNull();
  });

  it('shows a 409 ROUND_CLOSED (closed meanwhile) in the summary', async () => {
    const user = userEvent.setup();
    stubApi({
      '/api/currentuser/roles': roles,
      'GET /api/admin/rounds/5': roundDetailOf(collecting),
      'PATCH /api/admin/rounds/5': jsonResponse(409, { msg: 'closed', code: 'ROUND_CLOSED' }),
    });
    renderAdmin('/admin/soknadsrunder/5/endre', { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Lagre endringene' }));
    expect(await screen.findByRole('link', { name: 'Runden er lukket. Fordelingen kan ikke endres lenger.' })).toBeInTheDocument();
  });

  it('says the round cannot be changed when it is closed', async () => {
    stubApi({ '/api/currentuser/roles': roles, 'GET /api/admin/rounds/5': roundDetailOf({ status: 'CLOSED', phase: 'CLOSED' }) });
    renderAdmin('/admin/soknadsrunder/5/endre', { user: siri });
    expect(await screen.findByText(/Runden kan ikke endres/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lagre endringene' })).toBeNull();
  });
});
