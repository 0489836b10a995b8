import { infiniteQueryOptions, mutationOptions, queryOptions, type MutationFunctionContext } from '@tanstack/react-query';
import { blockedTimesSchedule, type PutBlockedTimesBody } from '@lokaler/domain/admin-blocked-times';
import { adminRoom, adminRooms, type RoomFieldsInput } from '@lokaler/domain/admin-room';
import { locationAuditPage } from '@lokaler/domain/location-audit';
import {
  closedDateRange,
  closedDateRanges,
  openingHoursResponse,
  type ClosedDateRangeBody,
  type OpeningHoursBody,
} from '@lokaler/domain/opening-hours';
import { apiFetch } from './api-fetch';

/**
 * A location's schedule as its administrator sets it up (decision 015): opening hours,
 * closed dates, rooms, blocked times, and the audit log every such change writes. Every answer is
 * parsed by its domain schema. Each key sits below `locationScheduleKey(id)`, so a write refreshes
 * everything of that location (the audit log included: each write adds an entry).
 */
export const locationScheduleKey = (locationId: number) => ['admin', 'location-schedule', locationId] as const;

const refreshLocation =
  (locationId: number) =>
  (_data: unknown, _variables: unknown, _onMutateResult: unknown, { client }: MutationFunctionContext) =>
    client.invalidateQueries({ queryKey: locationScheduleKey(locationId) });

// ---- Opening hours ----

/** GET /api/admin/location/{id}/openinghours: standard weekly hours and seasonal periods. */
export const openingHoursQuery = (locationId: number) =>
  queryOptions({
    queryKey: [...locationScheduleKey(locationId), 'openinghours'],
    queryFn: ({ signal }) => apiFetch(`/api/admin/location/${locationId}/openinghours`, { schema: openingHoursResponse, signal }),
  });

/** PUT /api/admin/location/{id}/openinghours: replaces every interval and period at once. */
export const saveOpeningHoursMutation = (locationId: number) =>
  mutationOptions({
    mutationKey: [...locationScheduleKey(locationId), 'openinghours', 'save'],
    mutationFn: (body: OpeningHoursBody) =>
      apiFetch(`/api/admin/location/${locationId}/openinghours`, { method: 'PUT', body, schema: openingHoursResponse }),
    onSuccess: refreshLocation(locationId),
  });

// ---- Closed dates ----

/** GET /api/admin/location/{id}/closeddates: the closed ranges with their reasons. */
export const closedDatesQuery = (locationId: number) =>
  queryOptions({
    queryKey: [...locationScheduleKey(locationId), 'closeddates'],
    queryFn: ({ signal }) => apiFetch(`/api/admin/location/${locationId}/closeddates`, { schema: closedDateRanges, signal }),
  });

/** POST /api/admin/location/{id}/closeddates; an overlapping range answers 409 with the message. */
export const addClosedDatesMutation = (locationId: number) =>
  mutationOptions({
    mutationKey: [...locationScheduleKey(locationId), 'closeddates', 'add'],
    mutationFn: (body: ClosedDateRangeBody) =>
      apiFetch(`/api/admin/location/${locationId}/closeddates`, { method: 'POST', body, schema: closedDateRange }),
    onSuccess: refreshLocation(locationId),
  });

/** DELETE /api/admin/location/{id}/closeddates/{rangeId}. */
export const removeClosedDatesMutation = (locationId: number) =>
  mutationOptions({
    mutationKey: [...locationScheduleKey(locationId), 'closeddates', 'remove'],
    mutationFn: (rangeId: number) =>
      apiFetch(`/api/admin/location/${locationId}/closeddates/${rangeId}`, { method: 'DELETE' }).then(() => undefined),
    onSuccess: refreshLocation(locationId),
  });

// ---- Rooms ----

/** GET /api/admin/bookableasset/{locationId}/bookableassets: every room not deleted, visible or hidden. */
export const adminRoomsQuery = (locationId: number) =>
  queryOptions({
    queryKey: [...locationScheduleKey(locationId), 'rooms'],
    queryFn: ({ signal }) => apiFetch(`/api/admin/bookableasset/${locationId}/bookableassets`, { schema: adminRooms, signal }),
  });

/** POST /api/admin/location/{id}/bookableassets → 201 the new room. */
export const addRoomMutation = (locationId: number) =>
  mutationOptions({
    mutationKey: [...locationScheduleKey(locationId), 'rooms', 'add'],
    mutationFn: (body: RoomFieldsInput) =>
      apiFetch(`/api/admin/location/${locationId}/bookableassets`, { method: 'POST', body, schema: adminRoom }),
    onSuccess: refreshLocation(locationId),
  });

/** PUT /api/admin/bookableasset/{roomId}: every field of the room (hiding and showing too). */
export const changeRoomMutation = (locationId: number) =>
  mutationOptions({
    mutationKey: [...locationScheduleKey(locationId), 'rooms', 'change'],
    mutationFn: ({ roomId, body }: { roomId: number; body: RoomFieldsInput }) =>
      apiFetch(`/api/admin/bookableasset/${roomId}`, { method: 'PUT', body, schema: adminRoom }),
    onSuccess: refreshLocation(locationId),
  });

/** DELETE /api/admin/bookableasset/{roomId}; a room with future reservations answers 409. */
export const deleteRoomMutation = (locationId: number) =>
  mutationOptions({
    mutationKey: [...locationScheduleKey(locationId), 'rooms', 'delete'],
    mutationFn: (roomId: number) => apiFetch(`/api/admin/bookableasset/${roomId}`, { method: 'DELETE' }).then(() => undefined),
    onSuccess: refreshLocation(locationId),
  });

// ---- Blocked times ----

/**
 * GET /api/bookableasset/{roomId}/blockedtimes/schedule: the room's 15-minute slots in opening hours
 * with blocked and booked. Always fetched fresh: someone may have booked or blocked since.
 */
export const blockedTimesScheduleQuery = ({
  locationId,
  roomId,
  fromInclusive,
  toInclusive,
}: {
  locationId: number;
  roomId: number;
  fromInclusive: string;
  toInclusive: string;
}) =>
  queryOptions({
    queryKey: [...locationScheduleKey(locationId), 'blockedtimes', roomId, fromInclusive, toInclusive],
    queryFn: ({ signal }) =>
      apiFetch(`/api/bookableasset/${roomId}/blockedtimes/schedule`, {
        query: { fromInclusive, toInclusive },
        schema: blockedTimesSchedule,
        signal,
      }),
    staleTime: 0,
  });

/** PUT /api/bookableasset/{roomId}/blockedtimes: blocks (blocked: true) or opens times, per date. */
export const putBlockedTimesMutation = (locationId: number) =>
  mutationOptions({
    mutationKey: [...locationScheduleKey(locationId), 'blockedtimes', 'put'],
    mutationFn: ({ roomId, body }: { roomId: number; body: PutBlockedTimesBody }) =>
      apiFetch(`/api/bookableasset/${roomId}/blockedtimes`, { method: 'PUT', body, schema: blockedTimesSchedule }),
    onSuccess: refreshLocation(locationId),
  });

// ---- Audit log ----

/** GET /api/location/{id}/auditlog?page=: newest first, 50 a page; the next page while hasMore. */
export const locationAuditQuery = (locationId: number) =>
  infiniteQueryOptions({
    queryKey: [...locationScheduleKey(locationId), 'auditlog'],
    queryFn: ({ signal, pageParam }) =>
      apiFetch(`/api/location/${locationId}/auditlog`, { query: { page: pageParam }, schema: locationAuditPage, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastPage) => (last.hasMore ? lastPage + 1 : undefined),
  });
