import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { effectiveUser, impersonationOrganizations, type ImpersonationRequest } from '@lokaler/domain/impersonation';
import { apiFetch } from './api-fetch';

/**
 * Acting for an organisation (spec 01 §6–§7). The chosen identity lives in an httpOnly cookie the
 * server sets, so after a switch the page is loaded again and every answer is for the new identity.
 * The keys hold the person's sub: another login never sees a cached answer.
 */

/** GET /api/user/impersonation/organizations/valid: the organisations the person may act for. */
export const validOrganizationsQuery = (sub: string) =>
  queryOptions({
    queryKey: ['user', sub, 'impersonation', 'organizations'],
    queryFn: ({ signal }) => apiFetch('/api/user/impersonation/organizations/valid', { schema: impersonationOrganizations, signal }),
  });

/** GET /api/user/impersonation/effectiveuser: who the person acts as now. */
export const effectiveUserQuery = (sub: string) =>
  queryOptions({
    queryKey: ['user', sub, 'impersonation', 'effectiveuser'],
    queryFn: ({ signal }) => apiFetch('/api/user/impersonation/effectiveuser', { schema: effectiveUser, signal }),
  });

/** POST /api/user/impersonation: act for the organisation, or (orgNo '', NO_IMPERSONATION) as oneself. */
export async function impersonate(request: ImpersonationRequest): Promise<void> {
  await apiFetch('/api/user/impersonation', { method: 'POST', body: request });
}

/** Nothing to invalidate: the page is loaded again after a switch, which drops every cached answer. */
export const impersonateMutation = () => mutationOptions({ mutationKey: ['user', 'impersonation', 'switch'], mutationFn: impersonate });

/**
 * POST /api/user/logout: clears the impersonation cookie (spec 02 §6), before the login session ends.
 * No token is needed (it may already be gone), and a failure must not stop the logout itself.
 */
export async function clearImpersonationCookie(): Promise<void> {
  try {
    await apiFetch('/api/user/logout', { method: 'POST', authenticated: false });
  } catch {
    // The cookie is a session cookie, and the server drops one set for another user: a missed clear ends with the browser session.
  }
}
