import { useCallback, useSyncExternalStore } from 'react';

/** Spec 01 §1: two switches, both off by default. */
export const featureSwitchNames = ['orgLogin', 'invoiceGeneration'] as const;
export type FeatureSwitchName = (typeof featureSwitchNames)[number];
export type FeatureSwitches = Record<FeatureSwitchName, boolean>;

/** localStorage is fine here: the switches are a local preference, not a secret (tokens never go there). */
export const FEATURE_SWITCHES_STORAGE_KEY = 'lokaler.featureSwitches';

const allOff: FeatureSwitches = { orgLogin: false, invoiceGeneration: false };
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: FeatureSwitches = allOff;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Blocked storage (privacy settings): the switches stay off.
    return undefined;
  }
}

/** The switches as stored; anything unreadable counts as off. */
export function readFeatureSwitches(): FeatureSwitches {
  const raw = storage()?.getItem(FEATURE_SWITCHES_STORAGE_KEY) ?? null;
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : {};
  } catch {
    parsed = {};
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  cached = Object.fromEntries(featureSwitchNames.map((name) => [name, record[name] === true])) as FeatureSwitches;
  return cached;
}

export function setFeatureSwitch(name: FeatureSwitchName, on: boolean): void {
  storage()?.setItem(FEATURE_SWITCHES_STORAGE_KEY, JSON.stringify({ ...readFeatureSwitches(), [name]: on }));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed them.
  const onStorage = (event: StorageEvent) => {
    if (event.key === FEATURE_SWITCHES_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useFeatureSwitches(): FeatureSwitches {
  return useSyncExternalStore(subscribe, readFeatureSwitches, () => allOff);
}

export function useFeatureSwitch(name: FeatureSwitchName): [boolean, (on: boolean) => void] {
  const on = useFeatureSwitches()[name];
  const set = useCallback((value: boolean) => setFeatureSwitch(name, value), [name]);
  return [on, set];
}
