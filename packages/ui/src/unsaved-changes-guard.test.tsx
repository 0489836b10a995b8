import { beforeEach, describe, expect, it } from 'vitest';
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

function renderAt(path: string) {
  const router = createMemoryRouter([
    { path: '/skjema', element: <Form /> },
    { path: '/nytt-lokale/:step', element: <Form /> },
    { path: '/annet', element: <p>Annen side</p> },
  ], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) { this.setAttribute('open', ''); };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) { this.removeAttribute('open'); };
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
});
