import { messages } from '@lokaler/domain/api-error';
import type { BookingFormAnswers } from '@lokaler/domain/booking';
import { bookingCreateMessages, formatTimeRange, overlappingTimes, type CreateBookingRequest } from '@lokaler/domain/booking-create';
import { applicationFormSchema } from '@lokaler/domain/booking-create-form';
import { omittedProblems } from '@lokaler/domain/booking-omitted';
import type { BookingFlowTheme } from '@lokaler/domain/booking-flow';
import type { AssetTimesToBook } from '@lokaler/domain/booking-request';
import { formatDuration, parseDuration } from '@lokaler/domain/scheduling/iso-duration';
import { minutesToTime, parseTime } from '@lokaler/domain/scheduling/time-of-day';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { AppError } from '../../errors';
import type { RoomRow } from '../../availability';

/**
 * The checks of POST /api/booking that need no calendar: who may send it, the form's answers for the
 * rooms' themes, one location, and times that overlap each other. They run before the transaction,
 * so a request that is wrong anyway never waits for a room's lock.
 */

const publicPurposes = new Set(['PUBLICUSER_LOAN', 'UNKNOWN']);

/** This endpoint books for the logged-in citizen; administrators' bookings (on behalf, internal) are the admin app's. */
export function assertCitizenApplication(
  user: AuthenticatedUser,
  body: Pick<CreateBookingRequest, 'bookingPortalClient' | 'bookingPurpose'>,
): void {
  if (user.portal !== 'PUBLIC') throw AppError.forbidden("POST /booking takes a citizen's token; administrators book in the admin app");
  if (body.bookingPortalClient !== 'PUBLIC' || !publicPurposes.has(body.bookingPurpose)) {
    throw AppError.forbidden(`A citizen cannot send a booking with purpose ${body.bookingPurpose} from portal ${body.bookingPortalClient}`);
  }
}

/** The answers the rooms' themes ask for, trimmed; 400 with each field's Norwegian message otherwise. */
export function parseFormAnswers(answers: CreateBookingRequest['formAnswers'], themes: readonly BookingFlowTheme[]): BookingFormAnswers {
  const parsed = applicationFormSchema(themes).safeParse(answers);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
    path: ['body', 'formAnswers', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  return invalid(`Invalid form answers: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`, fields);
}

function invalid(msg: string, fields: Array<{ path: string; message: string }>): never {
  throw new AppError('VALIDATION', msg, messages.invalidInput, { fields });
}

/** The one location all rooms belong to (spec: a booking is an application to one location). */
export function singleLocation(rows: readonly RoomRow[]): RoomRow['location'] & { id: number } {
  const ids = new Set(rows.map((r) => r.locationId));
  if (ids.size !== 1) {
    throw new AppError('BOOKING_NOT_ALLOWED', `The rooms belong to ${ids.size} locations`, bookingCreateMessages.oneLocation, {
      fields: [{ path: 'body.availabilityData.probablyAvailable', message: bookingCreateMessages.oneLocation }],
    });
  }
  return { ...rows[0]!.location, id: rows[0]!.locationId };
}

/**
 * Times of one room in one request that overlap each other pass the check one by one but would book
 * the room twice (and then fail on the exclusion constraint without anyone else to name): refused.
 */
export function rejectOverlappingTimes(entries: readonly AssetTimesToBook[], entryIndex: (assetId: number) => number): void {
  const fields = entries.flatMap((entry) =>
    overlappingTimes(entry.datesAndTimes).map((t) => {
      const start = parseTime(t.startTime);
      const minutes = parseDuration(t.duration);
      const end = start !== null && minutes !== null && start + minutes <= 1440 ? minutesToTime(start + minutes) : null;
      const when = end
        ? formatTimeRange(t.date, t.startTime, end)
        : `${t.date} ${t.startTime} ${minutes === null ? String(t.duration) : formatDuration(minutes)}`;
      return {
        path: `body.availabilityData.probablyAvailable.${entryIndex(entry.bookableAssetId)}.datesAndTimes`,
        message: `${bookingCreateMessages.overlapping} (${when})`,
      };
    }),
  );
  if (fields.length === 0) return;
  throw new AppError('BOOKING_NOT_ALLOWED', `${fields.length} time(s) overlap others of the same room`, bookingCreateMessages.overlapping, {
    fields,
  });
}

/**
 * The dates left out of a repeating application (decision 027): only with the person's explicit choice
 * (sendWithoutOmitted), each a date of a series the request sends, none sent too or twice. 400 with
 * each problem in Norwegian; nothing is written.
 */
export function rejectWrongOmissions(body: Pick<CreateBookingRequest, 'availabilityData' | 'sendWithoutOmitted'>): void {
  const fields = omittedProblems(body);
  if (fields.length === 0) return;
  const userMsg = fields.length === 1 ? fields[0]!.message : `${fields[0]!.message} (og ${fields.length - 1} til)`;
  throw new AppError('VALIDATION', `${fields.length} problem(s) with the omitted dates`, userMsg, { fields });
}
