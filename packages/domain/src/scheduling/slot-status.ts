import type { ScheduleSlot } from './build-schedule';

/**
 * What a calendar cell shows (spec 01 §4). A slot can be clicked when bookingAllowed and not booked;
 * displayAsBlockedButAllowed shows as 'Blokkert for innbygger' and can be clicked by the
 * administrator it was computed for.
 */
export const slotStatuses = ['available', 'unavailable', 'checked', 'checkedAndDisabled', 'reserved', 'blockedButAllowed'] as const;
export type SlotStatus = (typeof slotStatuses)[number];

export const slotStatusLabels: Record<SlotStatus, string> = {
  available: 'Ledig',
  unavailable: 'Ikke ledig',
  checked: 'Valgt',
  checkedAndDisabled: 'Valgt, ikke ledig',
  reserved: 'Din reservasjon',
  blockedButAllowed: 'Blokkert for innbygger',
};

type SlotFlags = Pick<ScheduleSlot, 'booked' | 'bookingAllowed' | 'displayAsBlockedButAllowed'>;

export function isSlotBookable(slot: SlotFlags): boolean {
  return slot.bookingAllowed && !slot.booked;
}

/**
 * @param checked the person has chosen this slot
 * @param reserved the slot is part of the reservation being changed (its id is ignored in the schedule)
 */
export function slotStatus(
  slot: SlotFlags,
  { checked = false, reserved = false }: { checked?: boolean; reserved?: boolean } = {},
): SlotStatus {
  // A choice kept from an earlier visit may have been taken since: it shows, disabled.
  if (checked) return isSlotBookable(slot) ? 'checked' : 'checkedAndDisabled';
  if (reserved) return 'reserved';
  if (!isSlotBookable(slot)) return 'unavailable';
  return slot.displayAsBlockedButAllowed ? 'blockedButAllowed' : 'available';
}
