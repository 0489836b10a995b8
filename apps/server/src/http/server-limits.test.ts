import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { serverLimits } from './server-limits';

describe('the wire limits from configuration', () => {
  it('defaults to a 1 MiB body, 2 minutes for a request, 20 s for its headers, 72 s keep-alive', () => {
    expect(serverLimits(loadConfig({}))).toEqual({
      bodyLimit: 1024 * 1024,
      requestTimeout: 120_000,
      keepAliveTimeout: 72_000,
      connectionTimeout: 120_000,
      return503OnClosing: false,
      forceCloseConnections: 'idle',
      http: { headersTimeout: 20_000, requestTimeout: 120_000, connectionsCheckingInterval: 1000 },
    });
  });

  it('takes each from its variable, never a headers timeout longer than the request timeout', () => {
    const limits = serverLimits(
      loadConfig({
        HTTP_BODY_LIMIT_BYTES: '65536',
        HTTP_REQUEST_TIMEOUT_MS: '5000',
        HTTP_HEADERS_TIMEOUT_MS: '9000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '61000',
        HTTP_CONNECTION_TIMEOUT_MS: '90000',
      }),
    );
    expect(limits).toMatchObject({ bodyLimit: 65536, requestTimeout: 5000, keepAliveTimeout: 61000, connectionTimeout: 90000 });
    expect(limits.http.headersTimeout).toBe(5000);
  });

  it('refuses nonsense with a message naming the variable', () => {
    expect(() => loadConfig({ HTTP_BODY_LIMIT_BYTES: 'lots' })).toThrow(/HTTP_BODY_LIMIT_BYTES/);
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
  });

  it('turns HSTS on for an https public address unless HSTS=false', () => {
    expect(loadConfig({}).http.hsts).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://lokaler.oslo.kommune.no' }).http.hsts).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://lokaler.oslo.kommune.no', HSTS: 'false' }).http.hsts).toBe(false);
    expect(loadConfig({ HSTS: 'true' }).http.hsts).toBe(true);
  });
});
