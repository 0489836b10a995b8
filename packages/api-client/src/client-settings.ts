import { queryOptions } from '@tanstack/react-query';
import { clientSettings, type ClientSettings } from '@lokaler/domain/client-settings';
import { apiFetch } from './api-fetch';
import { readBootData } from './boot-data';

/** Which login configuration: the portal's (ID-porten) or the admin app's (the organisation's provider). */
export type ClientSettingsKind = 'idporten' | 'admin';

/** From the boot data in index.html when the server wrote it there (no request), else from the API. */
export function getClientSettings(kind: ClientSettingsKind): Promise<ClientSettings> {
  const boot = readBootData()?.clientSettings;
  if (boot?.kind === kind) return Promise.resolve(boot.settings);
  return apiFetch(`/api/client-settings/${kind}.json`, { schema: clientSettings, authenticated: false });
}

export const clientSettingsQuery = (kind: ClientSettingsKind) =>
  queryOptions({ queryKey: ['client-settings', kind], queryFn: () => getClientSettings(kind), staleTime: Number.POSITIVE_INFINITY });
