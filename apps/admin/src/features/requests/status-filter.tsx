import { Chip, Fieldset } from '@digdir/designsystemet-react';
import type { CountsByStatus } from '@lokaler/domain/admin-booking-list';
import { bookingStatusLabels, bookingStatuses } from '@lokaler/domain/booking';
import type { StatusFilter as StatusValue } from '../../lib/list-url-state';

const options: readonly StatusValue[] = ['ALL', ...bookingStatuses];

/**
 * One chip per status with how many bookings match the other filters, plus 'Alle'. Radio chips: one
 * status at a time, arrow keys move between them.
 */
export function StatusFilter({
  value,
  counts,
  onChange,
}: {
  value: StatusValue;
  counts: CountsByStatus | undefined;
  onChange: (status: StatusValue) => void;
}) {
  const total = counts ? bookingStatuses.reduce((sum, s) => sum + counts[s], 0) : undefined;
  return (
    <Fieldset className="lk-status-filter">
      <Fieldset.Legend>Status</Fieldset.Legend>
      <div className="lk-chips">
        {options.map((status) => {
          const label = status === 'ALL' ? 'Alle' : bookingStatusLabels[status];
          const count = status === 'ALL' ? total : counts?.[status];
          return (
            <Chip.Radio key={status} name="status" value={status} checked={value === status} onChange={() => onChange(status)}>
              {count === undefined ? label : `${label} (${count})`}
            </Chip.Radio>
          );
        })}
      </div>
    </Fieldset>
  );
}
