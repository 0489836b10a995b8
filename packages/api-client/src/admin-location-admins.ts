import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { locationAdminsResponse } from '@lokaler/domain/admin-location-rules';
import { apiFetch } from './api-fetch';

/** The administrators of a location (decision 015 "Co-administrators"). */
export const locationAdminsQuery = (locationId: number) =>
  queryOptions({
    queryKey: ['admin', 'location-setup', locationId, 'admins'],
    queryFn: ({ signal }) => apiFetch(`/api/location/${locationId}/admins`, { schema: locationAdminsResponse, signal }),
  });

/** POST /api/location/{id}/admins { email }: answers the new list. */
export const addLocationAdminMutation = (queryClient: QueryClient, locationId: number) =>
  mutationOptions({
    mutationKey: ['admin', 'location-setup', locationId, 'admins', 'add'],
    mutationFn: (email: string) =>
      apiFetch(`/api/location/${locationId}/admins`, { method: 'POST', body: { email }, schema: locationAdminsResponse }),
    onSuccess: (admins) => queryClient.setQueryData(locationAdminsQuery(locationId).queryKey, admins),
  });

/** DELETE /api/location/{id}/admins?emails=…: answers the list that remains. */
export const removeLocationAdminsMutation = (queryClient: QueryClient, locationId: number) =>
  mutationOptions({
    mutationKey: ['admin', 'location-setup', locationId, 'admins', 'remove'],
    mutationFn: (emails: readonly string[]) =>
      apiFetch(`/api/location/${locationId}/admins`, { method: 'DELETE', query: { emails }, schema: locationAdminsResponse }),
    onSuccess: (admins) => queryClient.setQueryData(locationAdminsQuery(locationId).queryKey, admins),
  });
