import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiClientError } from './api-client-error';
import { apiFetch, configureApiClient, resetApiClient } from './api-fetch';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: new Headers(init!.headers) };
};

beforeEach(() => {
  resetApiClient();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('apiFetch request', () => {
  it('sends cookies, the frontend version and no token when logged out', async () => {
    configureApiClient({ frontendVersion: 'portal-1.2.3' });
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await apiFetch('/api/tags');
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/tags');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('X-Frontend-Version')).toBe('portal-1.2.3');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('sends the bearer token when logged in, but not on calls marked unauthenticated', async () => {
    configureApiClient({ getAccessToken: async () => 'token-abc' });
    fetchMock.mockImplementation(async () => json(200, {}));
    await apiFetch('/api/user/booking');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer token-abc');
    await apiFetch('/api/client-settings/idporten.json', { authenticated: false });
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('repeats array parameters and leaves out empty ones', async () => {
    fetchMock.mockResolvedValue(json(200, []));
    await apiFetch('/api/schedule', { query: { bookableAssetIds: [1, 2], fromInclusive: '2025-03-01', skip: undefined, none: null } });
    expect(lastRequest().url).toBe('/api/schedule?bookableAssetIds=1&bookableAssetIds=2&fromInclusive=2025-03-01');
  });

  it('sends a body as JSON', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiFetch('/api/support', { method: 'POST', body: { message: 'Hei' } })).resolves.toBeUndefined();
    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"message":"Hei"}');
  });
});

describe('apiFetch answers', () => {
  it('validates and types the answer with the schema', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 3, name: 'Grünerløkka skole', extra: 'dropped' }));
    const result = await apiFetch('/api/location/3', { schema: z.object({ id: z.number(), name: z.string() }) });
    expect(result).toEqual({ id: 3, name: 'Grünerløkka skole' });
  });

  it('rejects an answer that breaks the contract as invalid-response', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'three' }));
    const error = await apiFetch('/api/location/3', { schema: z.object({ id: z.number() }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200 });
  });

  it('turns the error JSON of a rejected call into an ApiClientError with msg, userMsg, code and fields', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        msg: 'Validation failed',
        userMsg: 'Noen av feltene er ikke riktig fylt ut.',
        code: 'VALIDATION',
        fields: [{ path: 'userEmail', message: 'Ugyldig e-post' }],
      }),
    );
    const error = (await apiFetch('/api/support', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiClientError;
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('Validation failed');
    expect(error.userMsg).toBe('Noen av feltene er ikke riktig fylt ut.');
    expect(error.fields).toEqual([{ path: 'userEmail', message: 'Ugyldig e-post' }]);
  });

  it('keeps the status when the error answer is not the JSON shape (a proxy page)', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await apiFetch('/api/tags').catch((e: unknown) => e)) as ApiClientError;
    expect(error).toMatchObject({ kind: 'http', status: 502, userMsg: undefined, code: undefined });
  });

  it('reports a failed connection as a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/tags')).rejects.toMatchObject({ kind: 'network', status: undefined });
  });

  it('passes a cancellation through as the AbortError, not as a failure', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    const error = await apiFetch('/api/tags', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiClientError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('401 handling (spec 01 §8)', () => {
  it('ends the session once for a burst of 401s within 3 s, and again after that', async () => {
    vi.useFakeTimers();
    try {
      const onUnauthorized = vi.fn();
      configureApiClient({ getAccessToken: async () => 'expired-token', onUnauthorized });
      fetchMock.mockImplementation(async () => json(401, { msg: 'Token expired', code: 'UNAUTHORIZED' }));
      await Promise.allSettled([apiFetch('/api/user/booking'), apiFetch('/api/user/booking/1'), apiFetch('/api/user/booking/2')]);
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(2999);
      await apiFetch('/api/user/booking').catch(() => undefined);
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      await apiFetch('/api/user/booking').catch(() => undefined);
      expect(onUnauthorized).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not end a session for a 401 to a call that carried no token', async () => {
    const onUnauthorized = vi.fn();
    configureApiClient({ onUnauthorized });
    fetchMock.mockResolvedValue(json(401, { msg: 'Login required', code: 'UNAUTHORIZED' }));
    await expect(apiFetch('/api/user/booking')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('configureApiClient', () => {
  it('restores what it replaced, unless someone changed it since', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    const restoreA = configureApiClient({ frontendVersion: 'a' });
    const restoreB = configureApiClient({ frontendVersion: 'b' });
    restoreA();
    await apiFetch('/api/x');
    expect(lastRequest().headers.get('X-Frontend-Version')).toBe('b');
    restoreB();
    await apiFetch('/api/x');
    expect(lastRequest().headers.get('X-Frontend-Version')).toBe('a');
  });
});
