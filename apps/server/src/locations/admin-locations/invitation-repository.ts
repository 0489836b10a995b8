import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { NewLocationStep, StepStatus } from '@lokaler/domain/admin-location';
import type { LocationStatus } from '@lokaler/domain/location';
import type { DbOrTx, Tx } from '../../db/client';
import { locationInvitations, locationSetupSteps } from '../../db/schema/location-setup';
import { locations } from '../../db/schema/locations';

export type InvitationRow = typeof locationInvitations.$inferSelect;
export type InvitationWithLocation = InvitationRow & { locationName: string; locationStatus: LocationStatus };

export async function insertInvitation(
  tx: Tx,
  row: Pick<typeof locationInvitations.$inferInsert, 'linkId' | 'locationId' | 'email' | 'createdByUserId' | 'createdAt' | 'expiresAt'>,
): Promise<InvitationRow> {
  const [inserted] = await tx.insert(locationInvitations).values(row).returning();
  return inserted!;
}

const withLocation = { invitation: locationInvitations, locationName: locations.name, locationStatus: locations.status };

/** Every invitation, newest first, with its location's name and status (one query). */
export async function listInvitations(db: DbOrTx): Promise<InvitationWithLocation[]> {
  const rows = await db
    .select(withLocation)
    .from(locationInvitations)
    .innerJoin(locations, eq(locations.id, locationInvitations.locationId))
    .orderBy(desc(locationInvitations.createdAt), desc(locationInvitations.id));
  return rows.map((r) => ({ ...r.invitation, locationName: r.locationName, locationStatus: r.locationStatus }));
}

/**
 * The invitation of a link, with its location. `lock`: FOR UPDATE of the invitation row, so that two
 * claims of one link at once are serialised and the second sees who the first bound it to.
 */
export async function findInvitationByLink(
  db: DbOrTx,
  linkId: string,
  options: { lock?: boolean } = {},
): Promise<InvitationWithLocation | undefined> {
  const query = db
    .select(withLocation)
    .from(locationInvitations)
    .innerJoin(locations, eq(locations.id, locationInvitations.locationId))
    .where(eq(locationInvitations.linkId, linkId));
  const [row] = options.lock ? await query.for('update', { of: locationInvitations }) : await query;
  return row ? { ...row.invitation, locationName: row.locationName, locationStatus: row.locationStatus } : undefined;
}

/** The invitation with this id, with its location; FOR UPDATE of the invitation row with `lock`. */
export async function findInvitationById(
  db: DbOrTx,
  invitationId: number,
  options: { lock?: boolean } = {},
): Promise<InvitationWithLocation | undefined> {
  const query = db
    .select(withLocation)
    .from(locationInvitations)
    .innerJoin(locations, eq(locations.id, locationInvitations.locationId))
    .where(eq(locationInvitations.id, invitationId));
  const [row] = options.lock ? await query.for('update', { of: locationInvitations }) : await query;
  return row ? { ...row.invitation, locationName: row.locationName, locationStatus: row.locationStatus } : undefined;
}

/**
 * A new link in place of the old one (which is then unknown), sent now and running from now. Only
 * while nobody has claimed it: false when someone has by now.
 */
export async function replaceInvitationLink(
  tx: Tx,
  invitationId: number,
  link: { linkId: string; sentAt: Date; expiresAt: Date },
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(locationInvitations)
    .set({ linkId: link.linkId, createdAt: link.sentAt, expiresAt: link.expiresAt })
    .where(and(eq(locationInvitations.id, invitationId), isNull(locationInvitations.usedByUserId)))
    .returning();
  return row;
}

/**
 * Binds the link to this person. Conditional as well as locked: it changes nothing when someone else
 * holds the link already, so even without the lock only one claim can win. True when it is theirs.
 */
export async function bindInvitation(tx: Tx, invitationId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .update(locationInvitations)
    .set({ usedByUserId: userId, usedAt: sql`coalesce(${locationInvitations.usedAt}, now())` })
    .where(
      and(
        eq(locationInvitations.id, invitationId),
        or(isNull(locationInvitations.usedByUserId), eq(locationInvitations.usedByUserId, userId)),
      ),
    )
    .returning({ id: locationInvitations.id });
  return rows.length > 0;
}

export async function listSteps(db: DbOrTx, locationId: number): Promise<{ step: string; status: string }[]> {
  return db
    .select({ step: locationSetupSteps.step, status: locationSetupSteps.status })
    .from(locationSetupSteps)
    .where(eq(locationSetupSteps.locationId, locationId));
}

/** Sets a step's status; a SAVED step stays SAVED (decision 015), whatever is sent later. */
export async function upsertStep(
  tx: DbOrTx,
  locationId: number,
  step: NewLocationStep,
  status: Exclude<StepStatus, 'NOT_STARTED'>,
): Promise<void> {
  await tx
    .insert(locationSetupSteps)
    .values({ locationId, step, status })
    .onConflictDoUpdate({
      target: [locationSetupSteps.locationId, locationSetupSteps.step],
      set: { status: sql`case when ${locationSetupSteps.status} = 'SAVED' then 'SAVED' else excluded.status end`, updatedAt: sql`now()` },
    });
}
