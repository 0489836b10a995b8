import type { IdTokenInput } from '@lokaler/domain/id-token';
import { buildUrl } from './api-fetch';

/**
 * PUT /api/currentuser/id-token: the login's ID token, from which the server takes the person's name
 * and e-mail (access tokens carry neither; decision 032). Plain fetch, not apiFetch: a refusal here
 * must not show the "logged out" alert, the person is logged in and may type their details in the forms.
 */
export async function sendIdTokenToApi(idToken: string, accessToken: string): Promise<void> {
  const response = await fetch(buildUrl('/api/currentuser/id-token'), {
    method: 'PUT',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ idToken } satisfies IdTokenInput),
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`The ID token was not accepted: HTTP ${response.status}`);
}
