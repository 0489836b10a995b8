import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { HttpOrgRegistry } from './http-org-registry';
import { LocalOrgRegistry } from './local-org-registry';
import type { OrgRegistry } from './org-registry';

export type { OrganizationRole, OrgRegistry } from './org-registry';

declare module 'fastify' {
  interface FastifyInstance {
    orgRegistry: OrgRegistry;
  }
}

function createOrgRegistry(config: Config, log: FastifyInstance['log']): OrgRegistry {
  switch (config.adapters.orgRegistry) {
    case 'local':
      return new LocalOrgRegistry();
    case 'http':
      // loadConfig refuses ORG_REGISTRY_ADAPTER=http without ORG_REGISTRY_URL.
      return new HttpOrgRegistry(config.orgRegistryHttp!, log);
  }
}

/** Decorates the app with the organisation register chosen by config.adapters.orgRegistry. */
export function registerOrgRegistry(app: FastifyInstance): void {
  app.decorate('orgRegistry', createOrgRegistry(app.config, app.log));
}
