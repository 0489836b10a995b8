import { useState, type FormEvent } from 'react';
import { Alert, Button, Heading, Paragraph, Textfield } from '@digdir/designsystemet-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { addReservations } from '@lokaler/api-client/admin-booking-create';
import { adminBookingQuery, adminBookingsKey } from '@lokaler/api-client/admin-bookings';
import { locationAssetsQuery } from '@lokaler/api-client/bookable-assets';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { Loading } from '@lokaler/ui/loading';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { usePageTitle } from '@lokaler/ui/page-title';
import { useToasts } from '@lokaler/ui/toasts';
import { paths } from '../../config/paths';
import { SaveFailure } from './save-failure';
import { emptyTimeChoice, validateTimeChoice, type TimeChoice, type TimeChoiceErrors } from './time-choice';
import { TimeFields } from './time-fields';
import { useCheckedSave } from './use-checked-save';
import './admin-booking-create.css';

/** '/soknader/:bookingId/legg-til-tider': new times for a booking, checked first, then added. */
export function AddTimesPage() {
  const bookingId = Number(useParams().bookingId);
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0) return <NotFoundPage />;
  return <AddTimes bookingId={bookingId} />;
}

function AddTimes({ bookingId }: { bookingId: number }) {
  usePageTitle('Legg til tider');
  const booking = useQuery(adminBookingQuery(bookingId));
  if (booking.isPending) return <Loading label="Henter søknaden" />;
  if (booking.error) return <LoadAlert error={booking.error} />;
  return <AddTimesForm booking={booking.data} />;
}

function LoadAlert({ error }: { error: unknown }) {
  const { title, detail } = loadFailureMessage(error);
  return (
    <Alert data-color="danger">
      <Paragraph>{title}</Paragraph>
      <Paragraph>{detail}</Paragraph>
    </Alert>
  );
}

function AddTimesForm({ booking }: { booking: AdminBookingView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToasts();
  const rooms = useQuery(locationAssetsQuery(booking.locationId));
  const [choice, setChoice] = useState<TimeChoice>(() => ({ ...emptyTimeChoice(todayInOslo(new Date())), roomId: booking.reservations[0]?.bookableAssetId ?? null }));
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<TimeChoiceErrors>({});
  const backHref = paths.booking.getHref(booking.bookingId);

  const save = useCheckedSave(
    (times, chosen) => addReservations(booking.bookingId, {
      availabilityData: { probablyAvailable: times },
      isRepeating: chosen.repeatWeekly,
      includeBlockedSlots: chosen.includeBlockedSlots,
      includeClosedDates: chosen.includeClosedDates,
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    }),
    async () => {
      showToast({ type: 'success', msg: 'Endringene ble lagret' });
      await queryClient.invalidateQueries({ queryKey: adminBookingsKey });
      await navigate(backHref);
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTimeChoice(choice);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(choice);
  };

  const roomList = (rooms.data ?? []).map((r) => ({ id: r.id, name: r.displayName || r.name }));
  return (
    <form className="lk-stack" onSubmit={submit} noValidate>
      <Heading level={1} data-size="lg">
        Legg til tider
      </Heading>
      <Paragraph>
        Søknad {booking.caseNumber}, {booking.locationName}
      </Paragraph>
      {rooms.isPending && <Loading label="Henter rommene" />}
      {rooms.error && <LoadAlert error={rooms.error} />}
      <TimeFields rooms={roomList} value={choice} errors={errors} onChange={(change) => setChoice((c) => ({ ...c, ...change }))} />
      <Textfield label="Kommentar til søkeren (valgfritt)" multiline rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />
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
  );
}
