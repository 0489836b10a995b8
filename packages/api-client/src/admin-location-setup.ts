import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  adminLocationDetails,
  locationPreferences,
  tenantInfoResponse,
  type LocationAboutFields,
  type LocationInfoFields,
  type LocationPreferences,
  type TenantInfoFields,
} from '@lokaler/domain/admin-location';
import { bookingRules, type BookingRules } from '@lokaler/domain/admin-location-rules';
import { apiFetch } from './api-fetch';

/**
 * A location's setup as its administrators (and city-wide administrators) edit it (decision 015): the
 * location's fields, preferences, booking rules, 'Om lån og leie' texts and practical information for
 * tenants. Every key starts with ['admin', 'location-setup', id], so one invalidation after a save
 * refreshes every form of that location. The texts are read back with the public GET /api/about/{id}
 * (location-about.ts).
 */
export const locationSetupKey = (locationId: number) => ['admin', 'location-setup', locationId] as const;

const refreshLocationSetup = (queryClient: QueryClient, locationId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: locationSetupKey(locationId) }),
    // The public 'Om lån og leie' answer and the administrator's list of locations (a new name) follow.
    queryClient.invalidateQueries({ queryKey: ['about', locationId] }),
    queryClient.invalidateQueries({ queryKey: ['currentuser'] }),
  ]);

/** GET /api/admin/location/{id}: every field the administrator edits. */
export const adminLocationDetailsQuery = (locationId: number) =>
  queryOptions({
    queryKey: [...locationSetupKey(locationId), 'details'],
    queryFn: ({ signal }) => apiFetch(`/api/admin/location/${locationId}`, { schema: adminLocationDetails, signal }),
  });

/** PUT /api/admin/location/{id} with the location's own fields. */
export const saveLocationInfoMutation = (queryClient: QueryClient, locationId: number) =>
  mutationOptions({
    mutationKey: [...locationSetupKey(locationId), 'info'],
    // The answer's shape is not part of the contract: the form reads the stored fields again.
    mutationFn: async (body: LocationInfoFields) => {
      await apiFetch(`/api/admin/location/${locationId}`, { method: 'PUT', body });
    },
    onSuccess: () => refreshLocationSetup(queryClient, locationId),
  });

/** GET /api/preferences/location/{id} */
export const locationPreferencesQuery = (locationId: number) =>
  queryOptions({
    queryKey: [...locationSetupKey(locationId), 'preferences'],
    queryFn: ({ signal }) => apiFetch(`/api/preferences/location/${locationId}`, { schema: locationPreferences, signal }),
  });

/** PUT /api/preferences/location/{id}: answers the stored preferences. */
export const saveLocationPreferencesMutation = (queryClient: QueryClient, locationId: number) =>
  mutationOptions({
    mutationKey: [...locationSetupKey(locationId), 'preferences'],
    mutationFn: (body: LocationPreferences) =>
      apiFetch(`/api/preferences/location/${locationId}`, { method: 'PUT', body, schema: locationPreferences }),
    onSuccess: () => refreshLocationSetup(queryClient, locationId),
  });

/** GET /api/location/{id}/bookingrules */
export const bookingRulesQuery = (locationId: number) =>
  queryOptions({
    queryKey: [...locationSetupKey(locationId), 'bookingrules'],
    queryFn: ({ signal }) => apiFetch(`/api/location/${locationId}/bookingrules`, { schema: bookingRules, signal }),
  });

/** PUT /api/location/{id}/bookingrules { rules }: answers every rule. */
export function putBookingRules(locationId: number, rules: Partial<BookingRules>) {
  return apiFetch(`/api/location/${locationId}/bookingrules`, { method: 'PUT', body: { rules }, schema: bookingRules });
}

/** PUT /api/admin/location/{id}/about */
export function putAboutTexts(locationId: number, body: LocationAboutFields) {
  return apiFetch(`/api/admin/location/${locationId}/about`, { method: 'PUT', body });
}

/** GET /api/admin/location/{id}/tenant-info: null when the location has written none. */
export const tenantInfoQuery = (locationId: number) =>
  queryOptions({
    queryKey: [...locationSetupKey(locationId), 'tenant-info'],
    queryFn: ({ signal }) => apiFetch(`/api/admin/location/${locationId}/tenant-info`, { schema: tenantInfoResponse, signal }),
  });

/** PUT /api/admin/location/{id}/tenant-info */
export function putTenantInfo(locationId: number, body: TenantInfoFields) {
  return apiFetch(`/api/admin/location/${locationId}/tenant-info`, { method: 'PUT', body });
}

/**
 * The preferences form saves the preferences and the booking rules, two resources of the contract:
 * the rules only when they changed, after the preferences (a failure of the first sends nothing more).
 */
export const savePreferencesAndRulesMutation = (queryClient: QueryClient, locationId: number) =>
  mutationOptions({
    mutationKey: [...locationSetupKey(locationId), 'preferences-and-rules'],
    mutationFn: async ({ preferences, rules }: { preferences: LocationPreferences; rules: Partial<BookingRules> | null }) => {
      await apiFetch(`/api/preferences/location/${locationId}`, { method: 'PUT', body: preferences, schema: locationPreferences });
      if (rules && Object.keys(rules).length > 0) await putBookingRules(locationId, rules);
    },
    onSettled: () => refreshLocationSetup(queryClient, locationId),
  });

/** The about form: the texts, then the tenant information when it is filled in (null: left as it is). */
export const saveAboutMutation = (queryClient: QueryClient, locationId: number) =>
  mutationOptions({
    mutationKey: [...locationSetupKey(locationId), 'about'],
    mutationFn: async ({ about, tenantInfo }: { about: LocationAboutFields; tenantInfo: TenantInfoFields | null }) => {
      await putAboutTexts(locationId, about);
      if (tenantInfo) await putTenantInfo(locationId, tenantInfo);
    },
    onSettled: () => refreshLocationSetup(queryClient, locationId),
  });
