import { describe, expect, it } from 'vitest';
import { messages } from '@lokaler/domain/api-error';
import { roundErrorCodes } from '@lokaler/domain/application-rounds';
import { ApiClientError } from './api-client-error';
import { roundErrorCode, roundErrorMessages, roundUserMessage } from './admin-rounds';

const http = (status: number, body: { msg: string; code: string; userMsg?: string }) =>
  new ApiClientError({ kind: 'http', status, body, message: body.msg });

describe("the rounds' error messages", () => {
  it("shows the server's userMsg when it sent one", () => {
    const error = http(409, { msg: 'stale', code: roundErrorCodes.stale, userMsg: 'Hanne endret ønsket nettopp.' });
    expect(roundUserMessage(error)).toBe('Hanne endret ønsket nettopp.');
    expect(roundErrorCode(error)).toBe('ROUND_ALLOCATION_STALE');
  });

  it("falls back to the code's own Norwegian text for each of the rounds' 409s", () => {
    for (const code of [
      roundErrorCodes.stale,
      roundErrorCodes.taken,
      roundErrorCodes.overlapping,
      roundErrorCodes.closed,
      roundErrorCodes.notReady,
    ]) {
      expect(roundUserMessage(http(409, { msg: 'x', code }))).toBe(roundErrorMessages[code]);
      expect(roundErrorMessages[code]).toMatch(/[a-zæøå]/);
    }
  });

  it('says the general message for other failures, never the technical one', () => {
    expect(roundUserMessage(http(500, { msg: 'db down', code: 'INTERNAL' }))).toBe(messages.unexpected);
    expect(roundUserMessage(new TypeError('x'))).toBe(messages.unexpected);
    expect(roundErrorCode(new ApiClientError({ kind: 'network', message: 'offline' }))).toBeUndefined();
  });
});
