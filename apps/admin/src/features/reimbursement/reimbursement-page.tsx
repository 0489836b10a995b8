import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { reimbursementReportQuery } from '@lokaler/api-client/admin-reimbursement';
import { useAdminLocations } from '@lokaler/api-client/current-user';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { ReimbursementQuery } from '@lokaler/domain/reimbursement';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { paths } from '../../config/paths';
import { formatDay } from '../../lib/format';
import { CsvDownloadLink } from './csv-download-link';
import { periodFromSearch, reimbursementRangeForm, withPeriod, type ReimbursementRangeForm } from './reimbursement-range';
import { ReimbursementBookingTable, ReimbursementGroupTable } from './reimbursement-tables';
import './reimbursement-page.css';
import { DateFieldControl } from '@lokaler/ui/date-field-control';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';

/**
 * '/innstillinger/lokalet/refusjon?lokale={id}&fra={date}&til={date}': the reimbursement report of a
 * location (decision 015) for a period, this year unless the address says otherwise, with the CSV
 * downloads. The period lives in the address (decision 063): a reload or a shared link shows the same
 * period, and the back button the previous one. Without ?lokale the first
 * location the administrator has (decision 015); the server checks access on every call.
 */
export function ReimbursementPage() {
  const { user } = useAuth();
  const locations = useAdminLocations(user?.sub);
  const asked = Number(useSearchParams()[0].get('lokale'));
  const locationId = Number.isSafeInteger(asked) && asked > 0 ? asked : locations.data?.[0]?.id;
  const name = locations.data?.find((l) => l.id === locationId)?.name;
  usePageTitle(name ? `Refusjon – ${name}` : 'Refusjon');

  return (
    <div className="lk-stack">
      <Paragraph data-size="sm">
        <Link asChild>
          <RouterLink to={paths.home.getHref()}>Mine lokaler</RouterLink>
        </Link>
      </Paragraph>
      <Heading level={1} data-size="lg">
        Refusjon{name ? ` – ${name}` : ''}
      </Heading>
      <Paragraph className="lk-narrow">
        Godkjente bookinger med godkjente tider i perioden: hvem de gjelder, kostnadskategori, timer brukt og beløp. For en booking med
        fakturagrunnlag (selvkost eller markedspris) er beløpet grunnlaget for periodens måneder, fakturert eller ikke, også etter endringer
        i tidene – det samme som fakturaene sier. For andre er beløpet prisen i godkjenningen fordelt på timene, så en periode får sin del
        av en booking som går over flere perioder.
      </Paragraph>
      {locationId === undefined ? (
        locations.isPending ? (
          <Loading label="Henter lokalene dine" />
        ) : (
          <Paragraph>Du administrerer ingen lokaler.</Paragraph>
        )
      ) : (
        <Report locationId={locationId} />
      )}
    </div>
  );
}

function Report({ locationId }: { locationId: number }) {
  const [search, setSearch] = useSearchParams();
  const range = periodFromSearch(search, todayInOslo(new Date()));
  // A new history entry per chosen period, so the back button returns to the one before.
  const setRange = (next: ReimbursementQuery) => setSearch((current) => withPeriod(current, next));
  const report = useQuery(reimbursementReportQuery(locationId, range));
  const period = `${formatDay(range.fromDateInclusive)}–${formatDay(addDays(range.toDateExclusive, -1))}`;
  return (
    <>
      {/* Keyed by the period: going back in history shows that period's dates in the fields. */}
      <RangeForm key={`${range.fromDateInclusive}/${range.toDateExclusive}`} initial={range} onSubmit={setRange} />
      {report.isPending && <Loading label="Henter rapporten" />}
      {report.error && <LoadFailureAlert failure={loadFailureMessage(report.error)} />}
      {report.data && (
        <section aria-labelledby="lk-reimbursement-bookings" aria-busy={report.isFetching} className="lk-stack">
          <Heading level={2} data-size="sm" id="lk-reimbursement-bookings">
            Bookinger {period}
          </Heading>
          <Paragraph role="status">
            {report.data.rows.length === 0
              ? 'Ingen godkjente bookinger i perioden.'
              : `${report.data.rows.length} ${report.data.rows.length === 1 ? 'booking' : 'bookinger'}`}
          </Paragraph>
          {report.data.rows.length > 0 && (
            <>
              <ReimbursementBookingTable report={report.data} caption={`Refusjon for ${period}`} />
              <CsvDownloadLink locationId={locationId} range={range} part="bookings" />
              <ReimbursementGroupTable report={report.data} />
              <CsvDownloadLink locationId={locationId} range={range} part="sums" />
            </>
          )}
        </section>
      )}
    </>
  );
}

function RangeForm({ initial, onSubmit }: { initial: ReimbursementQuery; onSubmit: (range: ReimbursementQuery) => void }) {
  const {
    handleSubmit,
    control,
    formState: { errors, submitCount },
  } = useForm<ReimbursementRangeForm, unknown, z.output<typeof reimbursementRangeForm>>({
    resolver: zodResolver(reimbursementRangeForm),
    // The error summary takes the focus on a refused submit (decision 020).
    shouldFocusError: false,
    defaultValues: { fromDateInclusive: initial.fromDateInclusive, toDateInclusive: addDays(initial.toDateExclusive, -1) },
  });
  return (
    <form className="lk-reimbursement-form" aria-label="Periode" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <FormErrorSummary errors={errors} submitCount={submitCount} heading="For å vise rapporten må du rette opp følgende feil:" />
      <DateFieldControl control={control} name="fromDateInclusive" label="Fra og med" />
      <DateFieldControl control={control} name="toDateInclusive" label="Til og med" />
      <div>
        <Button type="submit">Vis rapport</Button>
      </div>
    </form>
  );
}
