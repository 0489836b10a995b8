import { describe, expect, it } from 'vitest';
import {
  adminBookingMessages,
  adminBookingPurposes,
  adminBookingRequest,
  createBookingRequestWithAdmin,
  type AdminBookingPurpose,
} from '@lokaler/domain/admin-booking-create';
import { adminBookingBody, newBookingSchema } from './purpose-choice';
import { emptyTimeChoice } from './time-choice';

const norwegian: string[] = Object.values(adminBookingMessages);

const times = [
  { bookableAssetId: 3, datesAndTimes: [{ date: '2026-04-08', startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: null }] },
];
const validTime = { ...emptyTimeChoice('2026-04-08', 3), startTime: '18:00' };

/** What POST /api/booking does with an admin's body: the route's schema, then the admin rule (create-admin-booking.ts). */
function serverAccepts(body: unknown): boolean {
  const parsed = createBookingRequestWithAdmin.safeParse(body);
  return parsed.success && adminBookingRequest.safeParse(parsed.data).success;
}

const names = ['Kari Nordmann', '', '   ', 'x'.repeat(200), 'x'.repeat(201)];
const emails = [
  'kari@example.no',
  ' kari@example.no ',
  '',
  'kari@',
  'kari..nordmann@example.no',
  'kari@example.n',
  'kari nordmann@example.no',
  'æøå@example.no',
  `${'k'.repeat(310)}@example.no`,
];
const titles = ['', '  ', 'Foreldremøte', 'x'.repeat(200), 'x'.repeat(201)];

interface Case {
  bookingPurpose: AdminBookingPurpose;
  onBehalfOfName: string;
  onBehalfOfEmail: string;
  internalEventTitle: string;
}
const cases: Case[] = adminBookingPurposes.flatMap((bookingPurpose) =>
  names.flatMap((onBehalfOfName) =>
    emails.flatMap((onBehalfOfEmail) =>
      titles.map((internalEventTitle) => ({ bookingPurpose, onBehalfOfName, onBehalfOfEmail, internalEventTitle })),
    ),
  ),
);

describe('the new-booking form and POST /api/booking', () => {
  it('accept and refuse exactly the same purpose fields, and what the form sends is what the server accepts', () => {
    for (const values of cases) {
      const form = newBookingSchema.safeParse({ ...values, ...validTime });
      // The server sees what the form would send: the raw values when the form refused them.
      const body = form.success
        ? adminBookingBody(form.data, times, form.data)
        : adminBookingBody({ ...values }, times, { repeatWeekly: false, includeBlockedSlots: false, includeClosedDates: false });
      expect({ values, accepted: form.success }).toEqual({ values, accepted: serverAccepts(body) });
      for (const issue of form.error?.issues ?? []) expect(norwegian).toContain(issue.message);
    }
  });

  it('needs no title for an internal activity, and refuses an e-mail the old pattern let through', () => {
    expect(
      newBookingSchema.safeParse({
        bookingPurpose: 'ADMINUSER_INTERNAL_ACTIVITY',
        onBehalfOfName: '',
        onBehalfOfEmail: '',
        internalEventTitle: '',
        ...validTime,
      }).success,
    ).toBe(true);
    const refused = newBookingSchema.safeParse({
      bookingPurpose: 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN',
      onBehalfOfName: 'Kari',
      onBehalfOfEmail: 'kari..nordmann@example.no',
      internalEventTitle: '',
      ...validTime,
    });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['onBehalfOfEmail', 'Skriv inn en gyldig e-postadresse til den du booker for'],
    ]);
  });
});
