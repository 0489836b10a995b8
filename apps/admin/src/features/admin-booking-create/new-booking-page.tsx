import { useState, type FormEvent } from 'react';
import { Alert, Button, Fieldset, Heading, Paragraph, Radio, Textfield } from '@digdir/designsystemet-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { createAdminBooking } from '@lokaler/api-client/admin-booking-create';
import { adminBookingsKey } from '@lokaler/api-client/admin-bookings';
import { locationAssetsQuery } from '@lokaler/api-client/bookable-assets';
import { useAdminLocations } from '@lokaler/api-client/current-user';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { adminBookingPurposes } from '@lokaler/domain/admin-booking-create';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { Loading } from '@lokaler/ui/loading';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { usePageTitle } from '@lokaler/ui/page-title';
import { useToasts } from '@lokaler/ui/toasts';
import { paths } from '../../config/paths';
import { adminBookingBody, purposeLabels, validatePurpose, type PurposeChoice, type PurposeErrors } from './purpose-choice';
import { SaveFailure } from './save-failure';
import { emptyTimeChoice, validateTimeChoice, type TimeChoice, type TimeChoiceErrors } from './time-choice';
import { TimeFields } from './time-fields';
import { useCheckedSave } from './use-checked-save';
import './admin-booking-create.css';

/** '/lokaler/:locationId/ny-booking': the administrator books a room of the location (spec 02 §6). */
export function NewBookingPage() {
  const locationId = Number(useParams().locationId);
  if (!Number.isSafeInteger(locationId) || locationId <= 0) return <NotFoundPage />;
  return <NewBooking locationId={locationId} />;
}

function NewBooking({ locationId }: { locationId: number }) {
  usePageTitle('Ny booking');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToasts();
  const { user } = useAuth();
  const locationName = useAdminLocations(user?.sub).data?.find((l) => l.id === locationId)?.name;
  const rooms = useQuery(locationAssetsQuery(locationId));
  const [purpose, setPurpose] = useState<PurposeChoice>({ purpose: 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN', name: '', email: '', title: '' });
  const [choice, setChoice] = useState<TimeChoice>(() => emptyTimeChoice(todayInOslo(new Date())));
  const [errors, setErrors] = useState<TimeChoiceErrors & PurposeErrors>({});

  const save = useCheckedSave(
    (times, chosen) => createAdminBooking(adminBookingBody(purpose, times, {
      isRepeating: chosen.repeatWeekly, includeBlockedSlots: chosen.includeBlockedSlots, includeClosedDates: chosen.includeClosedDates,
    })),
    async ({ bookingId, caseNumber }) => {
      showToast({ type: 'success', msg: `Bookingen ${caseNumber} er opprettet` });
      await queryClient.invalidateQueries({ queryKey: adminBookingsKey });
      await navigate(paths.booking.getHref(bookingId));
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { ...validatePurpose(purpose), ...validateTimeChoice(choice) };
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(choice);
  };
  const setP = (change: Partial<PurposeChoice>) => setPurpose((p) => ({ ...p, ...change }));
  const roomList = (rooms.data ?? []).map((r) => ({ id: r.id, name: r.displayName || r.name }));

  return (
    <form className="lk-stack" onSubmit={submit} noValidate>
      <Heading level={1} data-size="lg">
        Ny booking
      </Heading>
      {locationName && <Paragraph>{locationName}</Paragraph>}
      <Fieldset>
        <Fieldset.Legend>Hva gjelder bookingen?</Fieldset.Legend>
        {adminBookingPurposes.map((p) => (
          <Radio key={p} name="admin-booking-purpose" value={p} label={purposeLabels[p]} checked={purpose.purpose === p} onChange={() => setP({ purpose: p })} />
        ))}
      </Fieldset>
      {purpose.purpose === 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN' && (
        <>
          <Textfield label="Navn på den du booker for" value={purpose.name} onChange={(e) => setP({ name: e.target.value })} error={errors.name} required autoComplete="off" />
          <Textfield label="E-postadresse til den du booker for" type="email" value={purpose.email} onChange={(e) => setP({ email: e.target.value })} error={errors.email} required autoComplete="off" />
        </>
      )}
      {purpose.purpose === 'ADMINUSER_INTERNAL_ACTIVITY' && (
        <Textfield label="Tittel på aktiviteten" value={purpose.title} onChange={(e) => setP({ title: e.target.value })} error={errors.title} required />
      )}
      {purpose.purpose === 'ADMINUSER_MAKE_TIME_UNAVAILABLE' && (
        <Textfield label="Tittel (valgfritt)" description="Vises i kalenderen. Uten tittel står det «Utilgjengelig»." value={purpose.title} onChange={(e) => setP({ title: e.target.value })} />
      )}
      {rooms.isPending && <Loading label="Henter rommene" />}
      {rooms.error && (
        <Alert data-color="danger">
          <Paragraph>{loadFailureMessage(rooms.error).title}</Paragraph>
        </Alert>
      )}
      <TimeFields rooms={roomList} value={choice} errors={errors} onChange={(change) => setChoice((c) => ({ ...c, ...change }))} />
      <SaveFailure refused={save.refused} error={save.error} />
      <div className="lk-create-actions">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Lagrer …' : 'Opprett booking'}
        </Button>
        <Button asChild variant="tertiary">
          <RouterLink to={paths.locationCalendar.getHref(locationId)}>Avbryt</RouterLink>
        </Button>
      </div>
    </form>
  );
}
