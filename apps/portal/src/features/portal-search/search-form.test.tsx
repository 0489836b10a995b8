import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { formatDateText } from '@lokaler/ui/date-text';
import type { SearchFormValues } from '@lokaler/domain/search-form';
import { stubApi } from '../../testing/render-portal';
import { durationLabel, SearchForm, type SearchFormProps } from './search-form';

const today = todayInOslo(new Date());
const blank: SearchFormValues = {
  searchType: 'singleLoan',
  tagIds: [],
  date: '',
  from: '',
  to: '',
  duration: '',
  repetition: '',
  daysOfWeek: [],
};

function renderForm(props: Partial<SearchFormProps> = {}) {
  const onSearch = vi.fn<(values: SearchFormValues) => void>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SearchForm values={blank} onSearch={onSearch} {...props} />
    </QueryClientProvider>,
  );
  return { ...view, onSearch, user: userEvent.setup() };
}

const search = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Søk' }));

beforeEach(() => {
  resetApiClient();
  stubApi({
    '/api/tags': [
      { id: 1, name: 'Projektor', tagType: 'facility' },
      { id: 21, name: 'Møte', tagType: 'purpose' },
      { id: 22, name: 'Idrett og trening', tagType: 'purpose' },
    ],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the search form', () => {
  it('requires a date: the error summary takes the focus, and its link takes it to the field', async () => {
    const { user, onSearch } = renderForm();
    await search(user);
    const summary = await screen.findByRole('group', { name: 'For å søke må du rette opp følgende:' });
    expect(summary).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: 'Dato er påkrevd' }));
    expect(screen.getByLabelText('Dato')).toHaveFocus();
    expect(screen.getByLabelText('Dato')).toHaveAttribute('aria-invalid', 'true');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('refuses a date in the past and one more than 1.5 years ahead', async () => {
    const { user, onSearch } = renderForm({ values: { ...blank, date: addDays(today, -1) } });
    await search(user);
    // In the summary and under the field.
    expect(await screen.findAllByText('Dato kan ikke være i fortiden')).toHaveLength(2);
    await user.clear(screen.getByLabelText('Dato'));
    await user.type(screen.getByLabelText('Dato'), addDays(today, 600));
    expect(await screen.findAllByText('Dato kan ikke være mer enn 1.5 år frem i tid')).toHaveLength(2);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches a single date with the chosen duration and activity', async () => {
    const { user, onSearch } = renderForm();
    const date = addDays(today, 7);
    await user.type(screen.getByLabelText('Dato'), date);
    await screen.findByRole('option', { name: 'Møte' });
    expect(screen.queryByRole('option', { name: 'Projektor' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Aktivitet'), 'Møte');
    await user.selectOptions(screen.getByLabelText('Varighet'), '2 timer og 30 minutter');
    await search(user);
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith({ ...blank, tagIds: [21], date, duration: 'PT2H30M' });
  });

  it("drops the tag when 'Alle aktiviteter' is chosen", async () => {
    const { user, onSearch } = renderForm({ values: { ...blank, tagIds: [22], date: addDays(today, 1), duration: 'PT1H' } });
    expect(await screen.findByRole('option', { name: 'Idrett og trening', selected: true })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Aktivitet'), 'Alle aktiviteter');
    await search(user);
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ ...blank, date: addDays(today, 1), duration: 'PT1H' }));
  });

  it('offers 30 minutes to 15 hours in 30-minute steps, starting at PT1H', () => {
    renderForm();
    const options = screen.getAllByRole('option').filter((o) => o.closest('select') === screen.getByLabelText('Varighet'));
    expect(options).toHaveLength(30);
    expect(options[0]).toHaveTextContent('30 minutter');
    expect(options.at(-1)).toHaveTextContent('15 timer');
    expect(screen.getByLabelText('Varighet')).toHaveValue('PT1H');
  });

  it("hides durations below the location's minimum and raises a shorter one", () => {
    renderForm({ values: { ...blank, duration: 'PT1H' }, minDurationMinutes: 120, showActivity: false });
    const select = screen.getByLabelText('Varighet');
    expect(select).toHaveValue('PT2H');
    expect(screen.queryByRole('option', { name: '1 time og 30 minutter' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Aktivitet')).not.toBeInTheDocument();
  });

  it('asks a recurring search for both dates, an order, a pattern and a weekday', async () => {
    const { user, onSearch } = renderForm({ title: 'Finn rom til lån eller leie' });
    expect(screen.getByRole('form', { name: 'Finn rom til lån eller leie' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Gjentakende lån' }));
    await search(user);
    const summary = await screen.findByRole('group', { name: 'For å søke må du rette opp følgende:' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dato er påkrevd', 'Dato er påkrevd', 'Velg hvor ofte', 'Velg minst én ukedag']);
    expect(screen.getAllByText('Velg hvor ofte')).toHaveLength(2);
    expect(summary).toHaveFocus();
    await user.click(within(summary).getAllByRole('link', { name: 'Dato er påkrevd' })[1]!);
    expect(screen.getByLabelText('Til dato')).toHaveFocus();

    await user.type(screen.getByLabelText('Fra dato'), addDays(today, 30));
    await user.type(screen.getByLabelText('Til dato'), addDays(today, 20));
    await search(user);
    expect(await screen.findAllByText('Til-dato kan ikke være før fra-dato')).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'For å søke må du rette opp følgende:' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'Ukentlig' }));
    await user.clear(screen.getByLabelText('Til dato'));
    await user.type(screen.getByLabelText('Til dato'), addDays(today, 40));
    await search(user);
    await waitFor(() => expect(screen.getByRole('group', { name: 'For å søke må du rette opp følgende:' })).toHaveFocus());
    await user.click(screen.getByRole('link', { name: 'Velg minst én ukedag' }));
    expect(screen.getByRole('checkbox', { name: 'Mandag' })).toHaveFocus();
    expect(screen.queryByText('Velg hvor ofte')).not.toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches a recurring loan with the pattern and weekdays, without the single date', async () => {
    const { user, onSearch } = renderForm({ values: { ...blank, date: addDays(today, 3) } });
    await user.click(screen.getByRole('radio', { name: 'Gjentakende lån' }));
    await user.type(screen.getByLabelText('Fra dato'), addDays(today, 7));
    await user.type(screen.getByLabelText('Til dato'), addDays(today, 90));
    await user.click(screen.getByRole('radio', { name: 'Annenhver uke' }));
    await user.click(screen.getByRole('checkbox', { name: 'Torsdag' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tirsdag' }));
    await search(user);
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch.mock.calls[0]?.[0]).toEqual({
      searchType: 'recurringLoan',
      tagIds: [],
      date: '',
      from: addDays(today, 7),
      to: addDays(today, 90),
      duration: 'PT1H',
      repetition: 'BIWEEKLYONWEEKDAY',
      daysOfWeek: ['TUESDAY', 'THURSDAY'],
    });
  });

  it('shows new values when the URL changes', async () => {
    const { rerender, onSearch } = renderForm();
    const date = addDays(today, 5);
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <SearchForm values={{ ...blank, date, duration: 'PT3H' }} onSearch={onSearch} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByLabelText('Dato')).toHaveValue(formatDateText(date)));
    expect(screen.getByLabelText('Varighet')).toHaveValue('PT3H');
  });
});

describe('duration labels', () => {
  it('reads in Norwegian', () => {
    expect(['PT30M', 'PT1H', 'PT1H30M', 'PT2H', 'PT15H'].map(durationLabel)).toEqual([
      '30 minutter',
      '1 time',
      '1 time og 30 minutter',
      '2 timer',
      '15 timer',
    ]);
  });
});
