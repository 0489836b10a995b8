import { queryOptions } from '@tanstack/react-query';
import { reimbursementReport, type ReimbursementQuery } from '@lokaler/domain/reimbursement';
import { apiFetch, apiFetchFile, buildUrl } from './api-fetch';

/** The reimbursement report of a location (decision 015). */

const reportPath = (locationId: number) => `/api/location/${locationId}/reimbursement`;
const csvPath = (locationId: number, range: ReimbursementQuery) =>
  `/api/location/${locationId}/reimbursement.csv?${new URLSearchParams({ fromDateInclusive: range.fromDateInclusive, toDateExclusive: range.toDateExclusive }).toString()}`;

/** GET /api/location/{id}/reimbursement?fromDateInclusive&toDateExclusive */
export const reimbursementReportQuery = (locationId: number, range: ReimbursementQuery) =>
  queryOptions({
    queryKey: ['admin', 'locations', locationId, 'reimbursement', range.fromDateInclusive, range.toDateExclusive],
    queryFn: ({ signal }) => apiFetch(reportPath(locationId), { schema: reimbursementReport, query: { ...range }, signal }),
  });

/** The CSV's address (the download link's href; the click fetches it with the token). */
export const reimbursementCsvUrl = (locationId: number, range: ReimbursementQuery) => buildUrl(csvPath(locationId, range));

/** GET /api/location/{id}/reimbursement.csv with the administrator's token: the file and its name. */
export function downloadReimbursementCsv(locationId: number, range: ReimbursementQuery) {
  return apiFetchFile(csvPath(locationId, range));
}
