import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { roundDetailOf } from '../../testing/rounds';
import { jsonResponse, stubApi } from '../../testing/stub-api';

const roles = { userId: 1, name: 'Siri Saksbehandler', email: 'siri@oslo.kommune.no', portal: 'ADMIN', roles: ['ADMIN'] };

setUpAdminTests();

describe('the round page', () => {
  it('shows the dates, the phase and each room with how contested it is, linking to its conflict view', async () => {
    stubApi({ '/api/currentuser/roles': roles, 'GET /api/admin/rounds/5': roundDetailOf() });
    renderAdmin('/admin/soknadsrunder/5', { user: siri });
    expect(await screen.findByRole('heading', { level: 1, name: 'Skolelokaler våren 2027' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Søknadsfrist 01.12.2026');
    expect(main).toHaveTextContent('Semester 04.01.2027–18.06.2027');
    expect(main).toHaveTextContent('Per søker: høyst 5 søknader og 20 timer i uken');
    expect(main).toHaveTextContent('Fordeling');
    const rooms = screen.getByRole('region', { name: 'Rom' });
    expect(within(rooms).getByRole('heading', { level: 3, name: 'Bjølsen skole' })).toBeInTheDocument();
    const gym = within(rooms).getByRole('link', { name: 'Gymsal' });
    expect(gym).toHaveAttribute('href', '/admin/soknadsrunder/5/rom/21');
    expect(gym.closest('li')).toHaveTextContent('3 søknader, 2 i konflikt, 3 ikke fordelt');
    expect(await axeViolations()).toEqual([]);
  });

  it('computes a suggestion and says how many wishes it allocated', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      '/api/currentuser/roles': roles,
      'GET /api/admin/rounds/5': roundDetailOf(),
      'POST /api/admin/rounds/5/suggestion': { decided: 3, asked: 1, other: 1, none: 1, elapsedMs: 12 },
    });
    renderAdmin('/admin/soknadsrunder/5', { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Foreslå fordeling' }));
    expect(
      await screen.findByText('Forslaget fordelte 3 ønsker: 1 som søkt, 1 til annen tid eller rom og 1 ikke tildelt.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/rounds/5/suggestion')).toHaveLength(1);
    // The round is read again: the counts have changed.
    expect(api.callsTo('GET', '/api/admin/rounds/5').length).toBeGreaterThanOrEqual(2);
  });

  it('closes the round after a confirmation that says every applicant gets an e-mail, and shows the outcome', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      '/api/currentuser/roles': roles,
      'GET /api/admin/rounds/5': roundDetailOf({ undecidedCount: 0 }),
      'POST /api/admin/rounds/5/close': { status: 'CLOSED', approved: 1, partlyApproved: 1, rejected: 1 },
    });
    renderAdmin('/admin/soknadsrunder/5', { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Lukk runden og send svar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lukke runden og sende svar?' });
    expect(dialog).toHaveTextContent('hver søker får svaret sitt på e-post');
    expect(api.callsTo('POST', '/api/admin/rounds/5/close')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Lukk runden og send svar' }));
    expect(
      await screen.findByText(/Runden er lukket, og søkerne har fått svar på e-post\. 1 søknad godkjent, 1 delvis godkjent og 1 avslått\./),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/rounds/5/close')).toHaveLength(1);
  });

  it("shows the server's refusal to close in the dialog", async () => {
    const user = userEvent.setup();
    stubApi({
      '/api/currentuser/roles': roles,
      'GET /api/admin/rounds/5': roundDetailOf(),
      'POST /api/admin/rounds/5/close': jsonResponse(409, {
        msg: 'not ready',
        code: 'ROUND_NOT_READY',
        userMsg: '3 ønsker er ikke fordelt ennå.',
      }),
    });
    renderAdmin('/admin/soknadsrunder/5', { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Lukk runden og send svar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('3 ønsker er ikke fordelt ennå. Runden kan ikke lukkes før alle er fordelt.');
    await user.click(within(dialog).getByRole('button', { name: 'Lukk runden og send svar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('3 ønsker er ikke fordelt ennå.');
  });

  it('offers closing only to who may close, after the deadline', async () => {
    stubApi({
      '/api/currentuser/roles': roles,
      'GET /api/admin/rounds/5': roundDetailOf({ canClose: false }),
      'GET /api/admin/rounds/6': roundDetailOf({ id: 6, phase: 'COLLECTING' }),
    });
    const view = renderAdmin('/admin/soknadsrunder/5', { user: siri });
    expect(await screen.findByRole('button', { name: 'Foreslå fordeling' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lukk runden og send svar' })).not.toBeInTheDocument();
    view.unmount();
    renderAdmin('/admin/soknadsrunder/6', { user: siri });
    expect(await screen.findByText('Tar imot søknader')).toBeInTheDocument();
    expect(
      screen.getByText('Fordelingen starter etter søknadsfristen 01.12.2026. Til da kan du se søknadene som har kommet inn.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lukk runden og send svar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Foreslå fordeling' })).not.toBeInTheDocument();
  });

  it('finishes a close that stopped half-way', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      '/api/currentuser/roles': roles,
      'GET /api/admin/rounds/5': roundDetailOf({ status: 'CLOSING', phase: 'CLOSING', decidedCount: 1, undecidedCount: 0 }),
      'POST /api/admin/rounds/5/close': { status: 'CLOSED', approved: 2, partlyApproved: 0, rejected: 1 },
    });
    renderAdmin('/admin/soknadsrunder/5', { user: siri });
    expect(await screen.findByText(/1 søknad av 3 har fått svar/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Foreslå fordeling' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fullfør lukkingen' }));
    expect(await screen.findByText(/2 søknader godkjent, 0 delvis godkjent og 1 avslått/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/rounds/5/close')).toHaveLength(1);
  });
});
