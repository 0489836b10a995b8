import type { AdminBookingListQuery, AdminBookingListResponse, CountsByStatus } from '@lokaler/domain/admin-booking-list';
import { batchApprovable } from '@lokaler/domain/admin-batch-approval';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import { bookingStatuses } from '@lokaler/domain/booking';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { countByStatus, listPage, roomsOfBookings, type BookingFilters } from './repository';

/** The SQL filters of a list's query ('Mine saker': the caller's own). */
export function filtersOf(user: AuthenticatedUser, query: Omit<AdminBookingListQuery, 'sort' | 'page' | 'pageSize'>): BookingFilters {
  return {
    locationId: query.locationId,
    statuses: query.status,
    fromDate: query.fromDate,
    toDate: query.toDate,
    bookableAssetId: query.bookableAssetId,
    purpose: query.purpose,
    text: query.text || undefined,
    assigneeUserId: query.assignee === 'me' ? user.userId : undefined,
  };
}

/**
 * GET /api/booking: one page of a location's bookings with the filters, sorted on the server, with
 * the total and the counts per status. Three queries whatever the page size.
 */
export async function listAdminBookings({
  db,
  user,
  query,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  query: AdminBookingListQuery;
}): Promise<AdminBookingListResponse> {
  assertAdministers(user, query.locationId);
  const filters = filtersOf(user, query);
  const counts = await countByStatus(db, filters);
  const countsByStatus = Object.fromEntries(bookingStatuses.map((s) => [s, counts.get(s) ?? 0])) as CountsByStatus;
  const selected = filters.statuses?.length ? filters.statuses : bookingStatuses;
  const total = [...new Set(selected)].reduce((sum, s) => sum + countsByStatus[s], 0);

  const rows =
    total > query.page * query.pageSize ? await listPage(db, filters, query.sort, query.pageSize, query.page * query.pageSize) : [];
  const rooms = await roomsOfBookings(
    db,
    rows.map((r) => r.id),
  );
  const roomsByBooking = new Map<number, { bookableAssetId: number; name: string }[]>();
  for (const room of rooms) {
    const list = roomsByBooking.get(room.booking_id) ?? [];
    list.push({ bookableAssetId: room.bookable_asset_id, name: assetDisplayName(room.name, room.external_asset_number) });
    roomsByBooking.set(room.booking_id, list);
  }

  return {
    items: rows.map((r) => ({
      bookingId: r.id,
      caseNumber: r.case_number,
      status: r.status,
      createdTimeUtc: r.created_utc,
      bookingPurpose: r.purpose,
      bookingDurationType: r.duration_type,
      applicantName: r.on_behalf_of_name ?? r.user_name ?? r.internal_event_title ?? null,
      userEmail: r.on_behalf_of_email ?? r.user_email ?? null,
      displayOrgName: r.organization_name,
      internalEventTitle: r.internal_event_title,
      costCategory: r.cost_category,
      activity: r.activity,
      firstDate: r.first_date,
      lastDate: r.last_date,
      reservationCount: Number(r.active_count),
      rooms: roomsByBooking.get(r.id) ?? [],
      hasPendingRequirements: Boolean(r.pending),
      sourceForm: r.source_form,
      weddingFormPending: r.source_form === 'wedding' && Boolean(r.held),
      roundName: r.round_name,
      deadlineDate: r.deadline_date,
      assignee:
        r.assignee_user_id === null
          ? null
          : { userId: r.assignee_user_id, name: r.assignee_name || 'Ukjent saksbehandler', assignedUtc: r.assigned_utc ?? '' },
      // Decision 066's rule, written once in the domain; the batch route checks it again for each.
      batchApprovable: batchApprovable({
        status: r.status,
        sourceForm: r.source_form,
        roundName: r.round_name,
        requireContract: r.require_contract,
      }),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    countsByStatus,
  };
}
