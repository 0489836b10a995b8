import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  impersonationMessages, type EffectiveUser, type ImpersonationOrganization, type ImpersonationRequest,
} from '@lokaler/domain/impersonation';
import { currentUser } from '../../auth/guards';
import { AppError } from '../../errors';
import { effectiveIdentity, type EffectiveIdentity } from './effective-identity';
import { clearImpersonationCookie, setImpersonationCookie } from './impersonation-cookie';

/** The organisations the caller may act for (role 'kommunale tjenester'), in Norwegian name order. */
export async function listValidOrganizations(request: FastifyRequest): Promise<ImpersonationOrganization[]> {
  const user = currentUser(request);
  if (user.portal !== 'PUBLIC') return [];
  const organizations = await request.server.orgRegistry.organizationsFor(user);
  return organizations.map((o) => ({ orgnr: o.orgnr, orgNavn: o.orgNavn, rolleKode: o.rolleKode, impersonationId: o.orgnr }));
}

/**
 * Switches the identity: an empty orgNo (with orgName NO_IMPERSONATION) makes the caller a private
 * person again; an organisation number must be one the register lets the caller act for (403 else,
 * and the current choice stays). The name is taken from the register, not from the request.
 */
export async function switchIdentity(request: FastifyRequest, reply: FastifyReply, body: ImpersonationRequest): Promise<EffectiveUser> {
  const user = currentUser(request);
  if (body.orgNo === '') {
    clearImpersonationCookie(reply);
    return toEffectiveUser({ kind: 'PERSON', user });
  }
  if (user.portal !== 'PUBLIC') throw AppError.forbidden('Only portal logins act for organisations');
  const organization = (await request.server.orgRegistry.organizationsFor(user)).find((o) => o.orgnr === body.orgNo);
  if (!organization) {
    throw new AppError('FORBIDDEN', `User ${user.userId} may not act for organisation ${body.orgNo}`, impersonationMessages.notRepresentative);
  }
  setImpersonationCookie(reply, { userId: user.userId, orgnr: organization.orgnr });
  return toEffectiveUser({ kind: 'ORGANIZATION', user, organization: { number: organization.orgnr, name: organization.orgNavn } });
}

/** Who the caller acts as now. A stale organisation choice falls back to the private person here. */
export async function currentEffectiveUser(request: FastifyRequest, reply: FastifyReply): Promise<EffectiveUser> {
  return toEffectiveUser(await effectiveIdentity(request, reply, { onStale: 'person' }));
}

export function toEffectiveUser(identity: EffectiveIdentity): EffectiveUser {
  if (identity.kind === 'ORGANIZATION') {
    return { name: identity.organization.name, id: identity.organization.number, impersonationId: identity.organization.number, email: identity.user.email };
  }
  return { name: identity.user.name, id: String(identity.user.userId), impersonationId: null, email: identity.user.email };
}

