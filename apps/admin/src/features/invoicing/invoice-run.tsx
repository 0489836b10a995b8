import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Heading, List, Paragraph, Table } from '@digdir/designsystemet-react';
import { useQueryClient } from '@tanstack/react-query';
import { runInvoicingMutation } from '@lokaler/api-client/admin-invoicing';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { formatKroner } from '@lokaler/domain/admin-selvkost';
import type { InvoiceRunResponse, InvoicingBooking } from '@lokaler/domain/invoices';
import { ConfirmDialog } from '@lokaler/ui/confirm-dialog';
import { ScrollBox } from './invoicing-bookings';
import { monthName } from './invoicing-period';
import { channelText, creditNoteCount, invoiceCount, kindText } from './invoicing-texts';

/**
 * What the run will make, as the page knows it before sending: one invoice per booking with a positive
 * sum of open, not held lines, one credit note per negative sum, for bookings with a channel and no
 * problem (the run leaves the rest, decision 071). The server decides; this is what the question states.
 */
export function runPlan(bookings: readonly InvoicingBooking[]) {
  const ready = bookings.filter((b) => b.channel !== null && b.problem === null && b.toInvoiceOre !== 0);
  const invoices = ready.filter((b) => b.toInvoiceOre > 0);
  const credits = ready.filter((b) => b.toInvoiceOre < 0);
  const sum = (list: readonly InvoicingBooking[]) => list.reduce((total, b) => total + Math.abs(b.toInvoiceOre), 0);
  const blocked = bookings.filter((b) => b.channel !== null && b.problem !== null && b.toInvoiceOre !== 0).length;
  return {
    invoices: invoices.length,
    invoicedOre: sum(invoices),
    creditNotes: credits.length,
    creditedOre: sum(credits),
    totalOre: sum(invoices) - sum(credits),
    blocked,
  };
}

/** 'Send fakturaer for {måned år}': one action, one confirmation that states what it makes, then the outcome. */
export function InvoiceRun({
  locationId,
  period,
  bookings,
}: {
  locationId: number;
  period: string;
  bookings: readonly InvoicingBooking[];
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<InvoiceRunResponse | null>(null);
  const run = useGuardedMutation(runInvoicingMutation(queryClient, locationId), {
    onSuccess: (result) => {
      setConfirming(false);
      setOutcome(result);
    },
  });
  const plan = runPlan(bookings);
  const month = monthName(period);
  const nothing = plan.invoices + plan.creditNotes === 0;
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section aria-labelledby="lk-invoicing-run" className="lk-stack">
      <Heading level={2} data-size="sm" id="lk-invoicing-run" tabIndex={-1} ref={heading}>
        Utsending
      </Heading>
      {/* Before the outcome: closing the native dialog (its effect) gives the focus back to the button that
          opened it, so the outcome's own effect, which moves the focus to its heading, must run after it. */}
      <ConfirmDialog
        open={confirming}
        title={`Sende fakturaer for ${month}?`}
        confirmLabel="Send fakturaene"
        busy={run.isPending}
        error={run.error ? userMessageOf(run.error) : null}
        onConfirm={() => run.mutate(period)}
        onCancel={() => setConfirming(false)}
      >
        <List.Unordered aria-label="Dette sendes">
          <List.Item>
            {invoiceCount(plan.invoices)}: {formatKroner(plan.invoicedOre)}
          </List.Item>
          <List.Item>
            {creditNoteCount(plan.creditNotes)}: {formatKroner(plan.creditedOre)}
          </List.Item>
          <List.Item>Totalt: {formatKroner(plan.totalOre)}</List.Item>
        </List.Unordered>
        <Paragraph>
          Organisasjoner får EHF, personer faktura fra kommunens økonomisystem. En sendt faktura kan ikke trekkes tilbake, bare krediteres.
        </Paragraph>
        {plan.blocked > 0 && (
          <Paragraph>
            {plan.blocked === 1 ? '1 booking har et problem og' : `${plan.blocked} bookinger har et problem og`} blir ikke fakturert.
          </Paragraph>
        )}
      </ConfirmDialog>
      {outcome && (
        <RunOutcome
          outcome={outcome}
          onClose={() => {
            setOutcome(null);
            // The message and its button go: the focus stays in the section rather than on the page's body.
            heading.current?.focus();
          }}
        />
      )}
      {nothing ? (
        <Paragraph>Ingen fakturaer eller kreditnotaer å sende for {month}.</Paragraph>
      ) : (
        <div>
          <Button
            onClick={() => {
              run.reset();
              setConfirming(true);
            }}
          >
            Send fakturaer for {month}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The button that opened the question may be gone (nothing left to send), so the outcome takes the focus. */
function RunOutcome({ outcome, onClose }: { outcome: InvoiceRunResponse; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [outcome]);
  const invoices = outcome.made.filter((m) => m.kind === 'INVOICE').length;
  const credits = outcome.made.length - invoices;
  const title =
    outcome.made.length === 0
      ? `Ingen fakturaer ble laget for ${monthName(outcome.period)}`
      : `Laget ${[invoices > 0 ? invoiceCount(invoices) : '', credits > 0 ? creditNoteCount(credits) : ''].filter(Boolean).join(' og ')} for ${monthName(outcome.period)}`;
  return (
    <Alert data-color={outcome.skipped.length > 0 ? 'warning' : 'success'} className="lk-stack lk-invoicing-outcome">
      <Heading level={3} data-size="xs" tabIndex={-1} ref={heading}>
        {title}
      </Heading>
      {outcome.made.length > 0 && (
        <ScrollBox label="Laget nå, tabell">
          <Table data-size="sm" className="lk-invoicing-table">
            <caption>Laget nå</caption>
            <Table.Head>
              <Table.Row>
                <Table.HeaderCell>Nummer</Table.HeaderCell>
                <Table.HeaderCell>Type</Table.HeaderCell>
                <Table.HeaderCell>Mottaker</Table.HeaderCell>
                <Table.HeaderCell className="lk-number">Beløp</Table.HeaderCell>
                <Table.HeaderCell>Kanal</Table.HeaderCell>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {outcome.made.map((m) => (
                <Table.Row key={m.id}>
                  <Table.Cell>{m.number}</Table.Cell>
                  <Table.Cell>{kindText[m.kind]}</Table.Cell>
                  <Table.Cell>{m.recipientName}</Table.Cell>
                  <Table.Cell className="lk-number">{formatKroner(m.amountOre)}</Table.Cell>
                  <Table.Cell>{channelText[m.channel]}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </ScrollBox>
      )}
      {outcome.skipped.length > 0 && (
        <>
          <Paragraph>
            {outcome.skipped.length === 1 ? 'Denne ble ikke fakturert:' : `Disse ${outcome.skipped.length} ble ikke fakturert:`}
          </Paragraph>
          <List.Unordered aria-label="Ikke fakturert">
            {outcome.skipped.map((s) => (
              <List.Item key={s.bookingId}>
                {s.caseNumber}, {s.applicantName}: {s.reason}
              </List.Item>
            ))}
          </List.Unordered>
        </>
      )}
      <div>
        <Button variant="tertiary" data-size="sm" onClick={onClose}>
          Lukk meldingen
        </Button>
      </div>
    </Alert>
  );
}
