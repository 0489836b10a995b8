import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { deleteExpiredOidcPayloads } from './oidc-payload-repository';
import { interactionRoutes } from './interaction-routes';
import { providerRoutes } from './mount';
import { createProvider } from './provider';
import { loadOrCreateServerKeys, publicJwks, type ServerKeys } from './server-keys';

export interface LocalIdentityProvider {
  /** The provider's public signing keys: the API verifies local tokens against them in-process. */
  publicJwks: JSONWebKeySet;
}

const CLEAN_UP_EVERY_MS = 60 * 60 * 1000;
const keysByApp = new WeakMap<FastifyInstance, ServerKeys>();

/**
 * The keys an app's local provider signs with, as loaded at start. For tests that mint their own
 * tokens: after a test truncates oidc_payloads the database no longer has them, the app still does.
 */
export function serverKeysOf(app: FastifyInstance): ServerKeys | undefined {
  return keysByApp.get(app);
}

/**
 * Mounts the local OIDC provider under /idp when no external issuer is configured (config.oidc.local).
 * Returns its public keys for the token verifier, or undefined when tokens come from elsewhere.
 */
export async function registerIdentityProvider(app: FastifyInstance): Promise<LocalIdentityProvider | undefined> {
  const { config, database } = app;
  if (!config.oidc.local) return undefined;

  const keys = await loadOrCreateServerKeys(database.db);
  keysByApp.set(app, keys);
  const provider = createProvider(config, keys, database.db);
  // Only the message: an error object from the provider may carry request parameters.
  provider.on('server_error', (_ctx: unknown, error: Error) => app.log.error({ reason: error.message }, 'identity provider error'));

  await app.register(interactionRoutes(provider, config));
  await app.register(providerRoutes(provider));

  await deleteExpiredOidcPayloads(database.db);
  const cleanUp = setInterval(() => {
    deleteExpiredOidcPayloads(database.db).catch((error: unknown) => app.log.warn({ reason: String(error) }, 'oidc clean-up failed'));
  }, CLEAN_UP_EVERY_MS);
  cleanUp.unref();
  app.addHook('onClose', async () => clearInterval(cleanUp));

  return { publicJwks: publicJwks(keys) as JSONWebKeySet };
}
