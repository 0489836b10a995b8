import { useState, type MouseEvent } from 'react';
import { Alert, Link, Paragraph } from '@digdir/designsystemet-react';
import { downloadReimbursementCsv, reimbursementCsvUrl, type ReimbursementCsvPart } from '@lokaler/api-client/admin-reimbursement';
import { userMessageOf } from '@lokaler/api-client/user-message';
import type { ReimbursementQuery } from '@lokaler/domain/reimbursement';
import { saveFile } from '@lokaler/ui/save-file';

const linkText: Record<ReimbursementCsvPart, string> = { bookings: 'Last ned bookinger (CSV)', sums: 'Last ned summer (CSV)' };

/**
 * 'Last ned bookinger (CSV)' or 'Last ned summer (CSV)' (two files, each one table: decision 063): a real link to the file; the click fetches it with the administrator's token (a
 * plain navigation carries none) and saves it under the server's name, as the certificate download does.
 */
export function CsvDownloadLink({
  locationId,
  range,
  part,
}: {
  locationId: number;
  range: ReimbursementQuery;
  part: ReimbursementCsvPart;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setFailure(null);
    try {
      const { blob, filename } = await downloadReimbursementCsv(locationId, range, part);
      saveFile(blob, filename ?? 'refusjon.csv');
    } catch (error) {
      setFailure(userMessageOf(error));
    }
  };
  return (
    <div>
      <Link href={reimbursementCsvUrl(locationId, range, part)} download onClick={(e) => void download(e)}>
        {linkText[part]}
      </Link>{' '}
      <span className="lk-subtle">(for regneark: semikolon, desimalkomma)</span>
      {failure && (
        <Alert data-color="danger" data-size="sm">
          <Paragraph>{failure}</Paragraph>
        </Alert>
      )}
    </div>
  );
}
