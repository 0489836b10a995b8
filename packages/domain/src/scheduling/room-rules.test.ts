import { describe, expect, it } from 'vitest';
import { calendarSettingsOf, publicRulesOfRoom, schedulingCallerOf, type RoomRules } from './room-rules';

const rules: RoomRules = {
  location: {
    allowSingleBookingsForPublicUser: true,
    allowRepeatedBookingsForPublicUser: false,
    maxOneTimeslotPerBookingForPublicUser: false,
    behandlingstid: 4,
    minBookingDurationMinutes: 60,
    adminCanBookPastDates: true,
  },
  room: { allowSingleBookingsForPublicUser: false, allowRepeatedBookingsForPublicUser: true, maxOneTimeslotPerBookingForPublicUser: true },
};

describe("a room's rules as the scheduling rules take them", () => {
  it("gives the public the stricter of the room's and the location's flags and the location's minimum", () => {
    expect(publicRulesOfRoom(rules)).toEqual({
      allowSingle: false,
      allowRepeated: false,
      maxOneTimeslot: true,
      minBookingDurationMinutes: 60,
    });
  });

  it("puts the location's behandlingstid and minimum duration into the calendar", () => {
    expect(calendarSettingsOf(rules)).toEqual({ behandlingstid: 4, minBookingDurationMinutes: 60 });
  });

  it('lets an administrator book past dates only where the location allows it', () => {
    const admin = { kind: 'admin', allowedToBookBlockedSlots: true, closedDatesAvailable: false } as const;
    expect(schedulingCallerOf(rules, admin)).toEqual({
      role: 'ADMIN',
      canBookPastDates: true,
      allowedToBookBlockedSlots: true,
      closedDatesAvailable: false,
    });
    expect(schedulingCallerOf({ ...rules, location: { ...rules.location, adminCanBookPastDates: false } }, admin)).toMatchObject({
      canBookPastDates: false,
    });
    expect(schedulingCallerOf(rules, { kind: 'public' })).toEqual({ role: 'PUBLIC' });
  });
});
