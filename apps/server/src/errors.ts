import type { ApiError } from '@lokaler/domain/api-error';
import { messages } from '@lokaler/domain/api-error';

const statusByCode = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  BOOKING_CONFLICT: 409,
  /** The applicant asks for a contract no administrator has approved yet (decision 004): nothing to show or sign. */
  DOCUMENT_NOT_APPROVED: 409,
  /** A wedding form is sent after its booking stopped holding the time (hold ran out, rejected): spec 02 §8 'Ett eller flere tidspunkt er opptatt'. */
  TIME_NO_LONGER_HELD: 409,
  /** A link that was valid once and is no more (a used or expired invitation, decision 015). */
  GONE: 410,
  /** Semester rounds (decision 029; packages/domain/application-rounds roundErrorCodes): each a 409 with a Norwegian userMsg. */
  ROUND_ALLOCATION_STALE: 409,
  ROUND_TIME_ALREADY_ALLOCATED: 409,
  ROUND_OVERLAPS: 409,
  ROUND_CLOSED: 409,
  ROUND_NOT_READY: 409,
  BOOKING_IN_ROUND: 409,
  /** A status change the booking lifecycle (packages/domain/booking-lifecycle) does not allow: nothing was written. */
  STATUS_TRANSITION_REFUSED: 409,
  /** Closing a day or blocking a time over bookings, saved without a decision (decision 042): the answer lists them. */
  AFFECTED_BOOKINGS: 409,
  /** Well-formed input the server cannot act on: an unknown district, a location not ready to publish (decision 015). */
  UNPROCESSABLE: 422,
  /** The booking breaks a booking rule (window, behandlingstid, one timeslot, repetition…): nothing was written. */
  BOOKING_NOT_ALLOWED: 422,
  /** The application would take the applicant past a fair-share limit (decision 041): the message names the limit; nothing was written. */
  BOOKING_LIMIT_REACHED: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /**
   * The database could not do the work now (connection lost, or still deadlocking after the write
   * transaction's retries): nothing was changed, the answer carries Retry-After (decision 016).
   */
  SERVICE_UNAVAILABLE: 503,
} as const;
export type AppErrorCode = keyof typeof statusByCode;

/** The one error type of the server: a code decides the HTTP status, userMsg is Norwegian. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly userMsg: string | undefined;
  readonly extra: Partial<Pick<ApiError, 'fields' | 'conflicts' | 'affectedBookings'>>;

  constructor(code: AppErrorCode, msg: string, userMsg?: string, extra: AppError['extra'] = {}) {
    super(msg);
    this.code = code;
    this.userMsg = userMsg;
    this.extra = extra;
  }

  get status(): number {
    return statusByCode[this.code];
  }

  toJSON(): ApiError {
    return { msg: this.message, code: this.code, ...(this.userMsg ? { userMsg: this.userMsg } : {}), ...this.extra };
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} not found`, messages.notFound);
  }
  static forbidden(msg = 'Forbidden'): AppError {
    return new AppError('FORBIDDEN', msg, messages.forbidden);
  }
  static unauthenticated(msg = 'Authentication required'): AppError {
    return new AppError('UNAUTHENTICATED', msg, messages.unauthorized);
  }
}
