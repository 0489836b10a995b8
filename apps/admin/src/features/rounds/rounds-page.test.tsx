import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { roundSummaryOf } from '../../testing/rounds';
import { stubApi } from '../../testing/stub-api';

const roles = { userId: 1, name: 'Siri Saksbehandler', email: 'siri@oslo.kommune.no', portal: 'ADMIN', roles: ['ADMIN'] };

setUpAdminTests();

describe('the list of semester rounds', () => {
  it("is reached from the header's navigation and shows each round's semester, deadline, phase and counts", async () => {
    const user = userEvent.setup();
    stubApi({
      '/api/currentuser/roles': roles,
      '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
      '/api/currentuser/impersonation': { impersonating: false },
      'GET /api/admin/rounds': {
        rounds: [
          roundSummaryOf(),
          roundSummaryOf({
            id: 6,
            name: 'Høsten 2026',
            status: 'CLOSED',
            phase: 'CLOSED',
            deadline: '2026-06-01',
            semesterStart: '2026-08-17',
            semesterEnd: '2026-12-18',
            applicationCount: 1,
            undecidedCount: 0,
            decidedCount: 1,
          }),
        ],
      },
    });
    renderAdmin('/admin/innstillinger/nye-lokaler', { user: siri });
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Administrasjon' })).getByRole('link', { name: 'Søknadsrunder' }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Søknadsrunder' })).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Søknadsrunder' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Skolelokaler våren 2027' })).toHaveAttribute('href', '/admin/soknadsrunder/5');
    expect(items[0]).toHaveTextContent('Fordeling');
    expect(items[0]).toHaveTextContent('Semester 04.01.2027–18.06.2027');
    expect(items[0]).toHaveTextContent('Søknadsfrist 01.12.2026');
    expect(items[0]).toHaveTextContent('3 søknader, 3 ønsker ikke fordelt');
    expect(items[1]).toHaveTextContent('Lukket');
    expect(items[1]).toHaveTextContent('1 søknad, 0 ønsker ikke fordelt, 1 søknad besvart');
    expect(screen.getByRole('link', { name: 'Ny søknadsrunde' })).toHaveAttribute('href', '/admin/soknadsrunder/ny');
    expect(await axeViolations()).toEqual([]);
  });

  it('says when there is no round, and shows a failure to load', async () => {
    stubApi({ '/api/currentuser/roles': roles, 'GET /api/admin/rounds': { rounds: [] } });
    const view = renderAdmin('/admin/soknadsrunder', { user: siri });
    expect(await screen.findByText('Det er ingen søknadsrunder ennå.')).toBeInTheDocument();
    view.unmount();

    stubApi({ '/api/currentuser/roles': roles });
    renderAdmin('/admin/soknadsrunder', { user: siri });
    expect(await screen.findByText('Feil ved henting av data')).toBeInTheDocument();
  });
});
