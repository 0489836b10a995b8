import type { Tx } from '../db/client';
import { bookings, changeLog, decisionMessages, requirements, reservations } from '../db/schema/bookings';
import { localOrganizations } from '../integrations/org-registry/local-org-registry';
import type { BookingPlan } from './booking-plan';
import { inChunks } from './chunks';

/** The demo organisations' forms, as the local organisation register gives them (decision 068). */
const formOf = new Map<string, string>(Object.values(localOrganizations).map((o) => [o.orgnr, o.organisasjonsform]));

/** Case numbers of the demo: LOK-<year>-<five digits>, in creation order. */
function caseNumber(plan: BookingPlan, sequence: number): string {
  return `LOK-${plan.createdAt.getUTCFullYear()}-${String(sequence).padStart(5, '0')}`;
}

/** Inserts the planned bookings with their reservations, requirements, messages and change log; answers each plan's booking id. */
export async function insertBookings(
  tx: Tx,
  plans: readonly BookingPlan[],
  userIdBySub: ReadonlyMap<string, number>,
): Promise<ReadonlyMap<BookingPlan, number>> {
  const userId = (sub: string | null | undefined) => (sub ? (userIdBySub.get(sub) ?? null) : null);
  const ordered = [...plans].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const numbered = ordered.map((plan, i) => ({ plan, caseNumber: caseNumber(plan, i + 1) }));

  const rows = await inChunks(numbered, (chunk) =>
    tx
      .insert(bookings)
      .values(
        chunk.map(({ plan, caseNumber }) => ({
          status: plan.status,
          userId: userId(plan.userSub),
          organizationNumber: plan.organization?.number ?? null,
          organizationName: plan.organization?.name ?? null,
          organizationForm: plan.organization ? (formOf.get(plan.organization.number) ?? null) : null,
          locationId: plan.locationId,
          purpose: plan.purpose,
          sourceForm: plan.sourceForm,
          durationType: plan.durationType,
          caseNumber,
          createdAt: plan.createdAt,
          updatedAt: plan.changeLog.at(-1)?.loggedAt ?? plan.createdAt,
          costCategory: plan.costCategory ?? null,
          marketPriceOre: plan.marketPriceOre ?? null,
          internalEventTitle: plan.internalEventTitle ?? null,
          formAnswers: plan.formAnswers,
          cancellationDeadline: plan.cancellationDeadline ?? null,
          onBehalfOfName: plan.onBehalfOf?.name ?? null,
          onBehalfOfEmail: plan.onBehalfOf?.email ?? null,
        })),
      )
      .returning({ id: bookings.id, caseNumber: bookings.caseNumber }),
  );
  const idByCase = new Map(rows.map((r) => [r.caseNumber, r.id]));
  const withIds = numbered.map(({ plan, caseNumber }) => ({ plan, bookingId: idByCase.get(caseNumber)! }));

  await inChunks(
    withIds.flatMap(({ plan, bookingId }) =>
      plan.reservations.map((r) => ({
        bookingId,
        bookableAssetId: r.room.id,
        date: r.date,
        startTime: r.startTime,
        durationMinutes: r.durationMinutes,
        initialRepetitionDate: r.initialRepetitionDate,
        status: r.status,
        createdAt: plan.createdAt,
      })),
    ),
    (chunk) => tx.insert(reservations).values(chunk).returning({ id: reservations.id }),
  );

  const requirementRows = withIds.flatMap(({ plan, bookingId }) =>
    plan.requirements.map((q) => ({
      bookingId,
      type: q.type,
      isFulfilled: q.fulfillmentTime !== undefined,
      fulfilledByUserId: userId(q.fulfilledBySub),
      fulfilledByName: q.fulfilledByName ?? null,
      fulfillmentTime: q.fulfillmentTime ?? null,
    })),
  );
  if (requirementRows.length) await tx.insert(requirements).values(requirementRows);

  const messageRows = withIds.flatMap(({ plan, bookingId }) => plan.decisionMessages.map((m) => ({ bookingId, ...m })));
  if (messageRows.length) await tx.insert(decisionMessages).values(messageRows);

  await inChunks(
    withIds.flatMap(({ plan, bookingId }) =>
      plan.changeLog.map((e) => ({
        bookingId,
        type: e.type,
        loggedAt: e.loggedAt,
        userId: userId(e.userSub),
        userName: e.userName,
        reservationTimes: e.reservationTimes ?? null,
        newReservationTimes: e.newReservationTimes ?? null,
        comment: e.comment ?? null,
      })),
    ),
    (chunk) => tx.insert(changeLog).values(chunk).returning({ id: changeLog.id }),
  );
  return new Map(withIds.map(({ plan, bookingId }) => [plan, bookingId]));
}
