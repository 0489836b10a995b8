import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, configureApiClient, resetApiClient } from './api-fetch';

const unauthorized = () => new Response(JSON.stringify({ msg: 'Not the creator', code: 'UNAUTHENTICATED' }), { status: 401 });

beforeEach(() => {
  resetApiClient();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => unauthorized()),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("a call's own 401 text (spec 02 §8: contract signing)", () => {
  it('passes the call’s unauthorizedMessage to the session-ended handler', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ getAccessToken: async () => 'token', onUnauthorized });
    await expect(
      apiFetch('/api/user/contract/confirm/1', { method: 'POST', unauthorizedMessage: 'Ikke din søknad.' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith({ message: 'Ikke din søknad.' });
  });

  it('passes no text for an ordinary call, so the generic message is used', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ getAccessToken: async () => 'token', onUnauthorized });
    await apiFetch('/api/user/booking').catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledWith({ message: undefined });
  });
});
