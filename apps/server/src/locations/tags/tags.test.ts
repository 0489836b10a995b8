import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags } from '../../db/schema/assets';
import { createTestApp, type TestContext } from '../../../test/test-app';

describe('GET /api/tags', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.database.db.insert(tags).values([
      { name: 'Vielse', tagType: 'purpose' },
      { name: 'Teleslynge', tagType: 'uu' },
      { name: 'Øving', tagType: 'purpose' },
      { name: 'Projektor', tagType: 'facility' },
      { name: 'Flygel', tagType: 'facility' },
      { name: 'Møte', tagType: 'purpose' },
    ]);
  });
  afterAll(() => ctx.close());

  it('lists every tag with id, name and tagType, by type and then in Norwegian order', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/tags' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ id: number; name: string; tagType: string }>;
    expect(body.map((t) => `${t.tagType}:${t.name}`)).toEqual([
      'facility:Flygel',
      'facility:Projektor',
      'uu:Teleslynge',
      'purpose:Møte',
      'purpose:Vielse',
      'purpose:Øving',
    ]);
    expect(Object.keys(body[0]!).sort()).toEqual(['id', 'name', 'tagType']);
    expect(body[0]!.id).toEqual(expect.any(Number));
  });
});
