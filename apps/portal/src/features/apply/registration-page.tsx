import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { CreateBookingRequest } from '@lokaler/domain/booking-create';
import { applicationFormSchema } from '@lokaler/domain/booking-create-form';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { bookableAssetsQuery } from '@lokaler/api-client/bookable-assets';
import { createBookingMutation } from '@lokaler/api-client/bookings';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { clearBookingDraft, readBookingDraft, useBookingDraft } from '@lokaler/ui/booking-draft';
import { formatInterval } from '@lokaler/ui/formatters';
import { leavePage } from '@lokaler/ui/leave-page';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../../config/paths';
import { clearApplication, loadApplication } from './application-store';
import { createBookingRequest, portalOf, purposeOf, roomIdsOf } from './booking-request';
import { formatFateDate } from './dates-preview';
import { registrationTarget } from './next-link';

export const registrationTexts = {
  registering: 'Registrerer din booking',
  failed: 'Det oppsto en feil ved registrering av din booking',
  /** Spec 01 §8 "Registration of reservations": a failure the server did not explain. */
  reservationsFailed: 'Feil ved registrering av reservasjoner, vennligst prøv på nytt',
  nothingToRegister: 'Fant ingen tider å registrere. Velg tidene i kalenderen på nytt.',
} as const;

type Failure = { error: unknown } | { nothing: true };

/**
 * The booking registration page (spec 01 §2): reads nextLink, bookingPortalClient and purpose, shows
 * 'Registrerer din booking', posts the booking, clears the calendar's choices, and goes on per the
 * nextLink rules. On failure: 'Det oppsto en feil ved registrering av din booking' and the messages;
 * a conflict names the taken times and leads back to the calendar with the other choices kept.
 */
export function RegistrationPage() {
  usePageTitle(registrationTexts.registering);
  const { isLoggedIn, user } = useAuth();
  const { search } = useLocation();
  const navigate = useNavigate();
  // What to send, as it was when the page opened: clearing the draft after success must not change it.
  const [snapshot] = useState(() => ({ stored: loadApplication(), draft: readBookingDraft() }));
  const roomIds = roomIdsOf(snapshot.draft.availability, snapshot.draft.reservations);
  const rooms = useQuery(bookableAssetsQuery(roomIds));
  const send = useGuardedMutation(createBookingMutation(user?.sub ?? ''));
  // One POST per submission, whatever happens to the page: React's StrictMode runs effects twice and
  // the effect runs again when its inputs change; a second request would be a second booking (or a
  // conflict with the first). The guarded mutation drops a call while one is on its way, this ref
  // one after it.
  const sentFor = useRef<string | null>(null);
  const { mutate: sendBooking } = send;
  const roomsSettled = roomIds.length === 0 || !rooms.isPending;

  const request = useMemo(() => {
    if (!roomsSettled || !snapshot.stored) return null;
    const answers = applicationFormSchema((rooms.data ?? []).map((r) => r.bookingFlow?.theme ?? 'default')).safeParse(
      snapshot.stored.values,
    );
    if (!answers.success) return null;
    const query = new URLSearchParams(search);
    return createBookingRequest({
      availability: snapshot.draft.availability,
      answers: answers.data,
      purpose: purposeOf(query.get('purpose')),
      portal: portalOf(query.get('bookingPortalClient')),
      sendWithoutOmitted: snapshot.stored.sendWithoutOmitted,
    });
  }, [roomsSettled, rooms.data, snapshot, search]);

  useEffect(() => {
    if (!isLoggedIn || !request || !snapshot.stored) return;
    const { submissionId } = snapshot.stored;
    const query = new URLSearchParams(search);
    const roomList = rooms.data ?? [];
    if (sentFor.current === submissionId) return;
    sentFor.current = submissionId;
    sendBooking(request, {
      onSuccess: ({ bookingId }) => {
        // Spec 01 §4: the choices are cleared when the booking is posted.
        clearBookingDraft({ sent: true });
        clearApplication();
        const target = registrationTarget({
          nextLink: query.get('nextLink'),
          bookingId,
          activityType: query.get('activityType'),
          trustedExternalLinks: roomList.flatMap((r) => (r.bookingFlow?.publicFormLink ? [r.bookingFlow.publicFormLink] : [])),
          omitted: omittedOf(request, roomList),
        });
        if (target.kind === 'external') leavePage(target.url);
        else void navigate(target.to, { replace: true, state: target.receipt });
      },
    });
  }, [isLoggedIn, request, snapshot, rooms.data, search, navigate, sendBooking]);

  // Only a logged-in person can send; the form at /send has the login gate.
  if (!isLoggedIn) return <Navigate to={`${paths.send.path}${search}`} replace />;
  if (send.isError) return <RegistrationFailed failure={{ error: send.error }} rooms={rooms.data ?? []} roomIds={roomIds} />;
  if (roomsSettled && !request) return <RegistrationFailed failure={{ nothing: true }} rooms={rooms.data ?? []} roomIds={roomIds} />;
  return (
    <section className="lk-stack" aria-labelledby="lk-registering">
      <Heading level={1} data-size="lg" id="lk-registering">
        {registrationTexts.registering}
      </Heading>
      <Loading label={registrationTexts.registering} delayMs={0} />
    </section>
  );
}

/** The dates sent without, as the receipt names them ('Gymsal: torsdag 24.12.2026 kl. 18:00–19:00'). */
function omittedOf(request: CreateBookingRequest, rooms: readonly BookableAsset[]): string[] {
  return (request.availabilityData.omitted ?? []).flatMap((entry) => {
    const name = rooms.find((r) => r.id === entry.bookableAssetId)?.displayName ?? `Rom ${entry.bookableAssetId}`;
    return entry.datesAndTimes.map((t) => `${name}: ${formatFateDate(t.date)} kl. ${formatClock(t.startTime)}`);
  });
}

/**
 * What went wrong, once: the fields' messages when the server named them (its userMsg is only their
 * summary, 'first (og 2 til)', and would say the first twice), else its userMsg, the network message,
 * or spec 01 §8's text for reservations that could not be registered.
 */
function failureMessages(failure: Failure): { summary: string | null; fields: { path: string; message: string }[] } {
  if (!('error' in failure)) return { summary: registrationTexts.nothingToRegister, fields: [] };
  const { error } = failure;
  const fields = isApiClientError(error) ? (error.fields ?? []) : [];
  if (fields.length > 0) return { summary: null, fields };
  const explained = isApiClientError(error) && (error.userMsg || error.kind === 'network');
  return { summary: explained ? userMessageOf(error) : registrationTexts.reservationsFailed, fields };
}

function RegistrationFailed({
  failure,
  rooms,
  roomIds,
}: {
  failure: Failure;
  rooms: readonly BookableAsset[];
  roomIds: readonly number[];
}) {
  usePageTitle(registrationTexts.failed);
  const navigate = useNavigate();
  const { search } = useLocation();
  const [, updateDraft] = useBookingDraft();
  const error = 'error' in failure ? failure.error : null;
  const conflicts = isApiClientError(error) ? (error.conflicts ?? []) : [];
  const { summary, fields } = failureMessages(failure);
  const roomName = (id: number) => rooms.find((r) => r.id === id)?.displayName ?? `Rom ${id}`;

  const backToCalendar = () => {
    // The calendar checks the saved times again and shows which are taken; the answers stay for /send.
    updateDraft((d) => ({ ...d, availability: null }));
    void navigate(paths.asset.getHref(roomIds));
  };

  return (
    <section className="lk-stack" aria-labelledby="lk-registration-failed">
      <Heading level={1} data-size="lg" id="lk-registration-failed">
        {registrationTexts.failed}
      </Heading>
      <Alert data-color="danger">
        {summary && <Paragraph>{summary}</Paragraph>}
        {fields.length > 0 && (
          <ul>
            {fields.map((f) => (
              <li key={f.path}>{f.message}</li>
            ))}
          </ul>
        )}
      </Alert>
      {conflicts.length > 0 && (
        <>
          <Heading level={2} data-size="xs">
            Disse tidene er ikke lenger ledige
          </Heading>
          <ul>
            {conflicts.map((c) => (
              <li key={`${c.bookableAssetId}${c.date}${c.startTime}`}>
                {roomName(c.bookableAssetId)}: {formatInterval(c.date, c.startTime, c.endTime)}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="lk-button-row">
        {roomIds.length > 0 && (
          <Button variant={conflicts.length > 0 ? 'primary' : 'secondary'} onClick={backToCalendar}>
            Tilbake til kalenderen
          </Button>
        )}
        {conflicts.length === 0 && 'error' in failure && (
          <Link asChild>
            <RouterLink to={`${paths.send.path}${search}`}>Tilbake til søknaden</RouterLink>
          </Link>
        )}
      </div>
    </section>
  );
}
