import { queryOptions } from '@tanstack/react-query';
import { reimbursementReport, type ReimbursementQuery } from '@lokaler/domain/reimbursement';
import { apiFetch, apiFetchFile, buildUrl } from './api-fetch';

/** The reimbursement report of a location (decision 015) and its two CSV files (decision 063). */

/** Which CSV file: the bookings (one line each) or the sums per organisation or person and the total. */
export type ReimbursementCsvPart = 'bookings' | 'sums';

const reportPath = (locationId: number) => `/api/location/${locationId}/reimbursement`;
const csvPath = (locationId: number, range: ReimbursementQuery, part: ReimbursementCsvPart) =>
  `/api/location/${locationId}/${part === 'sums' ? 'reimbursement-sums' : 'reimbursement'}.csv?${new URLSearchParams({ fromDateInclusive: range.fromDateInclusive, toDateExclusive: range.toDateExclusive }).toString()}`;

/** GET /api/location/{id}/reimbursement?fromDateInclusive&toDateExclusive */
export const reimbursementReportQuery = (locationId: number, range: ReimbursementQuery) =>
  queryOptions({
    queryKey: ['admin', 'locations', locationId, 'reimbursement', range.fromDateInclusive, range.toDateExclusive],
    queryFn: ({ signal }) => apiFetch(reportPath(locationId), { schema: reimbursementReport, query: { ...range }, signal }),
  });

/** A CSV file's address (the download link's href; the click fetches it with the token). */
export const reimbursementCsvUrl = (locationId: number, range: ReimbursementQuery, part: ReimbursementCsvPart = 'bookings') =>
  buildUrl(csvPath(locationId, range, part));

/** GET /api/location/{id}/reimbursement.csv (or reimbursement-sums.csv) with the administrator's token: the file and its name. */
export function downloadReimbursementCsv(locationId: number, range: ReimbursementQuery, part: ReimbursementCsvPart = 'bookings') {
  return apiFetchFile(csvPath(locationId, range, part));
}
