import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SlotStatus } from '@lokaler/domain/scheduling/slot-status';
import { WeekCalendar, WeekCalendarLegend } from './week-calendar';

const dates = ['2030-03-04', '2030-03-05', '2030-03-06'];
const times = ['18:00:00', '18:15:00', '18:30:00'];
/** 5 March 18:15 is taken; 6 March is closed. */
const base = (date: string, time: string): SlotStatus | null =>
  date === '2030-03-06' ? null : date === '2030-03-05' && time === '18:15:00' ? 'unavailable' : 'available';

function Calendar() {
  const [chosen, setChosen] = useState<string[]>([]);
  const key = (d: string, t: string) => `${d} ${t}`;
  const statusOf = (d: string, t: string) => {
    const status = base(d, t);
    return status && chosen.includes(key(d, t)) ? 'checked' : status;
  };
  const free = (d: string) => times.filter((t) => base(d, t) === 'available');
  return (
    <WeekCalendar
      label="Gymsal, uke 10"
      dates={dates}
      times={times}
      statusOf={statusOf}
      onToggleSlot={(d, t) => setChosen((c) => (c.includes(key(d, t)) ? c.filter((k) => k !== key(d, t)) : [...c, key(d, t)]))}
      onToggleDay={(d) =>
        setChosen((c) =>
          free(d).every((t) => c.includes(key(d, t)))
            ? c.filter((k) => !k.startsWith(d))
            : [...c.filter((k) => !k.startsWith(d)), ...free(d).map((t) => key(d, t))],
        )
      }
      canToggleDay={(d) => free(d).length > 0}
      isDayChosen={(d) => free(d).length > 0 && free(d).every((t) => chosen.includes(key(d, t)))}
    />
  );
}

const cell = (name: RegExp) => screen.getByRole('gridcell', { name });

describe('WeekCalendar', () => {
  it('names every cell by date, time and status, and marks chosen cells aria-selected', async () => {
    const user = userEvent.setup();
    render(<Calendar />);
    const grid = screen.getByRole('grid', { name: 'Gymsal, uke 10' });
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    expect(cell(/mandag 4\. mars kl\. 18:00–18:15, Ledig/)).toHaveAttribute('aria-selected', 'false');
    expect(cell(/tirsdag 5\. mars kl\. 18:15–18:30, Ikke ledig/)).toHaveAttribute('aria-disabled', 'true');
    expect(cell(/onsdag 6\. mars kl\. 18:00–18:15, Stengt/)).toHaveAttribute('aria-disabled', 'true');

    await user.click(cell(/mandag 4\. mars kl\. 18:00/));
    expect(cell(/mandag 4\. mars kl\. 18:00–18:15, Valgt/)).toHaveAttribute('aria-selected', 'true');
    // Clicking a taken slot changes nothing.
    await user.click(cell(/tirsdag 5\. mars kl\. 18:15/));
    expect(cell(/tirsdag 5\. mars kl\. 18:15–18:30, Ikke ledig/)).toHaveAttribute('aria-selected', 'false');
  });

  it('is one tab stop; arrow keys move the focus (roving tabindex), Space and Enter toggle', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">før</button>
        <Calendar />
        <button type="button">etter</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'før' }));
    await user.tab();
    const first = cell(/mandag 4\. mars kl\. 18:00/);
    expect(first).toHaveFocus();
    expect(screen.getAllByRole('gridcell').filter((c) => c.tabIndex === 0)).toEqual([first]);

    await user.keyboard('{ArrowDown}');
    expect(cell(/mandag 4\. mars kl\. 18:15/)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(cell(/tirsdag 5\. mars kl\. 18:15/)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const target = cell(/tirsdag 5\. mars kl\. 18:30/);
    expect(target).toHaveFocus();
    expect(target.tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);

    await user.keyboard(' ');
    expect(cell(/tirsdag 5\. mars kl\. 18:30–18:45, Valgt/)).toHaveAttribute('aria-selected', 'true');
    // The live region says what happened.
    expect(screen.getByText('tirsdag 5. mars kl. 18:30–18:45, Valgt')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(cell(/tirsdag 5\. mars kl\. 18:30–18:45, Ledig/)).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{Control>}{Home}{/Control}');
    expect(screen.getByRole('button', { name: 'mandag 4. mars: velg hele dagen' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: /onsdag 6\. mars/ })).toHaveFocus();

    // Tab leaves the grid in one step, and comes back to the last focused cell.
    await user.tab();
    expect(screen.getByRole('button', { name: 'etter' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: /onsdag 6\. mars/ })).toHaveFocus();
  });

  it('toggles a whole day from its header, with Enter or a click, never choosing taken slots', async () => {
    const user = userEvent.setup();
    render(<Calendar />);
    await user.click(screen.getByRole('button', { name: 'tirsdag 5. mars: velg hele dagen' }));
    expect(cell(/tirsdag 5\. mars kl\. 18:00–18:15, Valgt/)).toBeInTheDocument();
    expect(cell(/tirsdag 5\. mars kl\. 18:15–18:30, Ikke ledig/)).toBeInTheDocument();
    expect(cell(/tirsdag 5\. mars kl\. 18:30–18:45, Valgt/)).toBeInTheDocument();
    expect(screen.getByText('tirsdag 5. mars: 2 kvarter valgt')).toBeInTheDocument();

    const header = screen.getByRole('button', { name: 'tirsdag 5. mars: fjern hele dagen' });
    header.focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('gridcell').filter((c) => c.getAttribute('aria-selected') === 'true')).toHaveLength(0);

    // A closed day has nothing to choose.
    await user.click(screen.getByRole('button', { name: /onsdag 6\. mars/ }));
    expect(screen.getByRole('button', { name: /onsdag 6\. mars/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getAllByRole('gridcell').filter((c) => c.getAttribute('aria-selected') === 'true')).toHaveLength(0);
  });

  it('shows each day header’s words first in its name (WCAG 2.5.3 label in name: speech input says what it sees)', () => {
    render(<Calendar />);
    const headers = screen.getAllByRole('button', { name: /hele dagen$/ });
    expect(headers.map((h) => h.textContent)).toEqual(['mandag\n4. mars', 'tirsdag\n5. mars', 'onsdag\n6. mars']);
    for (const header of headers) {
      const visible = (header.textContent ?? '').replace(/\s+/g, ' ');
      expect(header.getAttribute('aria-label')?.startsWith(`${visible}: `), `${visible} in ${header.getAttribute('aria-label')}`).toBe(
        true,
      );
    }
  });

  it("names every status in the legend, the administrator's 'Blokkert for innbygger' too", () => {
    render(<WeekCalendarLegend statuses={['available', 'unavailable', 'checked', 'reserved', 'blockedButAllowed', 'closed']} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Ledig',
      'Ikke ledig',
      '✓Valgt',
      '●Din reservasjon',
      '◆Blokkert for innbygger',
      'Stengt',
    ]);
  });
});
