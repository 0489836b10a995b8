import { describe, expect, it } from 'vitest';
import { geographicAreas } from '../../db/schema/geography';
import { districts } from '../../seed/districts';
import { seedDemoDataIfEmpty } from '../../seed/index';
import { useTestApp } from '../../../test/test-app';
import { truncateAll } from '../../../test/test-db';

describe('GET /api/geographicareas', () => {
  const ctx = useTestApp();

  it('lists the demo districts in Norwegian order, without "unknown"', async () => {
    await seedDemoDataIfEmpty(ctx.database.db, { today: '2031-01-15' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/geographicareas' });
    expect(res.statusCode).toBe(200);
    const areas = res.json() as Array<{ id: string; name: string }>;
    expect(areas).toHaveLength(districts.length);
    expect(areas.map((a) => a.id)).not.toContain('unknown');
    expect(areas[0]).toEqual({ id: 'alna', name: 'Alna' });
    const names = areas.map((a) => a.name);
    // æøå come after z: Søndre Nordstrand after Stovner, Østensjø last.
    expect(names.indexOf('Søndre Nordstrand')).toBeGreaterThan(names.indexOf('Stovner'));
    expect(names.at(-1)).toBe('Østensjø');
  });

  it('answers an empty list when there are no areas', async () => {
    await truncateAll(ctx.database);
    await ctx.database.db.insert(geographicAreas).values({ id: 'unknown', name: 'Ukjent' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/geographicareas' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
