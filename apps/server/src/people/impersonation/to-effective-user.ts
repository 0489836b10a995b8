import type { EffectiveUser } from '@lokaler/domain/impersonation';
import type { EffectiveIdentity } from './effective-identity';

/** The effective identity as the API shows it (GET /user/impersonation/effectiveuser). */
export function toEffectiveUser(identity: EffectiveIdentity): EffectiveUser {
  if (identity.kind === 'ORGANIZATION') {
    return {
      name: identity.organization.name,
      id: identity.organization.number,
      impersonationId: identity.organization.number,
      email: identity.user.email,
    };
  }
  return { name: identity.user.name, id: String(identity.user.userId), impersonationId: null, email: identity.user.email };
}
