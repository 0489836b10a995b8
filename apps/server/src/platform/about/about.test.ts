import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationAbout } from '../../db/schema/locations';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createLocation } from '../../../test/factories/places';

describe('GET /api/about/{locationId}', () => {
  let ctx: TestContext;
  let withTexts: number;
  let withoutTexts: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    withTexts = (await createLocation(ctx.database.db)).id;
    withoutTexts = (await createLocation(ctx.database.db)).id;
    await ctx.database.db
      .insert(locationAbout)
      .values({ locationId: withTexts, whoCanApply: '<p>Alle</p>', locationCosts: '<p>Gratis</p>', loanCriteria: null });
  });
  afterAll(() => ctx.close());

  const get = (id: string | number) => ctx.app.inject({ method: 'GET', url: `/api/about/${id}` });

  it('answers the texts of a location', async () => {
    const res = await get(withTexts);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ whoCanApply: '<p>Alle</p>', locationCosts: '<p>Gratis</p>', loanCriteria: null });
  });

  it('answers nulls for a location without texts', async () => {
    const res = await get(withoutTexts);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ whoCanApply: null, locationCosts: null, loanCriteria: null });
  });

  it('answers 404 with the error shape for an unknown location', async () => {
    const res = await get(999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', msg: expect.any(String), userMsg: expect.any(String) });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 for the id %s', async (id) => {
    const res = await get(id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: [expect.objectContaining({ path: 'params.locationId' })] });
  });
});
