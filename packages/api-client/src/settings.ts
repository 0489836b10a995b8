import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { isSettingEnabled, settingNames, settingResponse, type SettingName } from '@lokaler/domain/settings';
import { apiFetch } from './api-fetch';
import { readBootData } from './boot-data';

/** GET /api/settings?setting=NAME: whether the server setting is on (spec 01 §7: only ENABLED is on). */
export async function getSettingEnabled(name: SettingName, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiFetch('/api/settings', { query: { setting: name }, schema: settingResponse, signal, authenticated: false });
  return isSettingEnabled(answer);
}

export const settingQuery = (name: SettingName) =>
  queryOptions({ queryKey: ['settings', name], queryFn: ({ signal }) => getSettingEnabled(name, signal), staleTime: 5 * 60 * 1000 });

/** True only when the server says ENABLED; false while loading and when the call fails. */
export function useSettingEnabled(name: SettingName): boolean {
  return useQuery(settingQuery(name)).data === true;
}

/**
 * The settings the server wrote into index.html (boot-data.ts) go into the cache as fresh answers, so
 * the first render already knows them: the beta banner and 'Kontakt oss' are there from the first
 * paint instead of moving the page when /api/settings answers (decision 025, CLS). They are
 * asked for again after the usual staleTime, as any answer.
 */
export function seedSettingsFromBootData(queryClient: QueryClient): void {
  const settings = readBootData()?.settings;
  if (!settings) return;
  for (const name of settingNames) {
    if (name in settings) queryClient.setQueryData(settingQuery(name).queryKey, isSettingEnabled({ name, value: settings[name] ?? null }));
  }
}
