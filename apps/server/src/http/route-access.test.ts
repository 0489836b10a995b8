import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { registerErrorHandling } from './error-handler';
import { registerRouteAccess } from './route-access';

/** A bare app with the access hook and a stand-in authenticator (a token "citizen" is a logged-in citizen). */
function bareApp(): FastifyInstance {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.decorateRequest('user', null);
  app.decorate('authenticator', {
    authenticate: async (request) =>
      request.headers.authorization === 'Bearer citizen'
        ? ({
            userId: 1,
            sub: 's',
            name: 'N',
            email: null,
            portal: 'PUBLIC',
            clientId: 'portal',
            adminLocationIds: [],
            cityAdmin: false,
          } satisfies AuthenticatedUser)
        : null,
  });
  registerRouteAccess(app);
  return app;
}

describe('route access levels (http/route-access.ts)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('refuses to build an app with an API route that declares no access level, and names the route', async () => {
    app = bareApp();
    // As registerModules registers each module: the awaited registration fails, and so buildApp.
    await expect(
      app.register(
        async (api) => {
          api.post('/booking/:id/something', { schema: { body: z.object({ a: z.string() }) } }, async () => 'ok');
        },
        { prefix: '/api' },
      ),
    ).rejects.toThrow(/POST \/api\/booking\/:id\/something declares no access level/);
  });

  it('refuses an unknown access level', async () => {
    app = bareApp();
    await expect(
      app.register(
        async (api) => {
          api.get('/x', { config: { access: 'everyone' as never } }, async () => 'ok');
        },
        { prefix: '/api' },
      ),
    ).rejects.toThrow(/GET \/api\/x declares no access level/);
  });

  it('leaves routes outside /api alone (the IdP, the SPAs)', async () => {
    app = bareApp();
    app.get('/idp/anything', async () => 'ok');
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/idp/anything' })).statusCode).toBe(200);
  });

  it("runs the guard before the route's own onRequest hooks and before the body is validated", async () => {
    app = bareApp();
    const seen: string[] = [];
    app.post(
      '/api/things',
      {
        config: { access: 'admin' },
        onRequest: async () => {
          seen.push('own hook');
        },
        schema: { body: z.object({ name: z.string() }) },
      },
      async () => 'ok',
    );
    await app.ready();
    const anonymous = await app.inject({ method: 'POST', url: '/api/things', payload: { name: 1 } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(anonymous.json()).not.toHaveProperty('fields');
    const citizen = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { authorization: 'Bearer citizen' },
      payload: { name: 1 },
    });
    expect(citizen.statusCode).toBe(403);
    expect(seen).toEqual([]);
    expect(app.routeAccess).toContainEqual({ method: 'POST', url: '/api/things', access: 'admin' });
  });

  it('lets a public route be called without a token and an optionalUser route read one when present', async () => {
    app = bareApp();
    app.get('/api/open', { config: { access: 'public' } }, async (request) => ({ user: request.user?.sub ?? null }));
    app.get('/api/maybe', { config: { access: 'optionalUser' } }, async (request) => ({ user: request.user?.sub ?? null }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/open', headers: { authorization: 'Bearer citizen' } })).json()).toEqual({
      user: null,
    });
    expect((await app.inject({ method: 'GET', url: '/api/maybe' })).json()).toEqual({ user: null });
    expect((await app.inject({ method: 'GET', url: '/api/maybe', headers: { authorization: 'Bearer citizen' } })).json()).toEqual({
      user: 's',
    });
  });
});
