import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from './api-fetch';
import {
  CLIENT_LOG_HISTORY_SIZE,
  clearClientLogHistory,
  clientLogHistory,
  describeError,
  logFrontendError,
  pageForLog,
} from './frontend-error-log';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetApiClient();
  clearClientLogHistory();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('logFrontendError', () => {
  it('posts msg, level, userAgent and time to /api/frontenderror', async () => {
    await logFrontendError('Cannot read properties of undefined', 'error');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/frontenderror');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['level', 'msg', 'time', 'userAgent']);
    expect(body.level).toBe('error');
    expect(body.msg).toContain('Cannot read properties of undefined');
    expect(body.userAgent).toBe(navigator.userAgent);
    expect(new Date(String(body.time)).toISOString()).toBe(body.time);
  });

  it('keeps only the last 20 entries locally', async () => {
    for (let i = 1; i <= 25; i++) await logFrontendError(`feil nr ${i}`);
    const history = clientLogHistory();
    expect(history).toHaveLength(CLIENT_LOG_HISTORY_SIZE);
    expect(CLIENT_LOG_HISTORY_SIZE).toBe(20);
    expect(history[0]?.msg).toContain('feil nr 6');
    expect(history.at(-1)?.msg).toContain('feil nr 25');
  });

  it('never throws when the report itself fails, and keeps the entry', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(logFrontendError('offline')).resolves.toBeUndefined();
    expect(clientLogHistory()).toHaveLength(1);
  });

  it('sends the same message only once within a few seconds (a crash loop must not flood the API)', async () => {
    await logFrontendError('same');
    await logFrontendError('same');
    await logFrontendError('other');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(clientLogHistory()).toHaveLength(3);
  });
});

describe('describeError', () => {
  it('gives the message and the stack of an Error', () => {
    const error = new Error('boom');
    expect(describeError(error)).toContain('boom');
    expect(describeError(error)).toContain('frontend-error-log.test');
  });

  it('describes thrown non-errors', () => {
    expect(describeError('text')).toBe('text');
    expect(describeError({ code: 1 })).toBe('{"code":1}');
  });
});

describe('pageForLog', () => {
  it('keeps the page path but not the token of a claim link', () => {
    expect(pageForLog('/oversikt')).toBe('/oversikt');
    expect(pageForLog('/claim/9f3c2a77-secret')).toBe('/claim/…');
  });
});
