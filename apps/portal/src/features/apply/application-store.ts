import { applicationFields, type ApplicationField } from '@lokaler/domain/booking-create-form';

/**
 * The application form's answers while a booking is on its way: across the login round trip (the
 * identity provider takes the person away and back to /send) and to the registration page, which
 * posts them. sessionStorage: this tab only, gone when it closes; cleared once the booking is made.
 * (The calendar's choices live in the booking draft, localStorage, as spec 01 §9 says.)
 */
export type ApplicationValues = Partial<Record<ApplicationField, string>>;

export interface StoredApplication {
  /** One id per press of the send button: the registration page posts each submission once. */
  submissionId: string;
  values: ApplicationValues;
  /** 'Send søknaden uten datoene som ikke er ledige' was chosen (decision 027). */
  sendWithoutOmitted: boolean;
}

export const APPLICATION_KEY = 'lokaler.application.v1';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadApplication(): StoredApplication | null {
  const raw = storage()?.getItem(APPLICATION_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { submissionId?: unknown; values?: Record<string, unknown>; sendWithoutOmitted?: unknown };
    if (typeof value.submissionId !== 'string' || typeof value.values !== 'object' || value.values === null) return null;
    const values: ApplicationValues = {};
    for (const field of applicationFields) {
      const v = value.values[field];
      if (typeof v === 'string') values[field] = v;
      else if (typeof v === 'number') values[field] = String(v);
    }
    return { submissionId: value.submissionId, values, sendWithoutOmitted: value.sendWithoutOmitted === true };
  } catch {
    return null;
  }
}

export function saveApplication(values: ApplicationValues, sendWithoutOmitted = false): StoredApplication {
  const stored = { submissionId: newId(), values, sendWithoutOmitted };
  storage()?.setItem(APPLICATION_KEY, JSON.stringify(stored));
  return stored;
}

export function clearApplication(): void {
  storage()?.removeItem(APPLICATION_KEY);
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
