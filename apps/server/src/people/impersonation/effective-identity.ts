import type { FastifyReply, FastifyRequest } from 'fastify';
import { impersonationMessages } from '@lokaler/domain/impersonation';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { currentUser } from '../../auth/guards';
import { AppError } from '../../errors';
import { clearImpersonationCookie, readImpersonationCookie } from './impersonation-cookie';

/**
 * Who the caller acts as: themselves, or an organisation they represent. Bookings belong to the
 * effective identity: a private person's are theirs alone (user_id, no organisation); an
 * organisation's are seen by every person who represents it.
 */
export type EffectiveIdentity =
  | { kind: 'PERSON'; user: AuthenticatedUser }
  | {
      kind: 'ORGANIZATION';
      user: AuthenticatedUser;
      /** `form`: Enhetsregisteret's organisasjonsform code from the same register answer, null when unknown (decision 068). */
      organization: { number: string; name: string; form?: string | null };
    };

export interface EffectiveIdentityOptions {
  /**
   * A cookie for an organisation the person no longer represents: 'forbid' (default) answers 403,
   * so nothing is done in the wrong name; 'person' falls back to the private person. Both clear it.
   */
  onStale?: 'forbid' | 'person';
}

const cache = new WeakMap<FastifyRequest, Promise<EffectiveIdentity>>();

/**
 * The effective identity of a request behind requireUser. The impersonation cookie is checked
 * against the organisation register on every request that uses it. A cookie this server did not
 * sign, or one set for another user, is ignored (and cleared). Only portal (PUBLIC) logins act for
 * organisations; an administrator's token is always the person.
 */
export function effectiveIdentity(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EffectiveIdentityOptions = {},
): Promise<EffectiveIdentity> {
  const known = cache.get(request);
  if (known) return known;
  const resolved = resolve(request, reply, options.onStale ?? 'forbid');
  cache.set(request, resolved);
  return resolved;
}

async function resolve(request: FastifyRequest, reply: FastifyReply, onStale: 'forbid' | 'person'): Promise<EffectiveIdentity> {
  const user = currentUser(request);
  const cookie = readImpersonationCookie(request);
  if (cookie === undefined || user.portal !== 'PUBLIC') return { kind: 'PERSON', user };
  if (cookie === 'invalid' || cookie.userId !== user.userId) {
    clearImpersonationCookie(reply);
    return { kind: 'PERSON', user };
  }
  const organizations = await request.server.orgRegistry.organizationsFor(user);
  const organization = organizations.find((o) => o.orgnr === cookie.orgnr);
  if (organization)
    return {
      kind: 'ORGANIZATION',
      user,
      organization: { number: organization.orgnr, name: organization.orgNavn, form: organization.organisasjonsform ?? null },
    };
  clearImpersonationCookie(reply);
  if (onStale === 'person') return { kind: 'PERSON', user };
  throw new AppError('FORBIDDEN', `User ${user.userId} no longer represents organisation ${cookie.orgnr}`, impersonationMessages.stale);
}
