import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckboxFilter, type CheckboxFilterOption } from './checkbox-filter';

const districts: CheckboxFilterOption<string>[] = ['Alna', 'Bjerke', 'Frogner', 'Gamle Oslo', 'Grorud'].map((name) => ({
  value: name.toLowerCase(),
  label: name,
}));

/** The filter with its chosen values kept as a page keeps them, and the last onChange answer shown. */
function Harness({ folded, initial = [] }: { folded?: number; initial?: string[] }) {
  const [chosen, setChosen] = useState<string[]>(initial);
  return (
    <>
      <CheckboxFilter legend="Bydel" options={districts} chosen={chosen} onChange={setChosen} folded={folded} />
      <output aria-label="valgt">{chosen.join(',')}</output>
    </>
  );
}

const values = (group: HTMLElement) =>
  within(group)
    .getAllByRole('checkbox')
    .map((c) => c.getAttribute('value'));

describe('CheckboxFilter', () => {
  it('checks and unchecks, keeping the values in the order chosen', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Bydel' });
    expect(values(group)).toEqual(['alna', 'bjerke', 'frogner', 'gamle oslo', 'grorud']);
    expect(within(group).queryByRole('button')).toBeNull();
    await user.click(within(group).getByRole('checkbox', { name: 'Grorud' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Alna' }));
    expect(screen.getByRole('status', { name: 'valgt' })).toHaveTextContent('grorud,alna');
    await user.click(within(group).getByRole('checkbox', { name: 'Grorud' }));
    expect(screen.getByRole('status', { name: 'valgt' })).toHaveTextContent(/^alna$/);
    expect(within(group).getByRole('checkbox', { name: 'Alna' })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Bjerke' })).not.toBeChecked();
  });

  it("folds to the first options with 'Vis alle', and never hides a chosen one", async () => {
    const user = userEvent.setup();
    render(<Harness folded={3} initial={['grorud']} />);
    const group = screen.getByRole('group', { name: 'Bydel' });
    expect(values(group)).toEqual(['alna', 'bjerke', 'frogner', 'grorud']);
    const toggle = within(group).getByRole('button', { name: 'Vis alle' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', group.id);
    await user.click(toggle);
    expect(values(group)).toHaveLength(5);
    expect(within(group).getByRole('button', { name: 'Vis færre' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(group).getByRole('button', { name: 'Vis færre' }));
    expect(values(group)).toEqual(['alna', 'bjerke', 'frogner', 'grorud']);
  });

  it('shows no toggle when the options fit within the fold', () => {
    render(<Harness folded={5} />);
    expect(within(screen.getByRole('group', { name: 'Bydel' })).queryByRole('button')).toBeNull();
  });
});
