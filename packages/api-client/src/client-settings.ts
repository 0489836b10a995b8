import { queryOptions } from '@tanstack/react-query';
import { clientSettings, type ClientSettings } from '@lokaler/domain/client-settings';
import { apiFetch } from './api-fetch';

/** Which login configuration: the portal's (ID-porten) or the admin app's (the organisation's provider). */
export type ClientSettingsKind = 'idporten' | 'admin';

export function getClientSettings(kind: ClientSettingsKind): Promise<ClientSettings> {
  return apiFetch(`/api/client-settings/${kind}.json`, { schema: clientSettings, authenticated: false });
}

export const clientSettingsQuery = (kind: ClientSettingsKind) =>
  queryOptions({
    queryKey: ['client-settings', kind],
    queryFn: () => getClientSettings(kind),
    staleTime: Number.POSITIVE_INFINITY,
  });
