import type { ApiError } from '@lokaler/domain/api-error';

/** What went wrong with a call: the server said no, the network failed, or the answer was not what the contract says. */
export type ApiFailureKind = 'http' | 'network' | 'invalid-response';

/**
 * Every failed API call rejects with this error, so screens handle one type.
 * For 'http' failures it carries the server's error JSON ({ msg, userMsg?, code, fields?, conflicts? }).
 */
export class ApiClientError extends Error {
  readonly kind: ApiFailureKind;
  /** HTTP status of the answer; undefined when no answer arrived. */
  readonly status: number | undefined;
  readonly code: string | undefined;
  /** Norwegian text the server meant for the user, when it sent one. */
  readonly userMsg: string | undefined;
  readonly fields: ApiError['fields'];
  readonly conflicts: ApiError['conflicts'];
  /** For AFFECTED_BOOKINGS (closing a day or blocking a time over bookings, decision 042): the bookings hit. */
  readonly affectedBookings: ApiError['affectedBookings'];

  constructor(options: { kind: ApiFailureKind; message: string; status?: number; body?: Partial<ApiError>; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.name = 'ApiClientError';
    this.kind = options.kind;
    this.status = options.status;
    this.code = options.body?.code;
    this.userMsg = options.body?.userMsg;
    this.fields = options.body?.fields;
    this.conflicts = options.body?.conflicts;
    this.affectedBookings = options.body?.affectedBookings;
  }
}

export function isApiClientError(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError;
}

/** The server answered 404: the thing asked for does not exist (or is not the caller's to see). */
export function isNotFoundError(error: unknown): boolean {
  return isApiClientError(error) && error.kind === 'http' && error.status === 404;
}

/** The bookings a closing would hit, when the server answered 409 AFFECTED_BOOKINGS; null for any other outcome. */
export function affectedBookingsOf(error: unknown): NonNullable<ApiError['affectedBookings']> | null {
  return isApiClientError(error) && error.code === 'AFFECTED_BOOKINGS' && error.affectedBookings ? error.affectedBookings : null;
}
