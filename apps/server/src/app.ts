import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import cookie from '@fastify/cookie';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandling } from './http/error-handler';
import { registerOpenApi } from './http/openapi';
import { registerStatic } from './http/static';
import { registerRateLimit } from './http/rate-limit';
import { registerModules } from './modules/index';
import { registerIdentityProvider } from './idp/index';
import { registerAuthentication } from './auth/index';
import { registerMail } from './integrations/mail/index';
import { registerOrgRegistry } from './integrations/org-registry/index';
import { registerKeyAccess } from './modules/oslonokkelen/register-key-access';
import { registerWeddingHoldExpiry } from './modules/wedding-application/expire-wedding-holds';
import { registerCertificateReminders } from './modules/wedding-certificate/send-certificate-reminders';
import { registerJobs, type JobsOptions } from './jobs/register-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Serve the built SPAs (off in server tests). */
  serveSpas?: boolean;
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
    logger: options.logger ?? {
      level: config.logLevel,
      // Personal data never reaches a log: no headers, no bodies, no query strings.
      serializers: {
        req: (req) => ({ method: req.method, url: req.url.split('?')[0] }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: true,
    bodyLimit: 15 * 1024 * 1024,
    // Rooms are chosen with repeated query parameters (?bookableAssetIds=1&bookableAssetIds=2).
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);

  await app.register(cookie, { secret: config.cookieSecret });
  registerErrorHandling(app);
  await registerOpenApi(app);
  const localIdentityProvider = await registerIdentityProvider(app);
  registerAuthentication(app, { localJwks: localIdentityProvider?.publicJwks });
  registerJobs(app, options.jobs);
  registerMail(app);
  registerOrgRegistry(app);
  registerKeyAccess(app);
  registerWeddingHoldExpiry(app);
  registerCertificateReminders(app);
  await registerRateLimit(app);
  await registerModules(app);
  if (options.serveSpas) await registerStatic(app);
  return app;
}
