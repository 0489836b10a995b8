import type { ReservationStatus } from '@lokaler/domain/reservation';
import { renderCalendar, type IcsEvent, type IcsStatus } from './icalendar';
import type { FeedOwner, FeedReservationRow } from './repository';

/** How each reservation status shows in a calendar app, and the word before its title. */
const shown: Record<ReservationStatus, { status: IcsStatus; prefix: string; label: string }> = {
  APPROVED: { status: 'CONFIRMED', prefix: '', label: 'Godkjent' },
  UNPROCESSED: { status: 'TENTATIVE', prefix: 'Søkt: ', label: 'Til behandling' },
  CANCELLED: { status: 'CANCELLED', prefix: 'Avlyst: ', label: 'Avlyst' },
  REJECTED: { status: 'CANCELLED', prefix: 'Avslått: ', label: 'Avslått' },
  AUTOREJECTED: { status: 'CANCELLED', prefix: 'Avslått: ', label: 'Avslått' },
  UNAVAILABLE: { status: 'CANCELLED', prefix: 'Ikke tilgjengelig: ', label: 'Ikke tilgjengelig' },
  REPLACED: { status: 'CANCELLED', prefix: 'Flyttet: ', label: 'Erstattet av et annet tidspunkt' },
  IN_ROUND: { status: 'TENTATIVE', prefix: 'Søkt: ', label: 'I søknadsrunde, avgjøres etter søknadsfristen' },
};

export interface FeedLinks {
  /** The portal's origin (the applicant's booking page). */
  publicUrl: string;
  /** The admin app's origin (the location feed's booking page). */
  adminPublicUrl: string;
  /** The domain part of every UID. */
  uidDomain: string;
}

function asDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function address(row: FeedReservationRow): string {
  const place = [row.postCode, row.city].filter(Boolean).join(' ');
  return [row.locationName, row.streetAddress, place].filter(Boolean).join(', ');
}

/**
 * One VEVENT per reservation. The applicant's feeds (PERSON, ORGANIZATION) show their own bookings
 * with a link to the booking in the portal. The location feed is for its administrators and shows
 * what the admin app's calendar shows at a glance: room, time, status, case number, the organisation
 * that booked and the administrator's internal title; never a person's name, e-mail, phone or form
 * answers (a feed URL can be passed on; the admin app is where a person's details are read).
 */
export function toEvent(row: FeedReservationRow, owner: FeedOwner['kind'], links: FeedLinks): IcsEvent {
  const look = shown[row.status];
  const place = `${row.roomName}, ${row.locationName}`;
  const forLocation = owner === 'LOCATION';
  const who = row.internalEventTitle ?? row.organizationName;
  const summary = forLocation ? `${look.prefix}${row.roomName}${who ? `: ${who}` : ''}` : `${look.prefix}${place}`;
  const url = forLocation ? `${links.adminPublicUrl}/soknader/${row.bookingId}` : `${links.publicUrl}/bookinger/${row.bookingId}`;
  const description = [
    `Saksnummer: ${row.caseNumber}`,
    `Status: ${look.label}`,
    ...(forLocation && row.organizationName ? [`Organisasjon: ${row.organizationName}`] : []),
    `Se bookingen: ${url}`,
  ].join('\n');
  return {
    uid: `reservation-${row.id}@${links.uidDomain}`,
    sequence: row.revision,
    status: look.status,
    date: row.date,
    startTime: row.startTime,
    durationMinutes: row.durationMinutes,
    summary,
    location: address(row),
    description,
    url,
    created: asDate(row.createdAt),
    lastModified: asDate(row.updatedAt),
  };
}

export function buildFeed(name: string, owner: FeedOwner['kind'], rows: readonly FeedReservationRow[], links: FeedLinks): string {
  return renderCalendar({ name, events: rows.map((row) => toEvent(row, owner, links)) });
}
