import { useState } from 'react';
import { Alert, Button, Heading, Paragraph, Table, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addClosedDatesMutation, closedDatesQuery, removeClosedDatesMutation } from '@lokaler/api-client/admin-location-schedule';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import { affectedBookingsOf } from '@lokaler/api-client/api-client-error';
import type { AffectedBookingsDecision } from '@lokaler/domain/closing-with-bookings';
import { closedDateRangeBody, type ClosedDateRange, type ClosedDateRangeBody } from '@lokaler/domain/opening-hours';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { ConfirmDialog } from '@lokaler/ui/confirm-dialog';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { useToasts } from '@lokaler/ui/toasts';
import { useUnsavedChangesGuard } from '@lokaler/ui/unsaved-changes-guard';
import type { SettingsFormProps } from './settings-form-props';
import './closed-dates.css';
import { DateFieldControl } from '@lokaler/ui/date-field-control';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { AffectedBookingsDialog } from '../../components/affected-bookings-dialog';

export const CLOSED_DATES_ADDED = 'Den stengte perioden ble lagt til';
export const CLOSED_DATES_REMOVED = 'Den stengte perioden ble fjernet';
export const CLOSED_DATES_CANCELLED = 'Den stengte perioden ble lagt til. Tidene i perioden er avlyst, og søkerne har fått melding.';
export const CLOSED_DATES_KEPT = 'Den stengte perioden ble lagt til. Bookingene i perioden er beholdt.';

type AddValues = z.input<typeof closedDateRangeBody>;
const emptyRange: AddValues = { fromDate: '', toDate: '', reason: '' };

/** '24.12.2026–26.12.2026', or one date when the range is a single day. */
export function formatRange(range: Pick<ClosedDateRange, 'fromDate' | 'toDate'>): string {
  return range.fromDate === range.toDate
    ? formatDateNorwegian(range.fromDate)
    : `${formatDateNorwegian(range.fromDate)}–${formatDateNorwegian(range.toDate)}`;
}

/**
 * Closed dates of a location, entered as ranges with a reason (decision 015): the
 * list with 'Fjern' (asked first), and a form to add one, validated by closedDateRangeBody; an
 * overlapping range is refused by the server (409) with its message. A range over bookings (409
 * AFFECTED_BOOKINGS, decision 042) opens the list of them, to cancel their times with a message or keep them.
 */
export function ClosedDatesForm(props: SettingsFormProps) {
  return (
    <QueryLoader
      query={useQuery(closedDatesQuery(props.locationId))}
      loadingLabel="Henter de stengte datoene"
      describeFailure={loadFailureMessage}
    >
      {(ranges) => <ClosedDatesEditor {...props} ranges={ranges} />}
    </QueryLoader>
  );
}

function ClosedDatesEditor({ locationId, mode, onSaved, ranges }: SettingsFormProps & { ranges: readonly ClosedDateRange[] }) {
  const { showToast } = useToasts();
  const form = useForm<AddValues, unknown, ClosedDateRangeBody>({
    resolver: zodResolver(closedDateRangeBody),
    defaultValues: emptyRange,
    shouldFocusError: false,
  });
  const { register, handleSubmit, reset, formState, getValues, control } = form;
  const guard = useUnsavedChangesGuard(mode === 'settings' && formState.isDirty);
  const [toRemove, setToRemove] = useState<ClosedDateRange | null>(null);
  const add = useGuardedMutation(addClosedDatesMutation(locationId));
  const remove = useGuardedMutation(removeClosedDatesMutation(locationId), {
    onSuccess: () => {
      setToRemove(null);
      showToast({ type: 'success', msg: CLOSED_DATES_REMOVED });
    },
  });

  // The range the server answered AFFECTED_BOOKINGS to, waiting for the administrator's choice.
  const [pending, setPending] = useState<{
    body: ClosedDateRangeBody;
    andThen: (() => void) | undefined;
    bookings: NonNullable<ReturnType<typeof affectedBookingsOf>>;
  } | null>(null);

  const save = (body: ClosedDateRangeBody, andThen: (() => void) | undefined) =>
    add.mutate(body, {
      onSuccess: () => {
        reset(emptyRange);
        setPending(null);
        if (andThen) andThen();
        else
          showToast({
            type: 'success',
            msg: !body.affectedBookings
              ? CLOSED_DATES_ADDED
              : body.affectedBookings.decision === 'CANCEL'
                ? CLOSED_DATES_CANCELLED
                : CLOSED_DATES_KEPT,
          });
      },
      onError: (error) => {
        const bookings = affectedBookingsOf(error);
        // Asked first, or asked again (a booking came in meanwhile): the list as the server has it now.
        if (bookings) setPending({ body, andThen, bookings });
      },
    });
  const addRange = (andThen?: () => void) => handleSubmit((body) => save(body, andThen));
  const decide = (decision: AffectedBookingsDecision) => {
    if (pending) save({ ...pending.body, affectedBookings: decision }, pending.andThen);
  };

  // In the wizard, a range typed but not yet added is added before going on; an empty form just goes on.
  const goOn = () => {
    const { fromDate, toDate, reason } = getValues();
    if (fromDate || toDate || reason) void addRange(onSaved)();
    else onSaved?.();
  };

  const sorted = [...ranges].sort((a, b) => a.fromDate.localeCompare(b.fromDate));
  return (
    <div className="lk-stack lk-closed-dates">
      <Heading level={2} data-size="sm">
        Stengte perioder
      </Heading>
      {sorted.length === 0 ? (
        <Paragraph>Lokalet har ingen stengte perioder.</Paragraph>
      ) : (
        <div className="lk-table-scroll">
          <Table>
            <caption className="lk-visually-hidden">Stengte perioder</caption>
            <Table.Head>
              <Table.Row>
                <Table.HeaderCell scope="col">Periode</Table.HeaderCell>
                <Table.HeaderCell scope="col">Begrunnelse</Table.HeaderCell>
                <Table.HeaderCell scope="col">
                  <span className="lk-visually-hidden">Handling</span>
                </Table.HeaderCell>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {sorted.map((range) => (
                <Table.Row key={range.id}>
                  <Table.Cell>{formatRange(range)}</Table.Cell>
                  <Table.Cell>{range.reason}</Table.Cell>
                  <Table.Cell>
                    <Button variant="tertiary" data-size="sm" onClick={() => setToRemove(range)}>
                      Fjern <span className="lk-visually-hidden">{formatRange(range)}</span>
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </div>
      )}
      <form className="lk-stack lk-narrow" onSubmit={(event) => void addRange()(event)} noValidate aria-labelledby="lk-closed-dates-add">
        <Heading level={3} data-size="xs" id="lk-closed-dates-add">
          Legg til stengt periode
        </Heading>
        <FormErrorSummary
          errors={form.formState.errors}
          submitCount={form.formState.submitCount}
          heading="For å lagre må du rette opp følgende feil:"
        />
        <DateFieldControl control={control} name="fromDate" label="Fra og med dato" />
        <DateFieldControl control={control} name="toDate" label="Til og med dato" />
        <Textfield
          label="Begrunnelse"
          description="Vises for søkerne, for eksempel «Juleferie»"
          {...register('reason')}
          error={formState.errors.reason?.message}
        />
        {add.error && !pending && (
          <Alert data-color="danger" role="alert">
            <Paragraph>{userMessageOf(add.error)}</Paragraph>
          </Alert>
        )}
        <div>
          <Button type="submit" variant={mode === 'wizard' ? 'secondary' : 'primary'} disabled={add.isPending}>
            {add.isPending ? 'Lagrer …' : 'Legg til'}
          </Button>
        </div>
      </form>
      {mode === 'wizard' && (
        <div>
          <Button onClick={goOn} disabled={add.isPending}>
            Lagre og gå videre
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={toRemove !== null}
        title="Fjerne den stengte perioden?"
        confirmLabel="Fjern"
        tone="danger"
        busy={remove.isPending}
        error={remove.error ? userMessageOf(remove.error) : null}
        onConfirm={() => toRemove && remove.mutate(toRemove.id)}
        onCancel={() => {
          setToRemove(null);
          remove.reset();
        }}
      >
        {toRemove ? `Lokalet blir åpent igjen ${formatRange(toRemove)}${toRemove.reason ? ` (${toRemove.reason})` : ''}.` : ''}
      </ConfirmDialog>
      {pending && (
        <AffectedBookingsDialog
          what={`Lokalet stenges ${formatRange(pending.body)} (${pending.body.reason})`}
          bookings={pending.bookings}
          busy={add.isPending}
          error={add.error && !affectedBookingsOf(add.error) ? add.error : null}
          onDecide={decide}
          onCancel={() => {
            setPending(null);
            add.reset();
          }}
        />
      )}
      {guard.dialog}
    </div>
  );
}
