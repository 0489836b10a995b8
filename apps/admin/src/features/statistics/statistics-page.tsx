import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { statisticsQuery } from '@lokaler/api-client/admin-statistics';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import type { StatisticsPeriod } from '@lokaler/domain/statistics';
import { DateFieldControl } from '@lokaler/ui/date-field-control';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { paths } from '../../config/paths';
import { formatDay } from '../../lib/format';
import { LocationHeader } from '../../components/location-header';
import { DemandFigure, UtilisationFigure } from './heat-maps';
import { BreakdownFigure, HandlingTimesFigure } from './statistics-figures';
import { periodFromSearch, statisticsPeriodForm, withPeriod, type StatisticsPeriodForm } from './statistics-period';
import './statistics.css';

/**
 * '/lokaler/{id}/statistikk?fra&til': a location's use in figures (decision 068), for its
 * administrators; the server checks access on every call.
 */
export function LocationStatisticsPage() {
  const locationId = Number(useParams().locationId);
  if (!Number.isSafeInteger(locationId) || locationId <= 0) {
    return <Paragraph>Ukjent lokale.</Paragraph>;
  }
  return (
    <div className="lk-stack">
      <LocationHeader locationId={locationId} view="Statistikk" />
      <Statistics locationId={locationId} />
    </div>
  );
}

/** '/statistikk?fra&til': the whole city's figures, for a city-wide administrator (anyone else gets the server's 403 message). */
export function CityStatisticsPage() {
  usePageTitle('Statistikk for hele byen');
  return (
    <div className="lk-stack">
      <Paragraph data-size="sm">
        <Link asChild>
          <RouterLink to={paths.home.getHref()}>Mine lokaler</RouterLink>
        </Link>
      </Paragraph>
      <Heading level={1} data-size="lg">
        Statistikk for hele byen
      </Heading>
      <Statistics locationId={null} />
    </div>
  );
}

function Statistics({ locationId }: { locationId: number | null }) {
  const [search, setSearch] = useSearchParams();
  const period = periodFromSearch(search, todayInOslo(new Date()));
  // A new history entry per chosen period, so the back button returns to the one before.
  const setPeriod = (next: StatisticsPeriod) => setSearch((current) => withPeriod(current, next));
  const report = useQuery(statisticsQuery(locationId, period));
  const data = report.data;
  return (
    <>
      {/* Keyed by the period: going back in history shows that period's dates in the fields. */}
      <PeriodForm key={`${period.from}/${period.to}`} initial={period} onSubmit={setPeriod} />
      <Paragraph role="status">{report.isPending ? '' : `Viser ${formatDay(period.from)}–${formatDay(period.to)}.`}</Paragraph>
      {report.isPending && <Loading label="Henter statistikken" />}
      {report.error && <LoadFailureAlert failure={loadFailureMessage(report.error)} />}
      {data && (
        <div className="lk-stack" aria-busy={report.isFetching}>
          <UtilisationFigure report={data} period={period} />
          <BreakdownFigure
            figure="purpose"
            intro="Bookede timer i perioden etter hva bookingen gjelder."
            keyHeader="Formål"
            rows={data.purposes}
            locationId={locationId}
            period={period}
          />
          <BreakdownFigure
            figure="age-group"
            intro="Bookede timer etter aldersgruppen søkeren oppga. Bare skjemaet for semesterlån spør om aldersgruppe, så mange bookinger har ingen."
            keyHeader="Aldersgruppe"
            rows={data.ageGroups}
            locationId={locationId}
            period={period}
          />
          <BreakdownFigure
            figure="organisation-type"
            intro="Bookede timer etter hvem som booket: en organisasjon etter organisasjonsformen i Enhetsregisteret da søknaden ble sendt, en privatperson eller kommunen selv. Eldre søknader, og søknader sendt mens registeret ikke svarte, står som «Organisasjonsform ikke kjent»."
            keyHeader="Type søker"
            rows={data.organisationTypes}
            locationId={locationId}
            period={period}
          />
          <DemandFigure report={data} period={period} />
          <HandlingTimesFigure report={data} period={period} />
        </div>
      )}
    </>
  );
}

function PeriodForm({ initial, onSubmit }: { initial: StatisticsPeriod; onSubmit: (period: StatisticsPeriod) => void }) {
  const {
    handleSubmit,
    control,
    formState: { errors, submitCount },
  } = useForm<StatisticsPeriodForm, unknown, z.output<typeof statisticsPeriodForm>>({
    resolver: zodResolver(statisticsPeriodForm),
    // The error summary takes the focus on a refused submit (decision 020).
    shouldFocusError: false,
    defaultValues: { from: initial.from, to: initial.to },
  });
  return (
    <form className="lk-statistics-form" aria-label="Periode" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <FormErrorSummary errors={errors} submitCount={submitCount} heading="For å vise statistikken må du rette opp følgende feil:" />
      <DateFieldControl control={control} name="from" label="Fra og med" />
      <DateFieldControl control={control} name="to" label="Til og med" />
      <div>
        <Button type="submit">Vis statistikk</Button>
      </div>
    </form>
  );
}
