import { useState, type MouseEvent } from 'react';
import { Alert, Link, Paragraph } from '@digdir/designsystemet-react';
import { downloadStatisticsCsv, statisticsCsvUrl } from '@lokaler/api-client/admin-statistics';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { statisticsFigureTitles, type StatisticsFigure, type StatisticsPeriod } from '@lokaler/domain/statistics';
import { saveFile } from '@lokaler/ui/save-file';

/**
 * 'Last ned CSV' for one figure: a real link to the file; the click fetches it with the
 * administrator's token (a plain navigation carries none) and saves it under the server's name.
 */
export function StatisticsCsvLink({
  locationId,
  period,
  figure,
}: {
  locationId: number | null;
  period: StatisticsPeriod;
  figure: StatisticsFigure;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setFailure(null);
    try {
      const { blob, filename } = await downloadStatisticsCsv(locationId, period, figure);
      saveFile(blob, filename ?? `statistikk-${figure}.csv`);
    } catch (error) {
      setFailure(userMessageOf(error));
    }
  };
  return (
    <div>
      <Link href={statisticsCsvUrl(locationId, period, figure)} download onClick={(e) => void download(e)}>
        Last ned CSV<span className="lk-visually-hidden">: {statisticsFigureTitles[figure]}</span>
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
