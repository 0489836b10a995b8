import { queryOptions } from '@tanstack/react-query';
import { mapSettings, type MapSettings } from '@lokaler/domain/map-settings';
import { apiFetch } from './api-fetch';

/** GET /api/client-settings/map.json: the map background the server is configured with. Public, no token. */
export function getMapSettings(signal?: AbortSignal): Promise<MapSettings> {
  return apiFetch('/api/client-settings/map.json', { schema: mapSettings, signal, authenticated: false });
}

export const mapSettingsQuery = () =>
  queryOptions({
    queryKey: ['client-settings', 'map'],
    queryFn: ({ signal }) => getMapSettings(signal),
    // Configuration changes only with a new server start.
    staleTime: Number.POSITIVE_INFINITY,
  });
