import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openingHoursMessages, type OpeningHoursBody } from '@lokaler/domain/opening-hours';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { axeViolations } from '../../testing/axe-check';
import { renderInApp } from '../../testing/render-in-app';
import { jsonResponse, stubApi } from '../../testing/stub-api';
import { OpeningHoursForm } from './opening-hours-form';

const stored: OpeningHoursBody = {
  standard: [
    { weekday: 1, opens: '16:00', closes: '22:00' },
    { weekday: 1, opens: '08:00', closes: '12:00' },
  ],
  periods: [],
};
const path = '/api/admin/location/7/openinghours';

setUpAdminTests();

/** A weekday's group; a closed day's name ends with 'Stengt' (its description). */
const day = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}, faste åpningstider`) });

describe('OpeningHoursForm', () => {
  it('shows the stored intervals per weekday, closed days as Stengt, and saves added intervals and a period in one PUT', async () => {
    const api = stubApi({ [`GET ${path}`]: stored, [`PUT ${path}`]: (r: { body: unknown }) => r.body });
    const user = userEvent.setup();
    renderInApp(<OpeningHoursForm locationId={7} mode="settings" />);
    const monday = await screen.findByRole('group', { name: 'Mandag, faste åpningstider' });
    expect(within(monday).getByRole('combobox', { name: 'Mandag tidsrom 1 Fra' })).toHaveValue('08:00');
    expect(within(monday).getByRole('combobox', { name: 'Mandag tidsrom 2 Til' })).toHaveValue('22:00');
    expect(day('Tirsdag')).toHaveAccessibleName('Tirsdag, faste åpningstider Stengt');

    await user.click(within(day('Tirsdag')).getByRole('button', { name: 'Legg til tidsrom tirsdag' }));
    await user.selectOptions(within(day('Tirsdag')).getByRole('combobox', { name: 'Tirsdag tidsrom 1 Til' }), '24:00');
    await user.click(within(monday).getByRole('button', { name: 'Fjern mandag tidsrom 2' }));
    await user.click(screen.getByRole('button', { name: 'Legg til sesongperiode' }));
    await user.type(screen.getByLabelText('Navn på perioden'), 'Sommer');
    await user.type(screen.getByLabelText('Fra og med dato'), '2027-06-20');
    await user.type(screen.getByLabelText('Til og med dato'), '2027-08-10');
    const summerMonday = screen.getByRole('group', { name: /^Mandag, sesongperiode 1: sommer/ });
    await user.click(within(summerMonday).getByRole('button', { name: 'Legg til tidsrom mandag' }));
    await user.click(screen.getByRole('button', { name: 'Lagre' }));

    expect(await screen.findByText('Åpningstidene ble lagret')).toBeInTheDocument();
    expect(api.callsTo('PUT', path)[0]?.body).toEqual({
      standard: [
        { weekday: 1, opens: '08:00', closes: '12:00' },
        { weekday: 2, opens: '08:00', closes: '24:00' },
      ],
      periods: [{ name: 'Sommer', fromDate: '2027-06-20', toDate: '2027-08-10', hours: [{ weekday: 1, opens: '08:00', closes: '16:00' }] }],
    });
  });

  it('shows the schema messages beside the fields and in a summary, and sends nothing', async () => {
    const api = stubApi({ [`GET ${path}`]: stored });
    const user = userEvent.setup();
    renderInApp(<OpeningHoursForm locationId={7} mode="settings" />);
    const monday = await screen.findByRole('group', { name: 'Mandag, faste åpningstider' });
    await user.selectOptions(within(monday).getByRole('combobox', { name: 'Mandag tidsrom 1 Til' }), '18:00');
    await user.click(within(day('Onsdag')).getByRole('button', { name: 'Legg til tidsrom onsdag' }));
    await user.selectOptions(within(day('Onsdag')).getByRole('combobox', { name: 'Onsdag tidsrom 1 Fra' }), '17:00');
    await user.selectOptions(within(day('Onsdag')).getByRole('combobox', { name: 'Onsdag tidsrom 1 Til' }), '09:00');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));

    const summary = await screen.findByRole('link', { name: openingHoursMessages.order });
    expect(summary).toHaveAttribute('href', expect.stringContaining('standard-2-closes'));
    expect(within(day('Onsdag')).getByText(openingHoursMessages.order)).toBeInTheDocument();
    expect(within(monday).getAllByText(openingHoursMessages.overlap)).toHaveLength(2);
    expect(within(monday).getByRole('combobox', { name: 'Mandag tidsrom 1 Fra' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('link', { name: openingHoursMessages.overlap })).toHaveLength(2);
    expect(await axeViolations()).toEqual([]);
    expect(api.callsTo('PUT', path)).toHaveLength(0);
  });

  it('asks for the period name and a to-date on or after the from-date', async () => {
    const api = stubApi({ [`GET ${path}`]: stored });
    const user = userEvent.setup();
    renderInApp(<OpeningHoursForm locationId={7} mode="settings" />);
    await user.click(await screen.findByRole('button', { name: 'Legg til sesongperiode' }));
    await user.type(screen.getByLabelText('Fra og med dato'), '2027-08-10');
    await user.type(screen.getByLabelText('Til og med dato'), '2027-06-20');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    const nameLink = await screen.findByRole('link', { name: openingHoursMessages.periodName });
    // The summary's link leads to the field itself.
    expect(nameLink.getAttribute('href')).toBe(`#${screen.getByLabelText('Navn på perioden').id}`);
    await user.type(screen.getByLabelText('Navn på perioden'), 'Sommer');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByRole('link', { name: openingHoursMessages.periodOrder })).toBeInTheDocument();
    expect(screen.getByLabelText('Til og med dato')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', path)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Fjern sesongperiode 1' }));
    expect(screen.queryByLabelText('Navn på perioden')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Legg til sesongperiode' })).toHaveFocus();
  });

  it("shows the server's message when the save is refused", async () => {
    stubApi({
      [`GET ${path}`]: stored,
      [`PUT ${path}`]: () => jsonResponse(422, { msg: 'x', code: 'VALIDATION', userMsg: 'Åpningstidene overlapper' }),
    });
    const user = userEvent.setup();
    renderInApp(<OpeningHoursForm locationId={7} mode="settings" />);
    await user.click(await screen.findByRole('button', { name: 'Lagre' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Åpningstidene overlapper');
  });

  it("in the wizard saves with 'Lagre og gå videre' and calls onSaved", async () => {
    const api = stubApi({ [`GET ${path}`]: stored, [`PUT ${path}`]: (r: { body: unknown }) => r.body });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderInApp(<OpeningHoursForm locationId={7} mode="wizard" onSaved={onSaved} />);
    await user.click(await screen.findByRole('button', { name: 'Lagre og gå videre' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.callsTo('PUT', path)).toHaveLength(1);
  });

  it("in the wizard refuses every day closed: 'Lokalet må ha åpningstider', nothing sent, not 'Lagret'", async () => {
    const api = stubApi({ [`GET ${path}`]: { standard: [], periods: [] }, [`PUT ${path}`]: (r: { body: unknown }) => r.body });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderInApp(<OpeningHoursForm locationId={7} mode="wizard" onSaved={onSaved} />);
    await user.click(await screen.findByRole('button', { name: 'Lagre og gå videre' }));
    expect(await screen.findAllByText('Lokalet må ha åpningstider')).toHaveLength(2);
    expect(api.callsTo('PUT', path)).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(await axeViolations()).toEqual([]);

    await user.click(within(day('Onsdag')).getByRole('button', { name: 'Legg til tidsrom onsdag' }));
    await user.click(screen.getByRole('button', { name: 'Lagre og gå videre' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.callsTo('PUT', path)[0]?.body).toEqual({ standard: [{ weekday: 3, opens: '08:00', closes: '16:00' }], periods: [] });
  });

  it('in the settings a week with every day closed may still be saved (closing a location is a settings decision)', async () => {
    const api = stubApi({ [`GET ${path}`]: { standard: [], periods: [] }, [`PUT ${path}`]: (r: { body: unknown }) => r.body });
    const user = userEvent.setup();
    renderInApp(<OpeningHoursForm locationId={7} mode="settings" />);
    await user.click(await screen.findByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Åpningstidene ble lagret')).toBeInTheDocument();
    expect(api.callsTo('PUT', path)).toHaveLength(1);
  });
});
