import { describe, expect, it } from 'vitest';
import {
  locationHrefsFor,
  portalLocationHref,
  portalSearchHref,
  readSearchValues,
  readSearchView,
  toPortalSearch,
  writeSearchValues,
} from './search-url';

const params = (qs: string) => new URLSearchParams(qs);

describe('the search in the URL', () => {
  it('reads a recurring search and writes it back the same', () => {
    const qs =
      'loanType=recurringLoan&tagIds=3&tagIds=7&from=2026-12-01&to=2027-03-01&duration=PT1H30M&repetition=WEEKLYONWEEKDAY&daysOfWeek=TUESDAY&daysOfWeek=THURSDAY';
    const values = readSearchValues(params(qs));
    expect(values).toEqual({
      searchType: 'recurringLoan',
      tagIds: [3, 7],
      date: '',
      from: '2026-12-01',
      to: '2027-03-01',
      duration: 'PT1H30M',
      repetition: 'WEEKLYONWEEKDAY',
      daysOfWeek: ['TUESDAY', 'THURSDAY'],
    });
    expect(writeSearchValues(values).toString()).toBe(qs);
    expect(toPortalSearch(values)).toEqual({
      kind: 'recurring',
      tagIds: [3, 7],
      from: '2026-12-01',
      to: '2027-03-01',
      duration: 'PT1H30M',
      repetition: 'WEEKLYONWEEKDAY',
      daysOfWeek: ['TUESDAY', 'THURSDAY'],
    });
  });

  it("drops the 'alle' tag, invalid dates, unknown patterns and weekdays", () => {
    const values = readSearchValues(params('tagIds=alle&tagIds=4&date=2026-13-40&repetition=DAILY&daysOfWeek=FUNDAY&daysOfWeek=MONDAY'));
    expect(values).toMatchObject({ searchType: 'singleLoan', tagIds: [4], date: '', repetition: '', daysOfWeek: ['MONDAY'] });
    expect(writeSearchValues({ ...values, tagIds: [4] }).getAll('tagIds')).toEqual(['4']);
  });

  it('runs a search only when it is complete', () => {
    expect(toPortalSearch(readSearchValues(params('date=2026-12-01')))).toBeNull();
    expect(toPortalSearch(readSearchValues(params('date=2026-12-01&duration=PT1H')))).toEqual({
      kind: 'single',
      tagIds: [],
      date: '2026-12-01',
      duration: 'PT1H',
    });
    expect(
      toPortalSearch(
        readSearchValues(params('loanType=recurringLoan&from=2026-12-01&to=2027-01-01&duration=PT1H&repetition=WEEKLYONWEEKDAY')),
      ),
    ).toBeNull();
  });

  it('keeps the other parameters when the search changes, and writes only the chosen loan type', () => {
    const written = writeSearchValues(readSearchValues(params('date=2026-12-01&duration=PT1H')), params('searchType=map&from=2026-01-01'));
    expect(written.get('searchType')).toBe('map');
    expect(written.get('from')).toBeNull();
    expect(readSearchView(written)).toBe('map');
    expect(readSearchView(params('searchType=kalender'))).toBeNull();
  });

  it('links to a view and to a location page with the search but without the view', () => {
    const current = params('searchType=list&loanType=singleLoan&date=2026-12-01&duration=PT2H&scrollTo=9');
    expect(portalSearchHref('map', current)).toBe('/portal?loanType=singleLoan&date=2026-12-01&duration=PT2H&searchType=map');
    expect(portalLocationHref(12, current, 34)).toBe('/lokale/12?ressurs=34&scrollTo=34&loanType=singleLoan&date=2026-12-01&duration=PT2H');
  });

  it('builds the same links from a search read once for a whole list, also without a room or without a search, with the values encoded', () => {
    const current = params(
      'searchType=map&loanType=recurringLoan&from=2026-12-01&to=2027-01-31&duration=PT2H&daysOfWeek=TUESDAY&daysOfWeek=THURSDAY&tagIds=5&ressurs=3',
    );
    const hrefs = locationHrefsFor(current);
    expect(hrefs(12, 34)).toBe(portalLocationHref(12, current, 34));
    expect(hrefs(12, 34)).toBe(
      '/lokale/12?ressurs=34&scrollTo=34&loanType=recurringLoan&from=2026-12-01&to=2027-01-31&duration=PT2H&daysOfWeek=TUESDAY&daysOfWeek=THURSDAY&tagIds=5',
    );
    expect(hrefs(12)).toBe(
      '/lokale/12?loanType=recurringLoan&from=2026-12-01&to=2027-01-31&duration=PT2H&daysOfWeek=TUESDAY&daysOfWeek=THURSDAY&tagIds=5',
    );
    expect(locationHrefsFor(params('searchType=list'))(12, 34)).toBe('/lokale/12?ressurs=34&scrollTo=34');
    expect(locationHrefsFor(params(''))(12)).toBe('/lokale/12');
  });
});
