import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ReimbursementReport } from '@lokaler/domain/reimbursement';
import {
  CSV_CONTENT_TYPE,
  reimbursementCsvFilename,
  reimbursementCsvLines,
  reimbursementSumsCsvLines,
} from '@lokaler/domain/reimbursement-csv';

/**
 * The report as a CSV download (decision 063: the bookings file, or with part 'sums' the sums file), streamed line by line (the lines are made as the socket takes them,
 * never the whole file as one string). The name is ASCII (reimbursementCsvFilename), so it needs no
 * RFC 5987 form. Not cached: it is one location's money.
 */
export function sendReimbursementCsv(reply: FastifyReply, report: ReimbursementReport, part: 'bookings' | 'sums' = 'bookings') {
  const lines = part === 'sums' ? reimbursementSumsCsvLines(report) : reimbursementCsvLines(report);
  return reply
    .header('content-type', CSV_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${reimbursementCsvFilename(report, part)}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Readable.from(lines, { objectMode: false }));
}
