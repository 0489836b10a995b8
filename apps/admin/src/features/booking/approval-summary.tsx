import { Heading } from '@digdir/designsystemet-react';
import type { ApprovalTerms } from '@lokaler/domain/admin-booking-view';
import { formatKroner } from '@lokaler/domain/admin-selvkost';
import { dayOfWeekLabels } from '@lokaler/domain/scheduling/day-of-week';
import { formatInstant } from '../../lib/format';
import { costCategoryLabels } from '../../lib/labels';
import { Fact } from './applicant-section';

/** The terms the booking was approved on. */
export function ApprovalSummary({ approval }: { approval: ApprovalTerms }) {
  return (
    <section aria-labelledby="lk-approval" className="lk-section">
      <Heading level={2} data-size="sm" id="lk-approval">
        Godkjenning
      </Heading>
      <dl className="lk-facts">
        <Fact term="Kostnadskategori">{costCategoryLabels[approval.costCategory]}</Fact>
        {approval.marketPrice !== null && <Fact term="Markedspris">{formatKroner(approval.marketPrice)}</Fact>}
        {approval.calculatedPrice !== null && <Fact term="Beregnet selvkost">{formatKroner(approval.calculatedPrice)}</Fact>}
        <Fact term="Tilsynsvakt">
          {approval.hasTilsynsvakt ? approval.tilsynsvaktWeekdays.map((d) => dayOfWeekLabels[d]).join(', ') || 'Ja' : 'Nei'}
        </Fact>
        {approval.retroactiveContract && <Fact term="Kontrakt">Tilbakevirkende kontrakt</Fact>}
        <Fact term="Godkjent">
          {formatInstant(approval.approvedTimeUtc)}
          {approval.approvedBy && ` av ${approval.approvedBy}`}
        </Fact>
      </dl>
    </section>
  );
}
