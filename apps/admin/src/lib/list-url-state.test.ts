import { describe, expect, it } from 'vitest';
import { hasNarrowingFilters, listQueryOf, listSearchOf, parseListState, withFilters, withPage } from './list-url-state';

const parse = (query: string) => parseListState(new URLSearchParams(query));

describe('request list state in the URL', () => {
  it('opens on the work queue: unprocessed, nearest deadline first, page 1, with a plain URL', () => {
    const state = parse('');
    expect(state).toEqual({ status: 'UNPROCESSED', sort: 'deadline', page: 1 });
    expect(listSearchOf(state).toString()).toBe('');
  });

  it('reads every filter and writes it back the same', () => {
    const query =
      'status=APPROVED&fromDate=2026-03-01&toDate=2026-03-31&bookableAssetId=12&purpose=PUBLICUSER_LOAN&text=sjakk&sort=firstDate&page=3';
    const state = parse(query);
    expect(state).toEqual({
      status: 'APPROVED',
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
      bookableAssetId: 12,
      purpose: 'PUBLICUSER_LOAN',
      text: 'sjakk',
      sort: 'firstDate',
      page: 3,
    });
    expect(listSearchOf(state).toString()).toBe(query);
  });

  it("keeps 'Mine saker' as assignee=me, sends it to the server, and clears it with the filters", () => {
    const state = parse('assignee=me&sort=-created');
    expect(state).toEqual({ status: 'UNPROCESSED', mine: true, sort: '-created', page: 1 });
    expect(listSearchOf(state).toString()).toBe('assignee=me&sort=-created');
    expect(listQueryOf(7, state)).toMatchObject({ assignee: 'me' });
    expect(hasNarrowingFilters(state)).toBe(true);
    expect(withFilters(state, { mine: false })).toEqual({ status: 'UNPROCESSED', sort: '-created', page: 1 });
    expect(parse('assignee=someone').mine).toBeUndefined();
  });

  it("keeps 'Alle' as status=ALL", () => {
    expect(parse('status=ALL').status).toBe('ALL');
    expect(listSearchOf(parse('status=ALL')).get('status')).toBe('ALL');
  });

  it('drops what the URL cannot hold: bad dates show empty, unknown values fall back', () => {
    expect(
      parse('status=PENDING&fromDate=2026-02-30&toDate=01.03.2026&bookableAssetId=abc&purpose=PARTY&sort=price&page=-2&text=%20%20'),
    ).toEqual({ status: 'UNPROCESSED', sort: 'deadline', page: 1 });
    expect(parse('bookableAssetId=0').bookableAssetId).toBeUndefined();
  });

  it('starts on page 1 when a filter or the sort changes, and clears a filter set to nothing', () => {
    const state = parse('status=ALL&text=kor&page=4');
    expect(withFilters(state, { purpose: 'ADMINUSER_INTERNAL_ACTIVITY' })).toEqual({
      status: 'ALL',
      text: 'kor',
      purpose: 'ADMINUSER_INTERNAL_ACTIVITY',
      sort: 'deadline',
      page: 1,
    });
    expect(withFilters(state, { text: undefined })).toEqual({ status: 'ALL', sort: 'deadline', page: 1 });
    expect(withFilters(state, { sort: 'applicant' }).page).toBe(1);
    expect(withPage(state, 5).page).toBe(5);
    expect(withPage(state, 0).page).toBe(1);
  });

  it("offers 'Nullstill filtre' only when something narrows the list", () => {
    expect(hasNarrowingFilters(parse('status=ALL&sort=applicant&page=2'))).toBe(false);
    expect(hasNarrowingFilters(parse('bookableAssetId=3'))).toBe(true);
  });
});

describe('the GET /api/booking query of a state', () => {
  it('sends the location, the status as a list, and the page counted from 0', () => {
    expect(listQueryOf(7, parse('page=2'))).toEqual({ locationId: 7, status: ['UNPROCESSED'], sort: 'deadline', page: 1, pageSize: 25 });
  });

  it("sends no status for 'Alle' and every filter as named", () => {
    expect(
      listQueryOf(
        7,
        parse('status=ALL&fromDate=2026-03-01&toDate=2026-03-31&bookableAssetId=12&purpose=PUBLICUSER_LOAN&text=sjakk&sort=-firstDate'),
      ),
    ).toEqual({
      locationId: 7,
      fromDate: '2026-03-01',
      toDate: '2026-03-31',
      bookableAssetId: 12,
      purpose: 'PUBLICUSER_LOAN',
      text: 'sjakk',
      sort: '-firstDate',
      page: 0,
      pageSize: 25,
    });
  });

  it('leaves out a to-date before the from-date (the form says why) instead of asking for an error', () => {
    expect(listQueryOf(7, parse('fromDate=2026-03-10&toDate=2026-03-01'))).not.toHaveProperty('toDate');
  });
});
