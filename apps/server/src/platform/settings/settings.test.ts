import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/settings';
import { createTestApp, type TestContext } from '../../../test/test-app';

describe('GET /api/settings', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.database.db.insert(settings).values([
      { name: 'CONTACT_US', value: 'ENABLED' },
      { name: 'PORTAL_2_BETA', value: 'DISABLED' },
    ]);
  });
  afterAll(() => ctx.close());

  const get = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/settings${query}` });

  it('answers the value of a setting', async () => {
    const res = await get('?setting=CONTACT_US');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'CONTACT_US', value: 'ENABLED' });
    expect((await get('?setting=PORTAL_2_BETA')).json()).toEqual({ name: 'PORTAL_2_BETA', value: 'DISABLED' });
  });

  it('answers null for a setting the server does not have (the SPA reads it as off)', async () => {
    const res = await get('?setting=NO_SUCH_SETTING');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'NO_SUCH_SETTING', value: null });
  });

  it.each([
    ['', 'missing'],
    ['?setting=', 'empty'],
    ['?setting=contact_us', 'lower-case'],
    ['?setting=CONTACT%20US', 'with a space'],
  ])('refuses a %s name (%s) with 400 and the field', async (query) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      msg: expect.any(String),
      userMsg: expect.any(String),
      fields: [expect.objectContaining({ path: 'querystring.setting' })],
    });
  });
});
