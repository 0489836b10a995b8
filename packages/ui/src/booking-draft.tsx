import { useCallback, useSyncExternalStore } from 'react';
import {
  availabilityResponse,
  bookingCreationDto,
  type AvailabilityResponse,
  type BookingCreationDto,
} from '@lokaler/domain/booking-request';
import { isValidDate } from '@lokaler/domain/scheduling/calendar-date';
import { repeatPatterns, type RepeatPattern } from '@lokaler/domain/scheduling/expand-repetition';
import type { ChosenSlot } from '@lokaler/domain/scheduling/slot-selection';
import { parseTime } from '@lokaler/domain/scheduling/time-of-day';

/**
 * What a person has chosen in the room calendar, kept in localStorage between visits (spec 01 §4,
 * §9): the repetition, the checked times, the reservations (times added with the add button) and the
 * answer of the availability check — nothing else. Cleared when the booking is posted.
 */
export interface BookingDraft {
  repetition: { pattern: RepeatPattern; lastDate: string | null };
  checked: ChosenSlot[];
  reservations: BookingCreationDto[];
  availability: AvailabilityResponse | null;
}

export const emptyBookingDraft: BookingDraft = Object.freeze({
  repetition: { pattern: 'SINGLE_DAY', lastDate: null },
  checked: [],
  reservations: [],
  availability: null,
}) as BookingDraft;

export const BOOKING_DRAFT_KEY = 'lokaler.booking-draft.v1';
/**
 * Set when a booking was posted from the draft, until new times are chosen: another tab whose form
 * showed those times sees them go (the draft is shared) and can say why.
 */
export const BOOKING_DRAFT_SENT_KEY = 'lokaler.booking-draft.sent.v1';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function parseRepetition(value: unknown): BookingDraft['repetition'] {
  if (!isRecord(value) || !repeatPatterns.includes(value.pattern as RepeatPattern)) return emptyBookingDraft.repetition;
  // Spec 01 §5: a date not written YYYY-MM-DD is treated as empty.
  return { pattern: value.pattern as RepeatPattern, lastDate: isValidDate(value.lastDate) ? value.lastDate : null };
}

function parseChecked(value: unknown): ChosenSlot[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (c): c is ChosenSlot => isRecord(c) && Number.isInteger(c.bookableAssetId) && isValidDate(c.date) && parseTime(c.startTime) !== null,
  );
}

/**
 * Reads what an earlier visit stored. The browser's storage is input like any other: whatever does
 * not match the shapes is dropped (an older version's draft, a hand-edited value), never trusted.
 */
export function parseBookingDraft(raw: string | null): BookingDraft {
  if (!raw) return emptyBookingDraft;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return emptyBookingDraft;
  }
  if (!isRecord(value)) return emptyBookingDraft;
  const reservations = Array.isArray(value.reservations)
    ? value.reservations.flatMap((r) => {
        const parsed = bookingCreationDto.safeParse(r);
        return parsed.success ? [parsed.data] : [];
      })
    : [];
  const availability = availabilityResponse.safeParse(value.availability);
  return {
    repetition: parseRepetition(value.repetition),
    checked: parseChecked(value.checked),
    reservations,
    availability: availability.success ? availability.data : null,
  };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cached: BookingDraft = emptyBookingDraft;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (private modes, policies): the draft then lives for this page only.
    return null;
  }
}

let memoryRaw: string | null = null;

function readRaw(): string | null {
  const store = storage();
  return store ? store.getItem(BOOKING_DRAFT_KEY) : memoryRaw;
}

export function readBookingDraft(): BookingDraft {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseBookingDraft(raw);
  }
  return cached;
}

function notify() {
  for (const listener of listeners) listener();
}

export function writeBookingDraft(draft: BookingDraft): void {
  const raw = JSON.stringify(draft);
  const store = storage();
  try {
    store?.removeItem(BOOKING_DRAFT_SENT_KEY);
    if (store) store.setItem(BOOKING_DRAFT_KEY, raw);
    else memoryRaw = raw;
  } catch {
    memoryRaw = raw;
  }
  notify();
}

/** Spec 01 §4: the selections are cleared when a booking is posted (`sent`: say so to other tabs). */
export function clearBookingDraft(options: { sent?: boolean } = {}): void {
  const store = storage();
  try {
    // Before the draft goes: another tab reads it when it sees the draft go.
    if (options.sent) store?.setItem(BOOKING_DRAFT_SENT_KEY, new Date().toISOString());
    else store?.removeItem(BOOKING_DRAFT_SENT_KEY);
  } catch {
    // A full or refused storage: the other tab then says only that the times went.
  }
  store?.removeItem(BOOKING_DRAFT_KEY);
  memoryRaw = null;
  notify();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  // Another tab changed the draft: show the same choices here.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BOOKING_DRAFT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether the last draft was cleared because a booking was posted from it (in this tab or another). */
export function wasBookingDraftSent(): boolean {
  return storage()?.getItem(BOOKING_DRAFT_SENT_KEY) != null;
}

/** The draft and a function that replaces it from the current one (like a state setter). */
export function useBookingDraft(): [BookingDraft, (update: (draft: BookingDraft) => BookingDraft) => void] {
  const draft = useSyncExternalStore(subscribe, readBookingDraft, () => emptyBookingDraft);
  const update = useCallback((change: (draft: BookingDraft) => BookingDraft) => writeBookingDraft(change(readBookingDraft())), []);
  return [draft, update];
}

/**
 * Drops everything of rooms no longer chosen (spec 01 §4: a room's time selection clears when it is
 * deselected). The availability answer no longer matches the reservations then, so it goes too.
 */
export function keepOnlyRooms(draft: BookingDraft, roomIds: readonly number[]): BookingDraft {
  const keep = new Set(roomIds);
  const checked = draft.checked.filter((c) => keep.has(c.bookableAssetId));
  const reservations = draft.reservations.filter((r) => keep.has(r.bookableAssetId));
  if (checked.length === draft.checked.length && reservations.length === draft.reservations.length) return draft;
  return { ...draft, checked, reservations, availability: reservations.length === draft.reservations.length ? draft.availability : null };
}
