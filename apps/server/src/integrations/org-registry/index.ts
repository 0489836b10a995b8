import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { LocalOrgRegistry } from './local-org-registry';
import type { OrgRegistry } from './org-registry';

export type { OrganizationRole, OrgRegistry } from './org-registry';

declare module 'fastify' {
  interface FastifyInstance {
    orgRegistry: OrgRegistry;
  }
}

function createOrgRegistry(kind: Config['adapters']['orgRegistry']): OrgRegistry {
  switch (kind) {
    case 'local':
      return new LocalOrgRegistry();
  }
}

/** Decorates the app with the organisation register chosen by config.adapters.orgRegistry. */
export function registerOrgRegistry(app: FastifyInstance): void {
  app.decorate('orgRegistry', createOrgRegistry(app.config.adapters.orgRegistry));
}
