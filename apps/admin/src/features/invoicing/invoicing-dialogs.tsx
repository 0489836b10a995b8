import { useId } from 'react';
import { Alert, Button, Dialog, Field, Heading, Label, Paragraph, Select, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { userMessageOf } from '@lokaler/api-client/user-message';
import {
  invoiceElementText,
  manualInvoiceElements,
  type InvoiceAdjustmentRequest,
  type InvoiceHoldRequest,
  type InvoicingBooking,
  type InvoicingLine,
} from '@lokaler/domain/invoices';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { adjustmentForm, holdForm, type AdjustmentFormValues, type HoldFormValues } from './invoicing-forms';
import { monthName } from './invoicing-period';
import { elementText } from './invoicing-texts';

interface DialogProps<T> {
  booking: InvoicingBooking;
  busy: boolean;
  /** The refusal of the last send, shown in the dialog so the case officer can correct it or cancel. */
  error: unknown;
  onSubmit: (body: T) => void;
  onClose: () => void;
}

function Failure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert data-color="danger" role="alert">
      <Paragraph>{userMessageOf(error)}</Paragraph>
    </Alert>
  );
}

/**
 * 'Hold tilbake': the booking's open lines of the element and month stay out of the run until released
 * (the request is per element and month, decision 071), with a reason that is logged.
 */
export function HoldDialog({ booking, line, busy, error, onSubmit, onClose }: DialogProps<InvoiceHoldRequest> & { line: InvoicingLine }) {
  const titleId = useId();
  const schema = holdForm(line);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<HoldFormValues, unknown, InvoiceHoldRequest>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby={titleId} closeButton="Lukk">
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
        <Dialog.Block>
          <Heading level={2} data-size="sm" id={titleId}>
            Hold tilbake {elementText(line.element).toLowerCase()}
          </Heading>
          <div className="lk-stack lk-invoicing-dialog-body">
            <Paragraph>
              De åpne linjene for {elementText(line.element).toLowerCase()} i {monthName(line.period)} på {booking.caseNumber} blir ikke
              fakturert før du slipper dem. Begrunnelsen lagres i loggen.
            </Paragraph>
            <Textfield label="Begrunnelse" multiline rows={3} {...register('reason')} error={errors.reason?.message} required />
            <Failure error={error} />
          </div>
        </Dialog.Block>
        <Dialog.Block className="lk-dialog-actions">
          <Button type="submit" loading={busy} disabled={busy}>
            Hold tilbake
          </Button>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Avbryt
          </Button>
        </Dialog.Block>
      </form>
    </Dialog>
  );
}

/** 'Legg til linje': Justering or Ekstra renhold, an amount in kroner with its sign, and the reason. */
export function AdjustmentDialog({
  booking,
  period,
  busy,
  error,
  onSubmit,
  onClose,
}: DialogProps<InvoiceAdjustmentRequest> & { period: string }) {
  const titleId = useId();
  const schema = adjustmentForm(period);
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm<AdjustmentFormValues, unknown, InvoiceAdjustmentRequest>({
    resolver: zodResolver(schema),
    // The error summary takes the focus after a refused submit (decision 020).
    shouldFocusError: false,
    defaultValues: { element: 'JUSTERING', amount: '', reason: '' },
  });
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby={titleId} closeButton="Lukk">
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
        <Dialog.Block>
          <Heading level={2} data-size="sm" id={titleId}>
            Legg til linje på {booking.caseNumber}
          </Heading>
          <div className="lk-stack lk-invoicing-dialog-body">
            <Paragraph>Linjen kommer med på fakturaen for {monthName(period)}. Begrunnelsen lagres i loggen.</Paragraph>
            <FormErrorSummary errors={errors} submitCount={submitCount} heading="For å legge til linjen må du rette opp følgende feil:" />
            <Field>
              <Label htmlFor={`${titleId}-element`}>Element</Label>
              <Select id={`${titleId}-element`} {...register('element')}>
                {manualInvoiceElements.map((element) => (
                  <Select.Option key={element} value={element}>
                    {invoiceElementText[element]}
                  </Select.Option>
                ))}
              </Select>
            </Field>
            <Textfield
              label="Beløp i kroner"
              description="Med minus foran for å trekke fra, for eksempel -250,50."
              inputMode="decimal"
              className="lk-invoicing-short-field"
              {...register('amount')}
              error={errors.amount?.message}
              required
            />
            <Textfield label="Begrunnelse" multiline rows={3} {...register('reason')} error={errors.reason?.message} required />
            <Failure error={error} />
          </div>
        </Dialog.Block>
        <Dialog.Block className="lk-dialog-actions">
          <Button type="submit" loading={busy} disabled={busy}>
            Legg til linjen
          </Button>
          <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
            Avbryt
          </Button>
        </Dialog.Block>
      </form>
    </Dialog>
  );
}
