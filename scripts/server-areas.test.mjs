import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { serverAreas, serverLayers } from './server-areas.mjs';

// The server's areas (scripts/server-areas.mjs) and the ESLint zones between them (eslint.config.js).
const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'apps/server/src');
const eslint = new ESLint({ cwd: root });

async function zoneRefusals(file, code) {
  const [result] = await eslint.lintText(code, { filePath: join(src, file) });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

// ESLint's first run loads the whole configuration and the TypeScript parser: seconds on a busy machine.
describe('the server areas (scripts/server-areas.mjs)', { timeout: 60_000 }, () => {
  it('are every folder under apps/server/src besides the layers, each with a README.md and an index.ts', () => {
    const folders = readdirSync(src, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(folders).toEqual([...serverAreas.map((a) => a.name), ...serverLayers].sort());
    for (const area of serverAreas) {
      expect(existsSync(join(src, area.name, 'README.md')), `${area.name}/README.md`).toBe(true);
      expect(existsSync(join(src, area.name, 'index.ts')), `${area.name}/index.ts`).toBe(true);
    }
  });

  it("name each of their modules in their README's table", () => {
    for (const area of serverAreas) {
      const readme = readFileSync(join(src, area.name, 'README.md'), 'utf8');
      const modules = readdirSync(join(src, area.name), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
      for (const module of modules) expect(readme, `${area.name}/README.md names ${module}`).toContain(`| \`${module}\` |`);
    }
  });

  it('use only areas listed before them, so there is no loop', () => {
    serverAreas.forEach((area, index) => {
      const before = serverAreas.slice(0, index).map((a) => a.name);
      for (const used of area.uses) expect(before, `${area.name} uses ${used}`).toContain(used);
    });
  });

  it("lets an area import another's public entry, and refuses its inner files", async () => {
    expect(
      await zoneRefusals('casework/some-module/x.ts', "import { changeStatus } from '../../bookings';\nexport const f = changeStatus;\n"),
    ).toEqual([]);
    const inner = await zoneRefusals(
      'casework/some-module/x.ts',
      "import { changeStatus } from '../../bookings/bookings/change-status';\nexport const f = changeStatus;\n",
    );
    expect(inner).toHaveLength(1);
    expect(inner[0]).toContain('uses bookings through its public entry only');
  });

  it('refuses an area that is not in the uses list, even through its public entry', async () => {
    const refused = await zoneRefusals(
      'locations/some-module/x.ts',
      "import { changeStatus } from '../../bookings';\nexport const f = changeStatus;\n",
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain('The locations area does not use bookings');
  });

  it('refuses an area in a layer, and the seed in production code, but lets tests use both', async () => {
    expect(await zoneRefusals('db/x.ts', "import { changeStatus } from '../bookings';\nexport const f = changeStatus;\n")).toHaveLength(1);
    const seed = "import { testCitizens } from '../../seed/test-users';\nexport const f = testCitizens;\n";
    expect(await zoneRefusals('bookings/some-module/x.ts', seed)).toHaveLength(1);
    expect(await zoneRefusals('bookings/some-module/x.test.ts', seed)).toEqual([]);
    expect(
      await zoneRefusals(
        'bookings/some-module/x.test.ts',
        "import { x } from '../../casework/admin-approval/repository';\nexport const f = x;\n",
      ),
    ).toEqual([]);
  });
});
