import { describe, expect, it } from 'vitest';
import { isSlotBookable, slotStatus, slotStatusLabels } from './slot-status';

const slot = (flags: Partial<{ booked: boolean; bookingAllowed: boolean; displayAsBlockedButAllowed: boolean }> = {}) => ({
  booked: false,
  bookingAllowed: true,
  displayAsBlockedButAllowed: false,
  ...flags,
});

describe('slotStatus', () => {
  it('available when bookable and free; unavailable when booked, blocked or outside the window', () => {
    expect(slotStatus(slot())).toBe('available');
    expect(slotStatus(slot({ booked: true }))).toBe('unavailable');
    expect(slotStatus(slot({ bookingAllowed: false }))).toBe('unavailable');
    expect(isSlotBookable(slot({ booked: true }))).toBe(false);
  });

  it("shows blocked-but-allowed as 'Blokkert for innbygger'", () => {
    expect(slotStatus(slot({ displayAsBlockedButAllowed: true }))).toBe('blockedButAllowed');
    expect(slotStatusLabels.blockedButAllowed).toBe('Blokkert for innbygger');
  });

  it('checked, checked-but-now-taken, and reserved', () => {
    expect(slotStatus(slot(), { checked: true })).toBe('checked');
    expect(slotStatus(slot({ booked: true }), { checked: true })).toBe('checkedAndDisabled');
    expect(slotStatus(slot(), { reserved: true })).toBe('reserved');
  });
});
