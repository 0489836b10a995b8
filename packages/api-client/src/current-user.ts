import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminLocations, currentUserRoles } from '@lokaler/domain/current-user';
import { apiFetch } from './api-fetch';

/** GET /api/currentuser/roles. The key holds the user's sub, so another login never sees a cached answer. */
export const currentUserRolesQuery = (sub: string) =>
  queryOptions({
    queryKey: ['currentuser', sub, 'roles'],
    queryFn: ({ signal }) => apiFetch('/api/currentuser/roles', { schema: currentUserRoles, signal }),
  });

/** GET /api/currentuser/adminlocations: the locations the logged-in administrator administers. */
export const adminLocationsQuery = (sub: string) =>
  queryOptions({
    queryKey: ['currentuser', sub, 'adminlocations'],
    queryFn: ({ signal }) => apiFetch('/api/currentuser/adminlocations', { schema: adminLocations, signal }),
  });

export const useCurrentUserRoles = (sub: string | undefined) => useQuery({ ...currentUserRolesQuery(sub ?? ''), enabled: Boolean(sub) });
export const useAdminLocations = (sub: string | undefined) => useQuery({ ...adminLocationsQuery(sub ?? ''), enabled: Boolean(sub) });
