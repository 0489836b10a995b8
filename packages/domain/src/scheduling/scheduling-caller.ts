/**
 * Who asks, as far as the scheduling rules care (spec 01 §6). The server builds this from the
 * verified token and the location's booking rules — never from what a client claims — and a SPA
 * builds the same from what the server told it, so both apply the same rules.
 */
export type SchedulingCaller =
  | { role: 'PUBLIC' }
  | {
      role: 'ADMIN';
      /** The location's booking rule ADMIN_CAN_BOOK_PAST_DATES: book up to one year back. */
      canBookPastDates: boolean;
      /** allowedToBookBlockedSlots / includeBlockedSlots: blocked times become bookable for this admin. */
      allowedToBookBlockedSlots: boolean;
      /** 'Gjør stengte datoer tilgjengelig for denne bookingen': closed dates follow the weekday's hours. */
      closedDatesAvailable: boolean;
    };

export const publicCaller: SchedulingCaller = { role: 'PUBLIC' };

export function adminCaller(options: Partial<Omit<Extract<SchedulingCaller, { role: 'ADMIN' }>, 'role'>> = {}): SchedulingCaller {
  return {
    role: 'ADMIN',
    canBookPastDates: options.canBookPastDates ?? false,
    allowedToBookBlockedSlots: options.allowedToBookBlockedSlots ?? false,
    closedDatesAvailable: options.closedDatesAvailable ?? false,
  };
}

export function isAdmin(caller: SchedulingCaller): caller is Extract<SchedulingCaller, { role: 'ADMIN' }> {
  return caller.role === 'ADMIN';
}
