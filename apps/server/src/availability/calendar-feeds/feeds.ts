import { timingSafeEqual } from 'node:crypto';
import { calendarFeedFile, calendarFeedTexts, type CalendarFeed, type RotateUserCalendarFeedBody } from '@lokaler/domain/calendar-feed';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import type { OrgRegistry } from '../../integrations/org-registry/org-registry';
import { managedLocation } from '../../locations';
import { buildFeed, type FeedLinks } from './build-feed';
import { ensureFeed, findFeed, loadFeedReservations, loadName, rotateFeed, type CalendarFeedRow, type FeedOwner } from './repository';

/** The same 404 for a file that is malformed, unknown, rotated away or someone else's: nothing to learn. */
function feedNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Calendar feed not found', calendarFeedTexts.notFound);
}

export function feedUrl(publicUrl: string, feed: Pick<CalendarFeedRow, 'id' | 'secret'>): string {
  return `${publicUrl}/api/calendar/${feed.id}-${feed.secret}.ics`;
}

function ownerOf(feed: CalendarFeedRow): FeedOwner {
  if (feed.kind === 'PERSON' && feed.userId !== null) return { kind: 'PERSON', userId: feed.userId };
  if (feed.kind === 'ORGANIZATION' && feed.organizationNumber !== null)
    return { kind: 'ORGANIZATION', organizationNumber: feed.organizationNumber };
  if (feed.kind === 'LOCATION' && feed.locationId !== null) return { kind: 'LOCATION', locationId: feed.locationId };
  throw new Error(`Calendar feed ${feed.id} has no owner`);
}

/** The feed a URL's file names, when its secret is the current one (compared in constant time). */
export async function feedOfFile(db: DbOrTx, file: string): Promise<CalendarFeedRow> {
  const match = calendarFeedFile.exec(file);
  if (!match) throw feedNotFound();
  const feed = await findFeed(db, Number(match[1]));
  const given = Buffer.from(match[2]!, 'utf8');
  // An unknown id still compares (against itself), so both answers take the same path.
  const stored = Buffer.from(feed?.secret ?? match[2]!, 'utf8');
  const same = stored.length === given.length && timingSafeEqual(stored, given);
  if (!feed || !same) throw feedNotFound();
  return feed;
}

/** GET /api/calendar/{file}: the iCalendar text. */
export async function renderFeedOfFile(db: DbOrTx, file: string, links: FeedLinks): Promise<string> {
  const feed = await feedOfFile(db, file);
  const owner = ownerOf(feed);
  const rows = await loadFeedReservations(db, owner);
  const name =
    owner.kind === 'PERSON'
      ? 'Mine bookinger – Lokaler'
      : owner.kind === 'ORGANIZATION'
        ? `${rows.findLast((r) => r.organizationName)?.organizationName ?? 'Organisasjonens bookinger'} – Lokaler`
        : `${(await loadName(db, 'locations', owner.locationId)) ?? 'Lokalet'} – Lokaler`;
  return buildFeed(name, owner.kind, rows, links);
}

/** GET /api/user/calendar-feeds: the person's own feed, then one per organisation they represent (made on first ask). */
export async function listUserFeeds({
  db,
  user,
  orgRegistry,
  publicUrl,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  orgRegistry: OrgRegistry;
  publicUrl: string;
}): Promise<CalendarFeed[]> {
  const organizations = await orgRegistry.organizationsFor(user);
  return writeTransaction(db, async (tx) => {
    const own = await ensureFeed(tx, { kind: 'PERSON', userId: user.userId });
    const feeds: CalendarFeed[] = [
      { kind: 'PERSON', name: user.name, organizationNumber: null, locationId: null, url: feedUrl(publicUrl, own) },
    ];
    for (const org of organizations) {
      const feed = await ensureFeed(tx, { kind: 'ORGANIZATION', organizationNumber: org.orgnr });
      feeds.push({
        kind: 'ORGANIZATION',
        name: org.orgNavn,
        organizationNumber: org.orgnr,
        locationId: null,
        url: feedUrl(publicUrl, feed),
      });
    }
    return feeds;
  });
}

/** POST /api/user/calendar-feeds/rotate: a new URL for the person's own feed or an organisation's they represent. */
export async function rotateUserFeed({
  db,
  user,
  orgRegistry,
  publicUrl,
  body,
  now,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  orgRegistry: OrgRegistry;
  publicUrl: string;
  body: RotateUserCalendarFeedBody;
  now: Date;
}): Promise<CalendarFeed> {
  if (body.kind === 'PERSON') {
    const feed = await writeTransaction(db, (tx) => rotateFeed(tx, { kind: 'PERSON', userId: user.userId }, now));
    return { kind: 'PERSON', name: user.name, organizationNumber: null, locationId: null, url: feedUrl(publicUrl, feed) };
  }
  const org = (await orgRegistry.organizationsFor(user)).find((o) => o.orgnr === body.organizationNumber);
  if (!org)
    throw new AppError(
      'FORBIDDEN',
      `User ${user.userId} does not represent ${body.organizationNumber}`,
      'Du representerer ikke denne organisasjonen.',
    );
  const feed = await writeTransaction(db, (tx) => rotateFeed(tx, { kind: 'ORGANIZATION', organizationNumber: org.orgnr }, now));
  return { kind: 'ORGANIZATION', name: org.orgNavn, organizationNumber: org.orgnr, locationId: null, url: feedUrl(publicUrl, feed) };
}

/** GET and POST …/rotate of /api/admin/location/{id}/calendar-feed: for the location's administrators and city admins. */
export async function locationFeed({
  db,
  user,
  locationId,
  publicUrl,
  rotate,
  now,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  locationId: number;
  publicUrl: string;
  rotate: boolean;
  now: Date;
}): Promise<CalendarFeed> {
  return writeTransaction(db, async (tx) => {
    const location = await managedLocation(tx, user, locationId);
    const owner = { kind: 'LOCATION', locationId } as const;
    const feed = rotate ? await rotateFeed(tx, owner, now) : await ensureFeed(tx, owner);
    return { kind: 'LOCATION', name: location.name, organizationNumber: null, locationId, url: feedUrl(publicUrl, feed) };
  });
}
