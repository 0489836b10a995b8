import { queryOptions, useQuery } from '@tanstack/react-query';
import { isSettingEnabled, settingResponse, type SettingName } from '@lokaler/domain/settings';
import { apiFetch } from './api-fetch';

/** GET /api/settings?setting=NAME: whether the server setting is on (spec 01 §7: only ENABLED is on). */
export async function getSettingEnabled(name: SettingName, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiFetch('/api/settings', { query: { setting: name }, schema: settingResponse, signal, authenticated: false });
  return isSettingEnabled(answer);
}

export const settingQuery = (name: SettingName) =>
  queryOptions({
    queryKey: ['settings', name],
    queryFn: ({ signal }) => getSettingEnabled(name, signal),
    staleTime: 5 * 60 * 1000,
  });

/** True only when the server says ENABLED; false while loading and when the call fails. */
export function useSettingEnabled(name: SettingName): boolean {
  return useQuery(settingQuery(name)).data === true;
}
