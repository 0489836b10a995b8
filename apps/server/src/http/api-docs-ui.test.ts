import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';

/**
 * The API document's page at /api/docs with every file it loads (@fastify/swagger-ui serves them
 * through its own @fastify/static): a swagger-ui or @fastify/static upgrade that breaks the files
 * leaves the page blank, which the JSON tests of the document do not see.
 */
describe("the API document's page", () => {
  const ctx = useTestApp();

  it('serves /api/docs and every script and style sheet it names', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const files = [...page.body.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(files).toEqual(expect.arrayContaining(['static/swagger-ui-bundle.js', 'static/swagger-ui.css']));
    for (const file of files) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/docs/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type'], file).toMatch(file.endsWith('.js') ? /javascript/ : /^text\/css/);
      expect(res.body.length, file).toBeGreaterThan(100);
    }
  });
});
