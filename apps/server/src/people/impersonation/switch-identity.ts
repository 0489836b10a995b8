import { impersonationMessages, type EffectiveUser, type ImpersonationRequest } from '@lokaler/domain/impersonation';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { AppError } from '../../errors';
import type { OrgRegistry } from '../../integrations/org-registry/org-registry';
import type { ImpersonationCookie } from './impersonation-cookie';
import { toEffectiveUser } from './to-effective-user';

export interface SwitchedIdentity {
  effectiveUser: EffectiveUser;
  /** What the impersonation cookie must say from now on; null: clear it (the private person). */
  cookie: ImpersonationCookie | null;
}

/**
 * Switches the identity: an empty orgNo (with orgName NO_IMPERSONATION) makes the caller a private
 * person again; an organisation number must be one the register lets the caller act for (403 else,
 * and the current choice stays). The name is taken from the register, not from the request. The
 * route writes the answer's cookie.
 */
export async function switchIdentity({
  user,
  orgRegistry,
  body,
}: {
  user: AuthenticatedUser;
  orgRegistry: OrgRegistry;
  body: ImpersonationRequest;
}): Promise<SwitchedIdentity> {
  if (body.orgNo === '') return { effectiveUser: toEffectiveUser({ kind: 'PERSON', user }), cookie: null };
  if (user.portal !== 'PUBLIC') throw AppError.forbidden('Only portal logins act for organisations');
  const organization = (await orgRegistry.organizationsFor(user)).find((o) => o.orgnr === body.orgNo);
  if (!organization) {
    throw new AppError(
      'FORBIDDEN',
      `User ${user.userId} may not act for organisation ${body.orgNo}`,
      impersonationMessages.notRepresentative,
    );
  }
  return {
    effectiveUser: toEffectiveUser({
      kind: 'ORGANIZATION',
      user,
      organization: { number: organization.orgnr, name: organization.orgNavn },
    }),
    cookie: { userId: user.userId, orgnr: organization.orgnr },
  };
}
