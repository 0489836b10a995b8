import { useEffect, useRef, useState } from 'react';
import { Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { addInvoiceAdjustmentMutation, holdInvoiceLinesMutation, invoicingPeriodQuery } from '@lokaler/api-client/admin-invoicing';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import type { InvoicingBooking, InvoicingLine } from '@lokaler/domain/invoices';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { Loading } from '@lokaler/ui/loading';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { useToasts } from '@lokaler/ui/toasts';
import { LocationHeader } from '../../components/location-header';
import { InvoiceRun } from './invoice-run';
import { InvoiceSettingsSection } from './invoice-settings-form';
import { InvoicesTable } from './invoices-table';
import { addLineButtonId, InvoicingBookings, lineActionId, type LineActions } from './invoicing-bookings';
import { AdjustmentDialog, HoldDialog } from './invoicing-dialogs';
import { monthName, periodFromSearch } from './invoicing-period';
import { InvoicingSummary } from './invoicing-summary';
import { MonthChooser } from './month-chooser';
import './invoicing.css';

/**
 * '/lokaler/{id}/faktura?periode=YYYY-MM': the case officer's Fakturagrunnlag (decision 071): the
 * location's invoice settings, the month's bookings and lines (hold, release, add a line), the month's
 * run, the invoices made and the last twelve months in sums. The server checks access on every call.
 */
export function InvoicingPage() {
  const locationId = Number(useParams().locationId);
  if (!Number.isSafeInteger(locationId) || locationId <= 0) {
    return <Paragraph>Ukjent lokale.</Paragraph>;
  }
  return (
    <div className="lk-stack">
      <LocationHeader locationId={locationId} view="Faktura" />
      <InvoiceSettingsSection locationId={locationId} />
      <Basis locationId={locationId} />
    </div>
  );
}

type OpenDialog = { kind: 'hold'; booking: InvoicingBooking; line: InvoicingLine } | { kind: 'add'; booking: InvoicingBooking } | null;

function Basis({ locationId }: { locationId: number }) {
  const [search] = useSearchParams();
  const today = todayInOslo(new Date());
  const period = periodFromSearch(search, today);
  const basis = useQuery(invoicingPeriodQuery(locationId, period));
  const queryClient = useQueryClient();
  const { showToast } = useToasts();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [releasing, setReleasing] = useState<number | null>(null);
  // After a dialog or a release the focus goes back to the button that started it (a closed dialog
  // leaves it on the body); the button is there once the render that closes the dialog is done.
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    if (focusAfterRender.current === null) return;
    document.getElementById(focusAfterRender.current)?.focus();
    focusAfterRender.current = null;
  });
  const setFocusId = (id: string) => {
    focusAfterRender.current = id;
  };

  const close = (returnTo: string) => {
    setFocusId(returnTo);
    setDialog(null);
  };
  const hold = useGuardedMutation(holdInvoiceLinesMutation(queryClient, locationId), {
    onSuccess: (_, { body }) => {
      showToast({ type: 'success', msg: body.held ? 'Linjen holdes tilbake' : 'Linjen er sluppet og blir med i neste utsending' });
    },
    onError: (error, { body }) => {
      // A release has no dialog to show its refusal in.
      if (!body.held) showToast({ type: 'danger', msg: userMessageOf(error) });
    },
  });
  const add = useGuardedMutation(addInvoiceAdjustmentMutation(queryClient, locationId), {
    onSuccess: (_, { bookingId }) => {
      showToast({ type: 'success', msg: 'Linjen er lagt til' });
      close(addLineButtonId({ bookingId }));
    },
  });

  const actions: LineActions = {
    onHold: (booking, line) => {
      hold.reset();
      setDialog({ kind: 'hold', booking, line });
    },
    onRelease: (booking, line) => {
      setReleasing(line.id);
      hold.mutate(
        { bookingId: booking.bookingId, body: { held: false, period: line.period, element: line.element } },
        {
          onSettled: () => {
            setFocusId(lineActionId(line));
            setReleasing(null);
          },
        },
      );
    },
    onAddLine: (booking) => {
      add.reset();
      setDialog({ kind: 'add', booking });
    },
    releasing,
  };

  return (
    <>
      <section aria-labelledby="lk-invoicing-basis" className="lk-section">
        <Heading level={2} data-size="sm" id="lk-invoicing-basis">
          Fakturagrunnlag for {monthName(period)}
        </Heading>
        <MonthChooser key={period} period={period} today={today} />
        {basis.isPending && <Loading label="Henter fakturagrunnlaget" />}
        {basis.error && <LoadFailureAlert failure={loadFailureMessage(basis.error)} />}
        {basis.data && (
          <div className="lk-stack" aria-busy={basis.isFetching}>
            <InvoicingBookings period={period} bookings={basis.data.bookings} actions={actions} />
          </div>
        )}
      </section>
      {basis.data && (
        <>
          <InvoiceRun key={period} locationId={locationId} period={period} bookings={basis.data.bookings} />
          <section aria-labelledby="lk-invoicing-invoices" className="lk-section">
            <Heading level={2} data-size="sm" id="lk-invoicing-invoices">
              Fakturaer for {monthName(period)}
            </Heading>
            <InvoicesTable period={period} invoices={basis.data.invoices} />
          </section>
        </>
      )}
      <InvoicingSummary locationId={locationId} today={today} />
      {dialog?.kind === 'hold' && (
        <HoldDialog
          booking={dialog.booking}
          line={dialog.line}
          busy={hold.isPending}
          error={hold.error}
          onSubmit={(body) =>
            hold.mutate({ bookingId: dialog.booking.bookingId, body }, { onSuccess: () => close(lineActionId(dialog.line)) })
          }
          onClose={() => close(lineActionId(dialog.line))}
        />
      )}
      {dialog?.kind === 'add' && (
        <AdjustmentDialog
          booking={dialog.booking}
          period={period}
          busy={add.isPending}
          error={add.error}
          onSubmit={(body) => add.mutate({ bookingId: dialog.booking.bookingId, body })}
          onClose={() => close(addLineButtonId(dialog.booking))}
        />
      )}
    </>
  );
}
