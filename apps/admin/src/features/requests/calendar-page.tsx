import { Button, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { weekStart } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { paths } from '../../config/paths';
import { LocationCalendarFeed } from './location-calendar-feed';
import { LocationHeader } from '../../components/location-header';
import { dayOfMonth, monthOf, validDay } from './month-model';
import { MonthView } from './month-view';
import { WeekView } from './week-view';
import './requests.css';

/**
 * '/lokaler/:locationId/kalender': the week of the location's rooms (?uke=YYYY-MM-DD, any day of
 * the week; the default) or the month (?visning=maaned&maaned=YYYY-MM, with the week it came from
 * while that is in the month), decision 067.
 */
export function CalendarPage() {
  const locationId = Number(useParams().locationId);
  if (!Number.isSafeInteger(locationId) || locationId <= 0) return <NotFoundPage />;
  return <LocationCalendar locationId={locationId} />;
}

function LocationCalendar({ locationId }: { locationId: number }) {
  const [search, setSearch] = useSearchParams();
  const today = todayInOslo(new Date());
  const isMonth = search.get('visning') === 'maaned';
  // A bad date or month in the URL shows the current one; the view switch keeps the place.
  // The month view keeps the week it came from (?uke=) while it shows that week's month, so 'Uke' goes back to it.
  const week = validDay(search.get('uke'));
  const month = monthOf(search.get('maaned'), week ?? today);
  const monday = weekStart(isMonth ? (week?.startsWith(month) ? week : dayOfMonth(month, today)) : (week ?? today));
  const showWeek = (date: string) => setSearch({ uke: date });
  const showMonth = (m: string) => setSearch({ visning: 'maaned', maaned: m, ...(week?.startsWith(m) ? { uke: week } : {}) });

  return (
    <div className="lk-stack">
      <LocationHeader locationId={locationId} view="Kalender" />
      <div className="lk-week-nav">
        <div role="group" aria-label="Kalendervisning" className="lk-view-switch">
          <Button variant={isMonth ? 'secondary' : 'primary'} aria-pressed={!isMonth} onClick={() => showWeek(monday)}>
            Uke
          </Button>
          <Button variant={isMonth ? 'primary' : 'secondary'} aria-pressed={isMonth} onClick={() => showMonth(month)}>
            Måned
          </Button>
        </div>
        <Button asChild>
          <RouterLink to={paths.newAdminBooking.getHref(locationId)}>Ny booking</RouterLink>
        </Button>
      </div>
      {isMonth ? (
        <MonthView locationId={locationId} month={month} today={today} onMonth={showMonth} />
      ) : (
        <WeekView locationId={locationId} monday={monday} today={today} onWeek={showWeek} />
      )}
      <Paragraph data-size="sm" className="lk-subtle">
        Blå: venter på behandling. Grønn: godkjent. Skravert: stengt eller blokkert; en booking som er beholdt der, er merket «beholdt».
        Velg en tid for å åpne søknaden. En tid som venter eller er godkjent, kan flyttes med «Flytt», eller dras til en annen dag eller et
        annet rom i ukevisningen.
      </Paragraph>
      <LocationCalendarFeed locationId={locationId} />
    </div>
  );
}
