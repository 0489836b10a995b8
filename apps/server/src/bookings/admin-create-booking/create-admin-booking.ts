import { messages } from '@lokaler/domain/api-error';
import {
  adminBookingRequest,
  adminBookingRuleProblem,
  defaultAdminTitles,
  type CreateBookingRequestWithAdmin,
} from '@lokaler/domain/admin-booking-create';
import type { BookingFormAnswers } from '@lokaler/domain/booking';
import { formTheme } from '@lokaler/domain/booking-create-form';
import type { CreateBookingResponse } from '@lokaler/domain/booking-create';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { notifyApplicant } from '../admin-booking-shared/applicant-mail';
import { describeTimes } from '../admin-booking-shared/reservation-rows';
import { appendChangeLog, insertAdminBooking } from '../bookings';
import { checkAdminTimes, insertAcceptedTimes } from '../admin-reservations/check-admin-times';
import { claimLink, createClaimToken } from '../claim/claim-tokens';
import { singleLocation } from '../apply-for-booking/validate-booking-request';
import { findRooms } from '../../availability';
import { findLocation } from '../../locations';
import { assertRoomsAccessible } from '../../availability';
import { writeTransaction } from '../../db/write-transaction';

/**
 * POST /api/booking with an admin token: a booking on behalf of a citizen, an internal activity, or
 * a time made unavailable. It is the administrator's decision, so it is APPROVED at once and its
 * times hold the rooms. The times are checked like every admin change (check-admin-times.ts: the
 * rooms' locks, the domain rules for an administrator — a year back with ADMIN_CAN_BOOK_PAST_DATES,
 * blocked slots with includeBlockedSlots, closed dates with includeClosedDates). The location's
 * rules for its loans hold for the administrator too (adminBookingRuleProblem: a required cost
 * category), unless the body overrides them with a reason, which the 'Opprettet' entry records.
 * One 'Opprettet' change-log entry; the person booked for gets the confirmation with a claim link.
 */
export async function createAdminBooking({
  db,
  user,
  body,
  publicUrl,
  now = new Date(),
}: {
  db: Db;
  user: AuthenticatedUser;
  body: CreateBookingRequestWithAdmin;
  publicUrl: string;
  now?: Date;
}): Promise<CreateBookingResponse> {
  const parsed = adminBookingRequest.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message }));
    throw new AppError(
      'VALIDATION',
      `Invalid admin booking: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`,
      fields[0]?.message ?? messages.invalidInput,
      { fields },
    );
  }
  const admin = parsed.data;
  const ids = [...new Set(body.availabilityData.probablyAvailable.map((e) => e.bookableAssetId))];
  const rows = await findRooms(db, ids);
  assertRoomsAccessible(ids, new Map(rows.map((r) => [r.id, r])), { kind: 'admin', user });
  const location = singleLocation(rows);
  const rules = await findLocation(db, location.id);
  const problem = rules ? adminBookingRuleProblem(rules, admin) : null;
  if (problem) {
    const fields = [{ path: `body.${problem.path}`, message: problem.message }];
    throw new AppError('VALIDATION', `Location ${location.id} requires a cost category`, problem.message, { fields });
  }
  const onBehalf = admin.bookingPurpose === 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN';
  const theme = formTheme(rows.map((r) => r.bookingFlowTheme ?? 'default'));
  const { today } = osloClock(now);

  return writeTransaction(
    db,
    async (tx) => {
      const accepted = await checkAdminTimes({
        tx,
        user,
        locationId: location.id,
        entries: body.availabilityData.probablyAvailable,
        isRepeating: body.isRepeating,
        includeBlockedSlots: body.includeBlockedSlots,
        includeClosedDates: body.includeClosedDates,
        now,
      });
      const booking = await insertAdminBooking(tx, today.slice(0, 4), {
        status: 'APPROVED',
        userId: null,
        locationId: location.id,
        purpose: admin.bookingPurpose,
        sourceForm: onBehalf ? theme : 'internal',
        durationType: body.isRepeating || accepted.some((t) => t.initialRepetitionDate) ? 'SEMESTERLOAN' : 'SINGLE_BOOKING',
        formAnswers: answersOf(body.formAnswers),
        internalEventTitle: admin.internalEventTitle || defaultAdminTitles[admin.bookingPurpose],
        onBehalfOfName: onBehalf ? admin.onBehalfOfName! : null,
        onBehalfOfEmail: onBehalf ? admin.onBehalfOfEmail!.toLowerCase() : null,
        // A cost category is a loan's: internal activities and unavailable times have none.
        costCategory: onBehalf ? (admin.costCategory ?? null) : null,
        marketPriceOre: onBehalf && admin.costCategory === 'MARKET' ? (admin.marketPrice ?? null) : null,
      });
      await insertAcceptedTimes(tx, booking.id, accepted, 'APPROVED');
      const times = describeTimes(accepted);
      await appendChangeLog(tx, {
        bookingId: booking.id,
        type: 'Comment',
        userId: user.userId,
        userName: user.name,
        reservationTimes: times,
        comment: admin.overrideRules ? overrideComment(admin.overrideRules.reason) : null,
      });
      if (onBehalf) {
        // The person has no login on the booking yet: the claim link makes it theirs when they log in.
        const token = await createClaimToken(tx, booking.id, now);
        await notifyApplicant(
          tx,
          booking,
          {
            kind: 'AdminBookingCreated',
            subject: 'Du har fått en booking',
            paragraphs: [
              `${location.name} har booket lokale for deg:`,
              times.map((r) => `${r.assetDescription}: ${r.times.join(', ')}`).join('\n'),
              `Åpne denne lenken og logg inn for å få bookingen inn under «Mine bookinger»: ${claimLink(publicUrl, token)}`,
              'Kontakt lokalet hvis noe ikke stemmer.',
            ],
          },
          publicUrl,
        );
      }
      return { bookingId: booking.id, caseNumber: booking.caseNumber };
    },
    { lockRooms: ids },
  );
}

/** The change log's record of an explicit override (adminBookingRequest's overrideRules). */
export function overrideComment(reason: string): string {
  return `Lokalets regler overstyrt av administrator: ${reason}`;
}

/** The form's answers an administrator gave, trimmed; nothing is required of an administrator. */
function answersOf(input: CreateBookingRequestWithAdmin['formAnswers']): BookingFormAnswers {
  const text = (v: string | null | undefined) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const participants =
    typeof input.participants === 'number'
      ? input.participants
      : /^\d+$/.test(String(input.participants ?? '').trim())
        ? Number(input.participants)
        : undefined;
  const answers: BookingFormAnswers = {
    activity: text(input.activity),
    purpose: text(input.purpose),
    participants,
    contactEmail: text(input.contactEmail),
    contactPhone: text(input.contactPhone),
    message: text(input.message),
  };
  return Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined)) as BookingFormAnswers;
}
