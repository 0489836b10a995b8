import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@lokaler/domain/api-error';
import { signAccessToken } from '../../../test/access-tokens';
import { createLocation } from '../../../test/factories/places';
import { bearer, loginAs } from '../../../test/login';
import { useTestApp } from '../../../test/test-app';
import { truncateAll } from '../../../test/test-db';
import { locationAdmins } from '../../db/schema/index';
import { testAdmins, testCitizens } from '../../seed/test-users';

const kari = testCitizens[0]!;
const [siri, jonas, vigdis] = testAdmins as [(typeof testAdmins)[0], (typeof testAdmins)[0], (typeof testAdmins)[0]];

describe('GET /api/currentuser/roles and /api/currentuser/adminlocations', () => {
  const ctx = useTestApp();
  beforeEach(() => truncateAll(ctx.database));

  const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  /** Three locations for Siri (one of them deleted), one for Jonas. */
  async function givenAdmins() {
    const b = await createLocation(ctx.database.db, { name: 'Bjølsen skole' });
    const a = await createLocation(ctx.database.db, { name: 'Arendalsgata bydelshus' });
    const deleted = await createLocation(ctx.database.db, { name: 'Nedlagt skole', status: 'DELETED' });
    const unpublished = await createLocation(ctx.database.db, { name: 'Øvre Foss skole', status: 'UNPUBLISHED' });
    const other = await createLocation(ctx.database.db, { name: 'Deichman Grünerløkka' });
    await ctx.database.db.insert(locationAdmins).values([
      { locationId: b.id, email: siri.email },
      { locationId: a.id, email: siri.email },
      { locationId: deleted.id, email: siri.email },
      { locationId: unpublished.id, email: siri.email },
      { locationId: other.id, email: jonas.email },
    ]);
    return { a, b, unpublished, other };
  }

  it('tells a citizen who they are: portal PUBLIC, role PUBLIC', async () => {
    const { accessToken } = await loginAs(ctx.app, kari);
    const res = await get('/api/currentuser/roles', accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: expect.any(Number),
      name: 'Kari Nordmann',
      email: kari.email,
      portal: 'PUBLIC',
      roles: ['PUBLIC'],
    });
  });

  it('answers 401 without a token and 403 (not 401) to a citizen asking for admin locations', async () => {
    const anonymous = await get('/api/currentuser/adminlocations');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED', userMsg: messages.unauthorized });

    await givenAdmins();
    const { accessToken } = await loginAs(ctx.app, kari);
    const res = await get('/api/currentuser/adminlocations', accessToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', msg: expect.any(String), userMsg: messages.forbidden });
  });

  it('gives an administrator exactly their locations, by name, without deleted ones', async () => {
    const { a, b, unpublished } = await givenAdmins();
    const { accessToken } = await loginAs(ctx.app, siri, { client: 'admin' });
    const roles = await get('/api/currentuser/roles', accessToken);
    expect(roles.json()).toEqual({
      userId: expect.any(Number),
      name: 'Siri Saksbehandler',
      email: siri.email,
      portal: 'ADMIN',
      roles: ['ADMIN'],
    });
    const res = await get('/api/currentuser/adminlocations', accessToken);
    expect(res.statusCode).toBe(200);
    // Norwegian order: Ø after the others.
    expect(res.json()).toEqual([
      { id: a.id, name: 'Arendalsgata bydelshus' },
      { id: b.id, name: 'Bjølsen skole' },
      { id: unpublished.id, name: 'Øvre Foss skole' },
    ]);
  });

  it('matches the e-mail without regard to case', async () => {
    const { a } = await givenAdmins();
    const token = await signAccessToken(ctx.app, {
      claims: {
        sub: siri.sub,
        client_id: 'lokaler-admin',
        acr: 'idporten-loa-high',
        name: 'Siri Saksbehandler',
        email: 'Siri.Saksbehandler@OSLO.kommune.no',
      },
    });
    const res = await get('/api/currentuser/adminlocations', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ id: a.id, name: 'Arendalsgata bydelshus' });
  });

  it('answers 403 to an admin-client user who administers nothing, and says so in roles', async () => {
    await givenAdmins();
    const { accessToken } = await loginAs(ctx.app, vigdis, { client: 'admin' });
    expect((await get('/api/currentuser/roles', accessToken)).json()).toMatchObject({ portal: 'ADMIN', roles: [] });
    const res = await get('/api/currentuser/adminlocations', accessToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it("does not make a portal token an admin token, even for an administrator's e-mail", async () => {
    await givenAdmins();
    const token = await signAccessToken(ctx.app, { claims: { sub: siri.sub, email: siri.email, name: 'Siri Saksbehandler' } });
    expect((await get('/api/currentuser/roles', token)).json()).toMatchObject({ portal: 'PUBLIC', roles: ['PUBLIC'] });
    expect((await get('/api/currentuser/adminlocations', token)).statusCode).toBe(403);
  });
});
