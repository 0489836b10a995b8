import { useRef, useState } from 'react';
import { Alert, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { AvailabilityResponse } from '@lokaler/domain/booking-request';
import type { BookingFlowTheme } from '@lokaler/domain/booking-flow';
import { canSendFreeOnly, notFreeTimes } from '@lokaler/domain/scheduling/date-fate';
import { bookableAssetsQuery } from '@lokaler/api-client/bookable-assets';
import { useCurrentUserRoles } from '@lokaler/api-client/current-user';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { useBookingDraft, wasBookingDraftSent } from '@lokaler/ui/booking-draft';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { sendButtonLabel } from '@lokaler/ui/send-button-label';
import { paths } from '../../config/paths';
import { ApplicationForm } from './application-form';
import { DatesPreview, MustChange, SEND_WITHOUT_REQUIRED, SendWithoutChoice } from './dates-preview';
import { loadApplication, saveApplication, type ApplicationValues } from './application-store';
import { roomIdsOf } from './booking-request';
import { LoggingIn } from './logging-in';
import { RoundNotice } from './round-notice';
import { FairShareNotice } from './fair-share-notice';

/**
 * /send?purpose=…&activityType=…&nextLink=…: the application form for the times chosen in the
 * calendar (spec 01 §2). Sending needs login: logged out, the button says '(logg inn)' and pressing
 * it keeps the answers, logs in ('Logger deg inn') and comes back here with everything in place.
 */
export function ApplicationPage() {
  usePageTitle('Søknad');
  const [draft] = useBookingDraft();
  const roomIds = roomIdsOf(draft.availability, draft.reservations);
  const rooms = useQuery(bookableAssetsQuery(roomIds));
  const hasTimes = (draft.availability?.probablyAvailable ?? []).some((a) => a.datesAndTimes.length > 0);
  // The draft is shared by the tabs: when another tab sends (or clears) these times, the form here
  // goes, and the person is told why rather than finding an empty page.
  const [hadTimes, setHadTimes] = useState(hasTimes);
  const [goneElsewhere, setGoneElsewhere] = useState<'sent' | 'cleared' | null>(null);
  if (hadTimes !== hasTimes) {
    setHadTimes(hasTimes);
    setGoneElsewhere(hasTimes ? null : wasBookingDraftSent() ? 'sent' : 'cleared');
  }

  return (
    <div className="lk-stack lk-application-page">
      <Heading level={1} data-size="lg">
        Søknad om lån av lokale
      </Heading>
      {goneElsewhere && <GoneElsewhere reason={goneElsewhere} />}
      {!hasTimes && !goneElsewhere && (
        <Alert data-color="info">
          <Paragraph>Du har ikke valgt noen ledige tider ennå.</Paragraph>
          <Paragraph>
            <Link asChild>
              <RouterLink to={roomIds.length ? paths.asset.getHref(roomIds) : paths.venues.getHref()}>
                {roomIds.length ? 'Velg tider i kalenderen' : 'Finn et lokale'}
              </RouterLink>
            </Link>
          </Paragraph>
        </Alert>
      )}
      {hasTimes && rooms.isPending && <Loading label="Henter rommene" />}
      {hasTimes && rooms.error && (
        <Alert data-color="danger">
          <Paragraph>{loadFailureMessage(rooms.error).title}</Paragraph>
          <Paragraph>{loadFailureMessage(rooms.error).detail}</Paragraph>
        </Alert>
      )}
      {hasTimes && rooms.data && <Application rooms={rooms.data} availability={draft.availability!} roomIds={roomIds} />}
    </div>
  );
}

function GoneElsewhere({ reason }: { reason: 'sent' | 'cleared' }) {
  return (
    <Alert data-color="warning" role="alert">
      <Heading level={2} data-size="xs">
        {reason === 'sent' ? 'Søknaden er sendt fra en annen fane' : 'Tidene ble fjernet i en annen fane'}
      </Heading>
      <Paragraph>
        {reason === 'sent'
          ? 'Tidene du hadde valgt, ble sendt som en søknad fra en annen fane i nettleseren. Skjemaet her er derfor tomt, og ingenting mer er sendt.'
          : 'Tidene du hadde valgt, ble fjernet i en annen fane i nettleseren. Skjemaet her er derfor tomt, og ingenting er sendt.'}
      </Paragraph>
      <Paragraph>
        <Link asChild>
          <RouterLink to={reason === 'sent' ? paths.bookings.getHref() : paths.venues.getHref()}>
            {reason === 'sent' ? 'Se søknaden i Mine bookinger' : 'Finn et lokale'}
          </RouterLink>
        </Link>
      </Paragraph>
    </Alert>
  );
}

function Application({
  rooms,
  availability,
  roomIds,
}: {
  rooms: readonly BookableAsset[];
  availability: AvailabilityResponse;
  roomIds: readonly number[];
}) {
  const { user, isLoggedIn, login } = useAuth();
  const { search } = useLocation();
  const navigate = useNavigate();
  const roles = useCurrentUserRoles(user?.sub);
  const [loggingIn, setLoggingIn] = useState(false);
  // What the person wrote before logging in (or before a conflict sent them back) comes back as it was.
  const [stored] = useState(() => loadApplication());
  // Decision 027: the dates that are not free are named; sending without them is the person's explicit choice.
  const notFree = notFreeTimes(availability);
  const sendable = canSendFreeOnly(availability);
  const [sendWithout, setSendWithout] = useState(() => stored?.sendWithoutOmitted ?? false);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const choiceRef = useRef<HTMLInputElement>(null);
  const themes: BookingFlowTheme[] = rooms.map((r) => r.bookingFlow?.theme ?? 'default');
  const isRepeating = availability.probablyAvailable.some((entry) => entry.datesAndTimes.some((t) => t.initialRepetitionDate !== null));
  const firstDate = availability.probablyAvailable.flatMap((entry) => entry.datesAndTimes.map((t) => t.date)).sort()[0];

  if (loggingIn) return <LoggingIn />;
  if (isLoggedIn && roles.isPending && !stored) return <Loading label="Henter opplysningene dine" />;

  const defaults: ApplicationValues = stored?.values ?? (roles.data?.email ? { contactEmail: roles.data.email } : {});

  const onSubmit = (values: ApplicationValues) => {
    if (!sendable) return;
    if (notFree.length > 0 && !sendWithout) {
      setChoiceError(SEND_WITHOUT_REQUIRED);
      choiceRef.current?.focus();
      return;
    }
    saveApplication(values, notFree.length > 0 && sendWithout);
    if (!isLoggedIn) {
      setLoggingIn(true);
      void login(`${paths.send.path}${search}`);
      return;
    }
    const query = new URLSearchParams(search);
    void navigate(
      paths.bookingRegistration.getHref({
        nextLink: query.get('nextLink') ?? undefined,
        bookingPortalClient: 'PUBLIC',
        purpose: query.get('purpose') ?? undefined,
        activityType: query.get('activityType') ?? undefined,
      }),
    );
  };

  return (
    <>
      <DatesPreview rooms={rooms} availability={availability} />
      {isRepeating && firstDate && rooms[0] && <RoundNotice locationId={rooms[0].locationId} firstDate={firstDate} />}
      {rooms[0] && <FairShareNotice rooms={rooms} availability={availability} viewer={user?.sub ?? null} />}
      {!sendable && <MustChange />}
      {sendable && notFree.length > 0 && (
        <SendWithoutChoice
          ref={choiceRef}
          count={notFree.length}
          checked={sendWithout}
          error={choiceError}
          onChange={(checked) => {
            setSendWithout(checked);
            if (checked) setChoiceError(null);
          }}
        />
      )}
      <Paragraph>
        <Link asChild>
          <RouterLink to={paths.asset.getHref(roomIds)}>Endre tidspunkter</RouterLink>
        </Link>
      </Paragraph>
      {sendable && (
        <>
          <Heading level={2} data-size="sm">
            Om aktiviteten
          </Heading>
          <ApplicationForm
            themes={themes}
            defaultValues={defaults}
            submitLabel={sendButtonLabel('NEW_BOOKING', { isAuthenticated: isLoggedIn })}
            isRepeating={isRepeating}
            onSubmit={onSubmit}
          />
          {!isLoggedIn && (
            <Paragraph data-size="sm">
              Du må logge inn med ID-porten for å sende søknaden. Svarene dine blir tatt vare på mens du logger inn.
            </Paragraph>
          )}
        </>
      )}
    </>
  );
}
