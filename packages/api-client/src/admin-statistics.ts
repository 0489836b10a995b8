import { queryOptions } from '@tanstack/react-query';
import { statisticsReport, type StatisticsFigure, type StatisticsPeriod } from '@lokaler/domain/statistics';
import { apiFetch, apiFetchFile, buildUrl } from './api-fetch';

/** The statistics of a location, or city-wide without one (decision 068), and each figure's CSV file. */

/** locationId null: the whole city (city-wide administrators only). */
const queryOf = (locationId: number | null, period: StatisticsPeriod): Record<string, string> => ({
  ...(locationId === null ? {} : { locationId: String(locationId) }),
  from: period.from,
  to: period.to,
});

/** GET /api/statistics?locationId&from&to */
export const statisticsQuery = (locationId: number | null, period: StatisticsPeriod) =>
  queryOptions({
    queryKey: ['admin', 'statistics', locationId ?? 'city', period.from, period.to],
    queryFn: ({ signal }) => apiFetch('/api/statistics', { schema: statisticsReport, query: queryOf(locationId, period), signal }),
  });

/** A figure's CSV address (the download link's href; the click fetches it with the token). */
export const statisticsCsvUrl = (locationId: number | null, period: StatisticsPeriod, figure: StatisticsFigure) =>
  buildUrl('/api/statistics/csv', { figure, ...queryOf(locationId, period) });

/** GET /api/statistics/csv with the administrator's token: the file and its name. */
export function downloadStatisticsCsv(locationId: number | null, period: StatisticsPeriod, figure: StatisticsFigure) {
  return apiFetchFile(`/api/statistics/csv?${new URLSearchParams({ figure, ...queryOf(locationId, period) }).toString()}`);
}
