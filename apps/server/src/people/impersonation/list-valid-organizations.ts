import type { ImpersonationOrganization } from '@lokaler/domain/impersonation';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { OrgRegistry } from '../../integrations/org-registry/org-registry';

/** The organisations the caller may act for (role 'kommunale tjenester'), in the register's order. */
export async function listValidOrganizations({
  user,
  orgRegistry,
}: {
  user: AuthenticatedUser;
  orgRegistry: OrgRegistry;
}): Promise<ImpersonationOrganization[]> {
  if (user.portal !== 'PUBLIC') return [];
  const organizations = await orgRegistry.organizationsFor(user);
  return organizations.map((o) => ({ orgnr: o.orgnr, orgNavn: o.orgNavn, rolleKode: o.rolleKode, impersonationId: o.orgnr }));
}
