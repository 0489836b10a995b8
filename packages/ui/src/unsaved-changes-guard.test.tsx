import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { UNSAVED_CHANGES_MESSAGE, useUnsavedChangesGuard } from './unsaved-changes-guard';

function Form() {
  const [text, setText] = useState('');
  const guard = useUnsavedChangesGuard(text !== '');
  return (
    <>
      {guard.dialog}
      <label>
        Notat <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <Link to="/annet">Gå videre</Link>
    </>
  );
}

/** A form over several paths (a wizard's steps), which tells what leaving costs and does something when left. */
function Wizard({ onLeave }: { onLeave: () => void }) {
  const guard = useUnsavedChangesGuard(true, {
    isWithin: (path) => path.startsWith('/veiviser/'),
    detail: 'Går du ut, mister du tidspunktet.',
    onLeave,
  });
  return (
    <>
      {guard.dialog}
      <Link to="/veiviser/to">Neste steg</Link>
      <Link to="/annet">Gå videre</Link>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/skjema', element: <Form /> },
      { path: '/nytt-lokale/:step', element: <Form /> },
      { path: '/annet', element: <p>Annen side</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

describe('unsaved-changes guard', () => {
  it('lets a clean form go without asking', async () => {
    const user = userEvent.setup();
    renderAt('/skjema');
    await user.click(screen.getByRole('link', { name: 'Gå videre' }));
    expect(await screen.findByText('Annen side')).toBeInTheDocument();
  });

  it("asks before leaving a dirty form: 'Bli på siden' stays, 'Gå ut uten å lagre' leaves", async () => {
    const user = userEvent.setup();
    const router = renderAt('/skjema');
    await user.type(screen.getByRole('textbox', { name: 'Notat' }), 'utkast');
    await user.click(screen.getByRole('link', { name: 'Gå videre' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(UNSAVED_CHANGES_MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'Bli på siden' }));
    expect(router.state.location.pathname).toBe('/skjema');
    expect(screen.getByRole('textbox', { name: 'Notat' })).toHaveValue('utkast');

    await user.click(screen.getByRole('link', { name: 'Gå videre' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Gå ut uten å lagre' }));
    expect(await screen.findByText('Annen side')).toBeInTheDocument();
  });

  it('asks the browser before the tab closes with unsaved text', async () => {
    const user = userEvent.setup();
    renderAt('/skjema');
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Notat' }), 'x');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('stays off in the location wizard (/nytt-lokale), which saves step by step', async () => {
    const user = userEvent.setup();
    renderAt('/nytt-lokale/tilganger');
    await user.type(screen.getByRole('textbox', { name: 'Notat' }), 'utkast');
    await user.click(screen.getByRole('link', { name: 'Gå videre' }));
    expect(await screen.findByText('Annen side')).toBeInTheDocument();
  });

  it('lets a form move between its own paths (isWithin), says what leaving costs, and calls onLeave only on a confirmed leave', async () => {
    const user = userEvent.setup();
    const onLeave = vi.fn();
    const router = createMemoryRouter(
      [
        { path: '/veiviser/:step', element: <Wizard onLeave={onLeave} /> },
        { path: '/annet', element: <p>Annen side</p> },
      ],
      { initialEntries: ['/veiviser/en'] },
    );
    render(<RouterProvider router={router} />);
    await user.click(screen.getByRole('link', { name: 'Neste steg' }));
    expect(router.state.location.pathname).toBe('/veiviser/to');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Gå videre' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(UNSAVED_CHANGES_MESSAGE);
    expect(dialog).toHaveTextContent('Går du ut, mister du tidspunktet.');
    await user.click(within(dialog).getByRole('button', { name: 'Bli på siden' }));
    expect(onLeave).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/veiviser/to');

    await user.click(screen.getByRole('link', { name: 'Gå videre' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Gå ut uten å lagre' }));
    expect(await screen.findByText('Annen side')).toBeInTheDocument();
    expect(onLeave).toHaveBeenCalledTimes(1);
  });
});
