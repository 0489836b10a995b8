import { useId, useState, type FormEvent } from 'react';
import { Button, Field, Label, Link, Select } from '@digdir/designsystemet-react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { addPeriodMonths, chooserMonths, monthName, withPeriod } from './invoicing-period';

/**
 * The month in the address (?periode=YYYY-MM): the months before and after as links, and any month of
 * the last two years by a select and 'Vis' (a select that navigated on change would move a keyboard
 * user away while they browse its options).
 */
export function MonthChooser({ period, today }: { period: string; today: string }) {
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const [chosen, setChosen] = useState(period);
  const hrefOf = (month: string) => ({ search: `?${withPeriod(search, month).toString()}` });
  const show = (event: FormEvent) => {
    event.preventDefault();
    // A new history entry per month, so the back button returns to the one before.
    setSearch((current) => withPeriod(current, chosen));
  };
  const before = addPeriodMonths(period, -1);
  const after = addPeriodMonths(period, 1);
  return (
    <div className="lk-invoicing-months">
      <form className="lk-invoicing-month-form" aria-label="Velg måned" onSubmit={show}>
        <Field>
          <Label htmlFor={`${id}-month`}>Måned</Label>
          <Select id={`${id}-month`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
            {chooserMonths(today, period).map((month) => (
              <Select.Option key={month} value={month}>
                {monthName(month)}
              </Select.Option>
            ))}
          </Select>
        </Field>
        <Button type="submit" variant="secondary">
          Vis
        </Button>
      </form>
      <nav aria-label="Måned før og etter" className="lk-invoicing-month-links">
        <Link asChild>
          <RouterLink to={hrefOf(before)}>Forrige måned ({monthName(before)})</RouterLink>
        </Link>
        <Link asChild>
          <RouterLink to={hrefOf(after)}>Neste måned ({monthName(after)})</RouterLink>
        </Link>
      </nav>
    </div>
  );
}
