import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  createLocationResponse,
  locationInvitation,
  locationInvitations,
  newLocationWizard,
  type CreateLocationBody,
  type NewLocationStep,
} from '@lokaler/domain/admin-location';
import { apiFetch } from './api-fetch';

/** Where a new location starts (decision 015): the city-wide administrator's invitations and the wizard's state. */

/** GET /api/admin/new-locations (city-wide administrator): the invitations sent. */
export const locationInvitationsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'new-locations'],
    queryFn: ({ signal }) => apiFetch('/api/admin/new-locations', { schema: locationInvitations, signal }),
  });

/** POST /api/admin/new-locations: creates the location unpublished and e-mails the invitation. */
export const createLocationMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'new-locations', 'create'],
    mutationFn: (body: CreateLocationBody) =>
      apiFetch('/api/admin/new-locations', { method: 'POST', body, schema: createLocationResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'new-locations'] }),
  });

/**
 * POST /api/admin/new-locations/{id}/resend: a new link e-mailed to the same address, valid from now;
 * the old link stops working. 409 once the invitee has claimed it.
 */
export const resendInvitationMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ['admin', 'new-locations', 'resend'],
    mutationFn: (invitationId: number) =>
      apiFetch(`/api/admin/new-locations/${invitationId}/resend`, { method: 'POST', schema: locationInvitation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationInvitationsQuery().queryKey }),
  });

const wizardPath = (linkId: string) => `/api/admin/new-location/${encodeURIComponent(linkId)}`;
const wizardKey = (linkId: string) => ['admin', 'new-location', linkId] as const;

/**
 * POST /api/admin/new-location/{linkId}/claim: binds the invitation to the caller (again for the same
 * person; 403 for a login of another e-mail than the invited one, 410 for an expired link, 404 for an
 * unknown or replaced one). A query, not a mutation: the
 * wizard cannot show anything before it, and repeating it is harmless. Never cached across logins.
 */
export const claimInvitationQuery = (linkId: string, sub: string) =>
  queryOptions({
    queryKey: [...wizardKey(linkId), 'claim', sub],
    queryFn: async ({ signal }) => {
      await apiFetch(`${wizardPath(linkId)}/claim`, { method: 'POST', signal });
      return true;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** GET /api/admin/new-location/{linkId}: the location and each step's status. */
export const newLocationWizardQuery = (linkId: string) =>
  queryOptions({
    queryKey: [...wizardKey(linkId), 'state'],
    queryFn: ({ signal }) => apiFetch(wizardPath(linkId), { schema: newLocationWizard, signal }),
  });

/** PUT /api/admin/new-location/{linkId}/steps/{step} { status }; the wizard's state is read again. */
export const putStepStatusMutation = (queryClient: QueryClient, linkId: string) =>
  mutationOptions({
    mutationKey: [...wizardKey(linkId), 'step'],
    mutationFn: async ({ step, status }: { step: NewLocationStep; status: 'STARTED' | 'SAVED' }) => {
      await apiFetch(`${wizardPath(linkId)}/steps/${step}`, { method: 'PUT', body: { status } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newLocationWizardQuery(linkId).queryKey }),
  });

/** POST /api/admin/new-location/{linkId}/publish: 422 names what is missing. */
export const publishLocationMutation = (queryClient: QueryClient, linkId: string) =>
  mutationOptions({
    mutationKey: [...wizardKey(linkId), 'publish'],
    mutationFn: async () => {
      await apiFetch(`${wizardPath(linkId)}/publish`, { method: 'POST' });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: newLocationWizardQuery(linkId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['currentuser'] }),
      ]),
  });
