import { Button, Heading, Paragraph, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { addReservationsMutation } from '@lokaler/api-client/admin-booking-create';
import { adminBookingQuery } from '@lokaler/api-client/admin-bookings';
import { locationAssetsQuery } from '@lokaler/api-client/bookable-assets';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { addReservationsBody } from '@lokaler/domain/admin-reservation-change';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { Loading } from '@lokaler/ui/loading';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { usePageTitle } from '@lokaler/ui/page-title';
import { LoadFailureAlert, QueryLoader } from '@lokaler/ui/query-loader';
import { useToasts } from '@lokaler/ui/toasts';
import { paths } from '../../config/paths';
import { SaveFailure } from './save-failure';
import { emptyTimeChoice, timeChoiceSchema } from './time-choice';
import { TimeFields } from './time-fields';
import { useCheckedSave } from './use-checked-save';
import './admin-booking-create.css';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';

/** '/soknader/:bookingId/legg-til-tider': new times for a booking, checked first, then added. */
export function AddTimesPage() {
  const bookingId = Number(useParams().bookingId);
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0) return <NotFoundPage />;
  return <AddTimes bookingId={bookingId} />;
}

function AddTimes({ bookingId }: { bookingId: number }) {
  usePageTitle('Legg til tider');
  return (
    <QueryLoader query={useQuery(adminBookingQuery(bookingId))} loadingLabel="Henter søknaden" describeFailure={loadFailureMessage}>
      {(booking) => <AddTimesForm booking={booking} />}
    </QueryLoader>
  );
}

/** The time fields and the comment to the applicant, as addReservationsBody takes it. */
const addTimesSchema = timeChoiceSchema.safeExtend({ comment: addReservationsBody.shape.comment });
type AddTimesValues = z.input<typeof addTimesSchema>;
type AddTimes = z.output<typeof addTimesSchema>;

function AddTimesForm({ booking }: { booking: AdminBookingView }) {
  const navigate = useNavigate();
  const { showToast } = useToasts();
  const rooms = useQuery(locationAssetsQuery(booking.locationId));
  const form = useForm<AddTimesValues, unknown, AddTimes>({
    resolver: zodResolver(addTimesSchema),
    shouldFocusError: false,
    defaultValues: { ...emptyTimeChoice(todayInOslo(new Date()), booking.reservations[0]?.bookableAssetId ?? null), comment: '' },
  });
  const backHref = paths.booking.getHref(booking.bookingId);

  const save = useCheckedSave(
    addReservationsMutation(booking.bookingId),
    (times, chosen: AddTimes) => ({
      availabilityData: { probablyAvailable: times },
      isRepeating: chosen.repeatWeekly,
      includeBlockedSlots: chosen.includeBlockedSlots,
      includeClosedDates: chosen.includeClosedDates,
      ...(chosen.comment ? { comment: chosen.comment } : {}),
    }),
    async () => {
      showToast({ type: 'success', msg: 'Endringene ble lagret' });
      await navigate(backHref);
    },
  );

  const submit = form.handleSubmit((chosen) => save.mutate(chosen));
  const roomList = (rooms.data ?? []).map((r) => ({ id: r.id, name: r.displayName || r.name }));
  return (
    <FormProvider {...form}>
      <form className="lk-stack" onSubmit={(event) => void submit(event)} noValidate>
        <Heading level={1} data-size="lg">
          Legg til tider
        </Heading>
        <FormErrorSummary
          errors={form.formState.errors}
          submitCount={form.formState.submitCount}
          heading="For å lagre må du rette opp følgende feil:"
        />
        <Paragraph>
          Søknad {booking.caseNumber}, {booking.locationName}
        </Paragraph>
        {rooms.isPending && <Loading label="Henter rommene" />}
        {rooms.error && <LoadFailureAlert failure={loadFailureMessage(rooms.error)} />}
        <TimeFields rooms={roomList} />
        <Textfield
          label="Kommentar til søkeren (valgfritt)"
          multiline
          rows={3}
          {...form.register('comment')}
          error={form.formState.errors.comment?.message}
        />
        <SaveFailure refused={save.refused} error={save.error} />
        <div className="lk-create-actions">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Lagrer …' : 'Lagre tidene'}
          </Button>
          <Button asChild variant="tertiary">
            <RouterLink to={backHref}>Avbryt</RouterLink>
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
