import type { JWTPayload } from 'jose';

/** The value administrators are matched by (location_admins / city_admins hold e-mail addresses, lower-case). */
export function matchClaimValue(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined;
}

/**
 * Whether the token grants city-wide rights through a role or group claim (ADMIN_OIDC_CITY_ADMIN_CLAIM):
 * Entra ID puts app roles in `roles` as an array, Keycloak and others may send one string.
 */
export function cityAdminFrom(payload: JWTPayload, rule: { claim: string; value: string } | null): boolean {
  if (!rule) return false;
  const claim = payload[rule.claim];
  const values = Array.isArray(claim) ? claim : [claim];
  return values.some((value) => value === rule.value);
}
