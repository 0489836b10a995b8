import { useState, type MouseEvent } from 'react';
import { Alert, Link, Paragraph } from '@digdir/designsystemet-react';
import { downloadReimbursementCsv, reimbursementCsvUrl } from '@lokaler/api-client/admin-reimbursement';
import { userMessageOf } from '@lokaler/api-client/user-message';
import type { ReimbursementQuery } from '@lokaler/domain/reimbursement';
import { saveFile } from '@lokaler/ui/save-file';

/**
 * 'Last ned CSV': a real link to the file; the click fetches it with the administrator's token (a
 * plain navigation carries none) and saves it under the server's name, as the certificate download does.
 */
export function CsvDownloadLink({ locationId, range }: { locationId: number; range: ReimbursementQuery }) {
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setFailure(null);
    try {
      const { blob, filename } = await downloadReimbursementCsv(locationId, range);
      saveFile(blob, filename ?? 'refusjon.csv');
    } catch (error) {
      setFailure(userMessageOf(error));
    }
  };
  return (
    <div>
      <Link href={reimbursementCsvUrl(locationId, range)} download onClick={(e) => void download(e)}>
        Last ned CSV
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
