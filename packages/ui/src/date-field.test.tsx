import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DateField } from './date-field';
import { parseDateText } from './date-text';

/** The field with its value kept as a form keeps it, and the value shown for the test to read. */
function Harness({ initial = '', min, max, error }: { initial?: string; min?: string; max?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Dato" value={value} onChange={setValue} min={min} max={max} error={error} />
      <output aria-label="verdi">{value}</output>
      <button type="button">Neste felt</button>
    </>
  );
}

const shown = () => screen.getByRole('status', { name: 'verdi' }).textContent;

describe('parseDateText', () => {
  it('reads dd.mm.åååå with or without leading zeros, and ISO dates pasted in', () => {
    expect(parseDateText('24.12.2026')).toBe('2026-12-24');
    expect(parseDateText(' 1.2.2027 ')).toBe('2027-02-01');
    expect(parseDateText('2026-03-29')).toBe('2026-03-29');
    expect(parseDateText('29.02.2028')).toBe('2028-02-29');
    expect(parseDateText('')).toBe('');
  });

  it('refuses text that is no day of the calendar', () => {
    for (const text of ['31.02.2026', '29.02.2027', '32.01.2026', '12.13.2026', '24.12.26', '24/12/2026', 'i morgen', '2026-02-30']) {
      expect(parseDateText(text), text).toBeNull();
    }
  });
});

describe('DateField', () => {
  it('takes a date written as dd.mm.åååå and gives the form YYYY-MM-DD; a set value shows in Norwegian', async () => {
    render(<Harness initial="2026-12-01" />);
    const input = screen.getByRole('textbox', { name: 'Dato' });
    expect(input).toHaveValue('01.12.2026');
    expect(input).toHaveAccessibleDescription('dd.mm.åååå');
    await userEvent.clear(input);
    await userEvent.type(input, '24.12.2026');
    expect(shown()).toBe('2026-12-24');
    await userEvent.clear(input);
    expect(shown()).toBe('');
  });

  it('says how to write a date when the text is none, once the person leaves the field', async () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Dato' });
    await userEvent.type(input, '31.02.2026');
    // Not while typing: only on leaving.
    expect(screen.queryByText(/Skriv datoen som/)).not.toBeInTheDocument();
    // The form gets the text itself, so its schema refuses it too.
    expect(shown()).toBe('31.02.2026');
    await userEvent.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Skriv datoen som dd\.mm\.åååå, for eksempel 24\.12\.2026\./);
    await userEvent.clear(input);
    await userEvent.type(input, '28.02.2026');
    expect(shown()).toBe('2026-02-28');
    expect(screen.queryByText(/Skriv datoen som/)).not.toBeInTheDocument();
  });

  it("shows the form's own message for a date the form refuses", () => {
    render(<Harness initial="2020-01-01" error="Datoen kan ikke være tilbake i tid" />);
    expect(screen.getByRole('textbox', { name: 'Dato' })).toHaveAccessibleDescription(/Datoen kan ikke være tilbake i tid/);
  });

  it('opens a Norwegian calendar from its button, weeks from Monday, chosen by the keyboard alone', async () => {
    render(<Harness initial="2026-12-10" min="2026-12-03" max="2027-06-30" />);
    await userEvent.click(screen.getByRole('button', { name: 'Velg dato i kalender, valgt 10.12.2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Velg dato' });
    const grid = await within(dialog).findByRole('grid', { name: 'desember 2026' });
    const weekdays = [...grid.querySelectorAll('th')].map((th) => th.getAttribute('aria-label'));
    expect(weekdays).toEqual(['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag']);
    // The chosen day has the focus; the arrow keys move by days and weeks, Page Down by a month.
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName(/10\. desember 2026/));
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(/fredag 18\. desember 2026/);
    await userEvent.keyboard('{Enter}');
    expect(shown()).toBe('2026-12-18');
    expect(screen.getByRole('textbox', { name: 'Dato' })).toHaveValue('18.12.2026');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no day before the first or after the last one may choose', async () => {
    render(<Harness min="2026-12-03" max="2026-12-20" />);
    await userEvent.click(screen.getByRole('button', { name: 'Velg dato i kalender' }));
    const dialog = await screen.findByRole('dialog', { name: 'Velg dato' });
    expect(await within(dialog).findByRole('button', { name: / 2\. desember 2026/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: / 21\. desember 2026/ })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: / 3\. desember 2026/ }));
    expect(shown()).toBe('2026-12-03');
  });
});
