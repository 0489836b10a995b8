import { describe, expect, it } from 'vitest';
import { assetTypes } from '../../db/schema/assets';
import { useTestApp } from '../../../test/test-app';

describe('GET /api/preferences/options/assettypes', () => {
  const ctx = useTestApp();

  it('answers an empty list before any type exists', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/preferences/options/assettypes' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists id and name in Norwegian order', async () => {
    const [aula] = await ctx.database.db
      .insert(assetTypes)
      .values([{ name: 'Aula' }, { name: 'Øvingsrom' }, { name: 'Gymsal' }])
      .returning();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/preferences/options/assettypes' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: aula!.id, name: 'Aula' },
      { id: expect.any(Number), name: 'Gymsal' },
      { id: expect.any(Number), name: 'Øvingsrom' },
    ]);
  });
});
