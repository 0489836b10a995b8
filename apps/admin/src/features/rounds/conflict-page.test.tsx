import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { RoundConflicts } from '@lokaler/domain/application-rounds';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { roundDetailOf, tuesdayClash } from '../../testing/rounds';
import { jsonResponse, stubApi } from '../../testing/stub-api';

const roles = { userId: 1, name: 'Siri Saksbehandler', email: 'siri@oslo.kommune.no', portal: 'ADMIN', roles: ['ADMIN'] };
const url = '/admin/soknadsrunder/5/rom/21';

function stubView(overrides: Record<string, unknown> = {}, conflicts: () => RoundConflicts = tuesdayClash) {
  return stubApi({
    '/api/currentuser/roles': roles,
    'GET /api/admin/rounds/5': roundDetailOf(),
    'GET /api/admin/rounds/5/conflicts': () => conflicts(),
    ...overrides,
  });
}

const week = () => screen.getByRole('region', { name: 'Uke med søknadene til Gymsal' });

async function openPanel(user: UserEvent, applicant: string) {
  await user.click(
    await within(await screen.findByRole('region', { name: 'Uke med søknadene til Gymsal' })).findByRole('button', {
      name: new RegExp(applicant),
    }),
  );
  return screen.findByRole('dialog', { name: applicant });
}

async function chooseOtherTime(user: UserEvent, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('radio', { name: 'Annen tid eller rom' }));
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Ukedag' }), 'torsdag');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Fra' }), '18:00');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Til' }), '20:00');
  await user.type(within(dialog).getByRole('textbox', { name: 'Hvorfor en annen tid?' }), 'Tirsdag er tatt');
}

setUpAdminTests();

describe("a room's conflict view", () => {
  it('shows every wish as a bar at its asked time, clashing ones side by side and marked, and busy times', async () => {
    stubView();
    renderAdmin(url, { user: siri });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fordeling av Gymsal, Bjølsen skole' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('3 søknader, 2 i konflikt, 3 ikke fordelt');

    const bars = within(week()).getAllByRole('button');
    expect(bars.map((b) => b.textContent)).toEqual([
      'Tirsdag Sagene IF⚠ Konflikt 17:00–19:00Ikke fordelt',
      'Tirsdag Bjølsen basket⚠ Konflikt 18:00–20:00Ikke fordelt',
      'Tirsdag Torshov turn 20:00–21:00Ikke fordelt',
    ]);
    // The clash is said in words, not by colour alone; the two clashing bars share the day's width.
    const [sagene, basket, turn] = bars as [HTMLElement, HTMLElement, HTMLElement];
    expect(sagene.style.width).toBe('50%');
    expect(basket.style.left).toBe('50%');
    expect(turn.style.width).toBe('100%');
    // 16:00 is the grid's first hour: 17:00 is four quarters (of 1 rem) down, and the bar two hours tall.
    expect(sagene.style.top).toBe('4rem');
    expect(sagene.style.height).toBe('8rem');
    expect(within(week()).getByText('Opptatt').parentElement).toHaveTextContent('Onsdag Opptatt 16:00–18:00Fast booking');

    // The same as a list per weekday.
    const tuesday = screen.getByRole('table', { name: 'Søknader tirsdag' });
    expect(within(tuesday).getByRole('row', { name: /Sagene IF/ })).toHaveTextContent('Konflikt');
    expect(within(tuesday).getByRole('row', { name: /Torshov turn/ })).toHaveTextContent('Nei');
    expect(screen.getByRole('main')).toHaveTextContent('Opptatt utenfor runden: 16:00–18:00 (Fast booking, 20 datoer)');
    expect(await axeViolations()).toEqual([]);
  });

  it('opens the panel with the applicant, and saving another time sends the change with its version', async () => {
    const user = userEvent.setup();
    const api = stubView({
      'PUT /api/admin/rounds/5/allocations': ({ body }: { body: { changes: { wishId: number }[] } }) => {
        const changed = tuesdayClash().wishes.find((w) => w.id === body.changes[0]!.wishId)!;
        return {
          wishes: [
            {
              ...changed,
              version: 2,
              decision: 'OTHER',
              allocated: { roomId: 21, weekday: 4, startTime: '18:00', endTime: '20:00' },
              reason: 'Tirsdag er tatt',
            },
          ],
        };
      },
    });
    renderAdmin(url, { user: siri });
    const dialog = await openPanel(user, 'Bjølsen basket');
    expect(dialog).toHaveTextContent('Ungdom (13–19 år)');
    expect(dialog).toHaveTextContent('Ikke brukt lokalene siste år');
    expect(dialog).toHaveTextContent('S-2026-0102');
    expect(dialog).toHaveTextContent('I konflikt med én annen søknad: Sagene IF');
    expect(await axeViolations(dialog)).toEqual([]);
    await chooseOtherTime(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));

    expect(
      await screen.findByText('Lagret: Bjølsen basket, tirsdag 18:00–20:00 – Tildelt annen tid: torsdag 18:00–20:00.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/rounds/5/allocations').map((c) => c.body)).toEqual([
      {
        changes: [
          {
            wishId: 102,
            version: 1,
            decision: 'OTHER',
            allocated: { roomId: 21, weekday: 4, startTime: '18:00', endTime: '20:00' },
            reason: 'Tirsdag er tatt',
          },
        ],
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("sends 'Som søkt' and 'Ikke tildelt' with a reason", async () => {
    const user = userEvent.setup();
    const api = stubView({ 'PUT /api/admin/rounds/5/allocations': { wishes: [] } });
    renderAdmin(url, { user: siri });
    let dialog = await openPanel(user, 'Sagene IF');
    await user.click(within(dialog).getByRole('radio', { name: 'Som søkt' }));
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openPanel(user, 'Torshov turn');
    await user.click(within(dialog).getByRole('radio', { name: 'Ikke tildelt' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Hvorfor ikke?' }), '  Ingen ledig tid ');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/rounds/5/allocations')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/admin/rounds/5/allocations').map((c) => c.body)).toEqual([
      { changes: [{ wishId: 101, version: 1, decision: 'ASKED', allocated: null, reason: null }] },
      { changes: [{ wishId: 103, version: 1, decision: 'NONE', allocated: null, reason: 'Ingen ledig tid' }] },
    ]);
  });

  it('refuses a choice without a decision or with the end before the start, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = stubView();
    renderAdmin(url, { user: siri });
    const dialog = await openPanel(user, 'Sagene IF');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    expect(within(dialog).getByText('Velg hvordan ønsket skal fordeles')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Annen tid eller rom' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Til' }), '17:00');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    expect(within(dialog).getByRole('combobox', { name: 'Til' })).toHaveAccessibleDescription('Sluttid må være etter starttid');
    expect(api.callsTo('PUT', '/api/admin/rounds/5/allocations')).toEqual([]);
  });

  it("says so when someone else changed the wish meanwhile (409 stale), reloads, keeps the person's choice and saves it with the new version", async () => {
    const user = userEvent.setup();
    const staleMsg = 'Noen andre har endret fordelingen. Se over og lagre på nytt.';
    let changedByHanne = false;
    let puts = 0;
    const api = stubView(
      {
        'PUT /api/admin/rounds/5/allocations': () => {
          puts += 1;
          if (puts === 1) {
            changedByHanne = true;
            return jsonResponse(409, { msg: 'stale', code: 'ROUND_ALLOCATION_STALE', userMsg: staleMsg });
          }
          return { wishes: [] };
        },
      },
      () => {
        const view = tuesdayClash();
        if (changedByHanne)
          view.wishes[1] = {
            ...view.wishes[1]!,
            version: 2,
            decision: 'NONE',
            reason: 'Fullt',
            updatedBy: 'Hanne Hansen',
            updatedAt: '2026-12-03T09:30:00Z',
          };
        return view;
      },
    );
    renderAdmin(url, { user: siri });
    const dialog = await openPanel(user, 'Bjølsen basket');
    await chooseOtherTime(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(staleMsg);
    expect(alert).toHaveTextContent(
      'Ønsket er nå: Ikke tildelt (begrunnelse: Fullt), endret av Hanne Hansen 03.12.2026 10:30. Valgene dine under er beholdt.',
    );
    // Nothing the person chose is gone.
    expect(within(dialog).getByRole('radio', { name: 'Annen tid eller rom' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Ukedag' })).toHaveValue('4');
    expect(within(dialog).getByRole('textbox', { name: 'Hvorfor en annen tid?' })).toHaveValue('Tirsdag er tatt');
    // The view behind is the new one.
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Søknader tirsdag' })).getByRole('row', { name: /Bjølsen basket/ }),
      ).toHaveTextContent('Ikke tildelt'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/rounds/5/allocations')).toHaveLength(2));
    expect(
      api.callsTo('PUT', '/api/admin/rounds/5/allocations').map((c) => (c.body as { changes: { version: number }[] }).changes[0]!.version),
    ).toEqual([1, 2]);
  });

  it('shows the 409 when the time is already allocated to another application', async () => {
    const user = userEvent.setup();
    const takenMsg = 'Tiden er allerede tildelt Sagene IF.';
    stubView({
      'PUT /api/admin/rounds/5/allocations': jsonResponse(409, { msg: 'taken', code: 'ROUND_TIME_ALREADY_ALLOCATED', userMsg: takenMsg }),
    });
    renderAdmin(url, { user: siri });
    const dialog = await openPanel(user, 'Bjølsen basket');
    await chooseOtherTime(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(takenMsg);
    expect(within(dialog).getByRole('radio', { name: 'Annen tid eller rom' })).toBeChecked();
  });

  it('shows the allocation without a way to change it once the round is closed', async () => {
    const user = userEvent.setup();
    stubView({ 'GET /api/admin/rounds/5': roundDetailOf({ status: 'CLOSED', phase: 'CLOSED' }) });
    renderAdmin(url, { user: siri });
    await screen.findByText('Tilbake til Skolelokaler våren 2027');
    const dialog = await openPanel(user, 'Sagene IF');
    expect(dialog).toHaveTextContent('Runden er lukket. Fordelingen kan ikke endres lenger.');
    expect(within(dialog).queryByRole('button', { name: 'Lagre' })).not.toBeInTheDocument();
  });

  it('opens the panel with the time a bar is dragged to (pointer), and a plain click does not move it', async () => {
    const user = userEvent.setup();
    const api = stubView({ 'PUT /api/admin/rounds/5/allocations': { wishes: [] } });
    renderAdmin(url, { user: siri });
    const bar = await within(await screen.findByRole('region', { name: 'Uke med søknadene til Gymsal' })).findByRole('button', {
      name: /Bjølsen basket/,
    });
    const thursday = week().querySelector<HTMLElement>('[data-weekday="4"]')!;
    // The grid is 16–22: 360 px for 6 hours, a pixel a minute; the 2-hour bar is 120 px tall.
    thursday.getBoundingClientRect = () => ({ top: 0, height: 360, left: 0, width: 100 }) as DOMRect;
    bar.getBoundingClientRect = () => ({ top: 120, height: 120, left: 0, width: 50 }) as DOMRect;
    const elementsFromPoint = vi.fn(() => [thursday]);
    Object.assign(document, { elementsFromPoint });
    fireEvent.pointerDown(bar, { pointerId: 1, button: 0, pointerType: 'mouse', clientX: 10, clientY: 130 });
    fireEvent.pointerMove(bar, { pointerId: 1, pointerType: 'mouse', clientX: 300, clientY: 70 });
    expect(within(week()).getByText('17:00–19:00', { selector: '.lk-conflict-ghost' })).toBeInTheDocument();
    fireEvent.pointerUp(bar, { pointerId: 1, pointerType: 'mouse', clientX: 300, clientY: 70 });
    fireEvent.click(bar);

    const dialog = await screen.findByRole('dialog', { name: 'Bjølsen basket' });
    expect(dialog).toHaveTextContent('Flyttet i ukeoversikten til torsdag 17:00–19:00. Lagre for å tildele tiden.');
    expect(within(dialog).getByRole('radio', { name: 'Annen tid eller rom' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Ukedag' })).toHaveValue('4');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/rounds/5/allocations')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/rounds/5/allocations')[0]!.body).toEqual({
      changes: [
        {
          wishId: 102,
          version: 1,
          decision: 'OTHER',
          allocated: { roomId: 21, weekday: 4, startTime: '17:00', endTime: '19:00' },
          reason: null,
        },
      ],
    });
  });

  it('opens the panel without a way to save before the deadline', async () => {
    const user = userEvent.setup();
    stubView({ 'GET /api/admin/rounds/5': roundDetailOf({ phase: 'COLLECTING' }) });
    renderAdmin(url, { user: siri });
    expect(await screen.findByText('Fordelingen kan starte etter søknadsfristen 01.12.2026.')).toBeInTheDocument();
    const dialog = await openPanel(user, 'Sagene IF');
    expect(dialog).toHaveTextContent('Fordelingen kan starte etter søknadsfristen 01.12.2026.');
    expect(within(dialog).queryByRole('button', { name: 'Lagre' })).not.toBeInTheDocument();
  });
});
