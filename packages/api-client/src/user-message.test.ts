import { describe, expect, it } from 'vitest';
import { messages } from '@lokaler/domain/api-error';
import { ApiClientError } from './api-client-error';
import { loadFailureMessage, userMessageOf } from './user-message';

const http = (status: number, body: { msg: string; code: string; userMsg?: string }) =>
  new ApiClientError({ kind: 'http', status, body, message: body.msg });

describe('userMessageOf (spec 01 §8 "Rejected server call")', () => {
  it('shows the server userMsg when the answer has one', () => {
    const error = http(409, { msg: 'Reservation overlaps', code: 'CONFLICT', userMsg: 'Tidspunktet er allerede booket.' });
    expect(userMessageOf(error)).toBe('Tidspunktet er allerede booket.');
  });

  it('shows the network message when no answer arrived', () => {
    const error = new ApiClientError({ kind: 'network', message: 'Failed to fetch' });
    expect(userMessageOf(error)).toBe('Det oppstod en nettverksfeil. Prøv igjen om en liten stund.');
  });

  it('shows the unexpected message for a rejection without userMsg, never the technical msg', () => {
    const error = http(500, { msg: 'null pointer in BookingService', code: 'INTERNAL' });
    expect(userMessageOf(error)).toBe(messages.unexpected);
    expect(userMessageOf(error)).not.toContain('BookingService');
  });

  it('shows the unexpected message for an answer that breaks the contract and for non-API errors', () => {
    expect(userMessageOf(new ApiClientError({ kind: 'invalid-response', status: 200, message: 'schema' }))).toBe(messages.unexpected);
    expect(userMessageOf(new TypeError('x is undefined'))).toBe(messages.unexpected);
    expect(userMessageOf('boom')).toBe(messages.unexpected);
  });

  it('asks the user to note the time in the unexpected message', () => {
    expect(messages.unexpected).toMatch(/^Det oppstod en uventet feil\. Du kan prøve igjen eller kontakte oss/);
    expect(messages.unexpected).toMatch(/tidspunkt/);
  });
});

describe('loadFailureMessage (spec 01 §8 "Data loading failure")', () => {
  it("is 'Feil ved henting av data' plus the server's userMsg", () => {
    expect(loadFailureMessage(http(404, { msg: 'Location 9 not found', code: 'NOT_FOUND', userMsg: 'Fant ikke lokalet.' }))).toEqual({
      title: 'Feil ved henting av data',
      detail: 'Fant ikke lokalet.',
    });
  });

  it("falls back to the server's msg when there is no userMsg", () => {
    expect(loadFailureMessage(http(500, { msg: 'Database unavailable', code: 'INTERNAL' })).detail).toBe('Database unavailable');
  });

  it('uses the network message when the server could not be reached', () => {
    expect(loadFailureMessage(new ApiClientError({ kind: 'network', message: 'Failed to fetch' })).detail).toBe(messages.network);
  });
});
