import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import cookie from '@fastify/cookie';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandling } from './http/error-handler';
import { loggerOptions } from './http/logger-options';
import { registerOpenApi } from './http/openapi';
import { mismatchSink, registerResponseCheck } from './http/response-check';
import { registerStatic, type SpaFolders } from './platform';
import { registerRetention } from './privacy';
import { registerBusyChangesPruning, registerFreeSlotAlerts } from './availability';
import { registerKeyAccess } from './keys';
import { registerWeddingHoldExpiry, registerCertificateReminders } from './weddings';
import { registerInvoicing, registerRoundClosing } from './casework';
import { registerArchive } from './archive';
import { serverLimits } from './http/server-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerCompression } from './http/compression';
import { registerRouteAccess } from './http/route-access';
import { registerNulRefusal } from './http/refuse-nul';
import { registerRateLimit } from './http/rate-limit';
import { trustProxyOption } from './http/trust-proxy';
import { registerModules } from './areas';
import { registerIdentityProvider } from './idp/index';
import { registerAuthentication } from './auth/index';
import { registerMail } from './integrations/mail/index';
import { registerOrgRegistry } from './integrations/org-registry/index';
import { registerJobs, type JobsOptions } from './jobs/register-jobs';
import { registerObservability } from './observability/index';
import { requestIdOptions } from './observability/request-id';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Serve the built SPAs (off in server tests; a test may name its own folders). */
  serveSpas?: boolean | SpaFolders;
  logger?: FastifyServerOptions['logger'];
  /**
   * The background jobs (mail delivery, key pushes …). `{ run: false }` (server tests) leaves them to
   * app.flushMail(), app.runKeyJobs() and app.jobs.tick(); `clock` lets a test drive them with a fake clock.
   */
  jobs?: JobsOptions;
}

export type App = FastifyInstance;

/** Builds the whole Fastify application; main.ts and every server test use it. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // The client's address (rate limits) and scheme come from X-Forwarded-* only where TRUST_PROXY names the proxies.
    trustProxy: trustProxyOption(config),
    ...requestIdOptions,
    ...serverLimits(config),
    // Rooms are chosen with repeated query parameters (?bookableAssetIds=1&bookableAssetIds=2).
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  // First: every later hook's and route's answer carries the request id, and every route is measured.
  registerObservability(app);
  // Tests only (decision 060): before compression, so the check reads each answer's JSON as serialised.
  if (config.responseCheck) registerResponseCheck(app, mismatchSink(config.responseCheck));

  await app.register(cookie, { secret: config.cookieSecret });
  await registerSecurityHeaders(app);
  await registerCompression(app);
  registerErrorHandling(app);
  await registerOpenApi(app);
  // Before any route under /api: each must declare its access level, whose guard then runs first.
  registerRouteAccess(app);
  registerNulRefusal(app);
  const localIdentityProvider = await registerIdentityProvider(app);
  registerAuthentication(app, { localJwks: localIdentityProvider?.publicJwks });
  registerJobs(app, options.jobs);
  registerMail(app);
  registerOrgRegistry(app);
  registerKeyAccess(app);
  registerWeddingHoldExpiry(app);
  registerCertificateReminders(app);
  registerFreeSlotAlerts(app);
  registerBusyChangesPruning(app);
  registerRoundClosing(app);
  registerArchive(app);
  registerInvoicing(app);
  registerRetention(app);
  await registerRateLimit(app);
  await registerModules(app);
  if (options.serveSpas) await registerStatic(app, options.serveSpas === true ? undefined : options.serveSpas);
  return app;
}
