import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app';

/**
 * Spec 02 §7 "Applicant side" (and spec 01 §7's identity calls): every call exists under /api with
 * its method and path, and is documented in the OpenAPI answer generated from the route schemas.
 * The wedding form's calls belong to the wedding feature and are not listed here.
 */
const applicantCalls = [
  ['get', '/api/user/booking'],
  ['get', '/api/user/booking/{id}'],
  ['get', '/api/booking/{id}'],
  ['get', '/api/user/booking/{id}/changes'],
  ['get', '/api/user/contract/{id}'],
  ['post', '/api/user/contract/confirm/{id}'],
  ['get', '/api/user/vedtak/{id}'],
  ['get', '/api/user/retroactive-contract/{id}'],
  ['get', '/api/user/booking/{id}/infoforleietaker'],
  ['patch', '/api/booking/{id}'],
  ['put', '/api/user/booking/{id}/autoreject'],
  ['get', '/api/oslonokkelen/{bookingId}/info'],
  ['post', '/api/oslonokkelen/{bookingId}'],
  ['delete', '/api/oslonokkelen/{bookingId}'],
  ['get', '/api/verifiedbookingaccess/{token}'],
  ['get', '/api/user/impersonation/organizations/valid'],
  ['post', '/api/user/impersonation'],
  ['get', '/api/user/impersonation/effectiveuser'],
  ['post', '/api/user/logout'],
] as const;

describe('the applicant API', () => {
  const ctx = useTestApp();

  it('has every call of the spec, documented, and each asks for a login except the logout', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    for (const [method, path] of applicantCalls) {
      const operation = doc.paths[path]?.[method];
      expect([method, path, operation !== undefined]).toEqual([method, path, true]);
      expect([method, path, (operation?.security ?? []).length > 0]).toEqual([method, path, path !== '/api/user/logout']);
    }
  });

  it('answers 401 to every call but the logout without a token', async () => {
    for (const [method, path] of applicantCalls) {
      if (path === '/api/user/logout') continue;
      const res = await ctx.app.inject({ method: method.toUpperCase() as 'GET', ...anonymousRequest(method, path) });
      expect([method, path, res.statusCode]).toEqual([method, path, 401]);
    }
  });
});

/** A well-formed request to the call, so that only the missing token can be what is refused. */
function anonymousRequest(method: string, path: string): { url: string; payload?: object } {
  const url = path.replace('{id}', '1').replace('{bookingId}', '1').replace('{token}', 'a'.repeat(43));
  if (path.startsWith('/api/oslonokkelen/') && method !== 'get') return { url: `${url}?phoneNumber=41234567` };
  if (path === '/api/user/impersonation') return { url, payload: { orgNo: '' } };
  if (method === 'patch') return { url, payload: { status: 'cancelled' } };
  return { url };
}
