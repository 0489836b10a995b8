import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  closeRoundResponse,
  putAllocationsResponse,
  roundConflicts,
  roundDetail,
  roundErrorCodes,
  roundList,
  roundSummary,
  suggestionResponse,
  type CreateRoundBody,
  type PutAllocationsBody,
  type UpdateRoundBody,
} from '@lokaler/domain/application-rounds';
import { isApiClientError } from './api-client-error';
import { apiFetch } from './api-fetch';
import { userMessageOf } from './user-message';

/** The administrator's semester rounds (decision 029): the routes of packages/domain/application-rounds. */

const roundsKey = ['admin', 'rounds'] as const;
const roundKey = (roundId: number) => [...roundsKey, roundId] as const;

/** GET /api/admin/rounds: the rounds of the locations the caller administers (every round for a city-wide administrator). */
export const roundsQuery = () =>
  queryOptions({ queryKey: [...roundsKey, 'list'], queryFn: ({ signal }) => apiFetch('/api/admin/rounds', { schema: roundList, signal }) });

/** GET /api/admin/rounds/{id}: the round with the rooms the caller may allocate. */
export const roundQuery = (roundId: number) =>
  queryOptions({
    queryKey: [...roundKey(roundId), 'detail'],
    queryFn: ({ signal }) => apiFetch(`/api/admin/rounds/${roundId}`, { schema: roundDetail, signal }),
  });

/** GET /api/admin/rounds/{id}/conflicts?roomId=: every wish for the room, its busy times and opening hours. */
export const roundConflictsQuery = (roundId: number, roomId: number) =>
  queryOptions({
    queryKey: [...roundKey(roundId), 'conflicts', roomId],
    queryFn: ({ signal }) => apiFetch(`/api/admin/rounds/${roundId}/conflicts`, { query: { roomId }, schema: roundConflicts, signal }),
  });

/** POST /api/admin/rounds: opens a round (409 ROUND_OVERLAPS when a location already has a round over the semester). */
export const createRoundMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [...roundsKey, 'create'],
    mutationFn: (body: CreateRoundBody) => apiFetch('/api/admin/rounds', { method: 'POST', body, schema: roundSummary }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundsKey }),
  });

/**
 * PATCH /api/admin/rounds/{id}: the name and dates of an OPEN round (409 ROUND_NOT_READY when the
 * semester moves after applications came in, ROUND_OVERLAPS, ROUND_CLOSED; 403 unless the caller
 * manages every location of the round). The round's views are read again afterwards.
 */
export const updateRoundMutation = (queryClient: QueryClient, roundId: number) =>
  mutationOptions({
    mutationKey: [...roundKey(roundId), 'update'],
    mutationFn: (body: UpdateRoundBody) => apiFetch(`/api/admin/rounds/${roundId}`, { method: 'PATCH', body, schema: roundSummary }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundsKey }),
  });

/**
 * PUT /api/admin/rounds/{id}/allocations: each change carries the version it was read at; 409
 * ROUND_ALLOCATION_STALE when someone changed the wish meanwhile, ROUND_TIME_ALREADY_ALLOCATED when
 * the time is taken. Success or not, the round's views are read again (a stale answer means they are old).
 */
export const putAllocationsMutation = (queryClient: QueryClient, roundId: number) =>
  mutationOptions({
    mutationKey: [...roundKey(roundId), 'allocations'],
    mutationFn: (body: PutAllocationsBody) =>
      apiFetch(`/api/admin/rounds/${roundId}/allocations`, { method: 'PUT', body, schema: putAllocationsResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roundKey(roundId) }),
  });

/** POST /api/admin/rounds/{id}/suggestion: the fair rule decides the undecided wishes. */
export const suggestionMutation = (queryClient: QueryClient, roundId: number) =>
  mutationOptions({
    mutationKey: [...roundKey(roundId), 'suggestion'],
    mutationFn: () => apiFetch(`/api/admin/rounds/${roundId}/suggestion`, { method: 'POST', schema: suggestionResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roundKey(roundId) }),
  });

/** POST /api/admin/rounds/{id}/close: every application gets its decision and its e-mail. */
export const closeRoundMutation = (queryClient: QueryClient, roundId: number) =>
  mutationOptions({
    mutationKey: [...roundKey(roundId), 'close'],
    mutationFn: () => apiFetch(`/api/admin/rounds/${roundId}/close`, { method: 'POST', schema: closeRoundResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: roundsKey }),
  });

/** The rounds' own texts for their 409s, when the server sent no userMsg. */
export const roundErrorMessages: Record<string, string> = {
  [roundErrorCodes.stale]: 'Noen andre har endret fordelingen mens du arbeidet. Visningen er hentet på nytt; se over og lagre igjen.',
  [roundErrorCodes.taken]: 'Tiden er allerede tildelt en annen søknad.',
  [roundErrorCodes.overlapping]: 'Et av stedene har allerede en søknadsrunde som overlapper semesteret.',
  [roundErrorCodes.closed]: 'Runden er lukket. Fordelingen kan ikke endres lenger.',
  [roundErrorCodes.notReady]: 'Runden kan ikke lukkes ennå: søknadsfristen må være passert og alle ønsker fordelt.',
};

/** The code of a failed round call (ROUND_ALLOCATION_STALE …), when the server sent one. */
export function roundErrorCode(error: unknown): string | undefined {
  return isApiClientError(error) && error.kind === 'http' ? error.code : undefined;
}

/** What a failed round call says to the person: the server's userMsg, else the code's own text, else the general message. */
export function roundUserMessage(error: unknown): string {
  if (isApiClientError(error) && !error.userMsg && error.code && roundErrorMessages[error.code]) return roundErrorMessages[error.code]!;
  return userMessageOf(error);
}
