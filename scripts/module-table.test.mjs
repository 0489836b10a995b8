import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { moduleTableProblems, modulesNamedInTable, readModuleTable } from './module-table.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const architecture = (rows) =>
  [
    '# Architecture',
    '',
    '### Module names',
    '',
    '| module | what it holds |',
    '|---|---|',
    ...rows,
    '',
    '## Next',
    '| `not-a-row-of-it` | x |',
  ].join('\n');

describe('the architecture\'s module table (docs/architecture.md "Module names")', () => {
  it('names every module folder (apps/server/src/<area>/<module>), and no folder that does not exist', () => {
    const { folders, named } = readModuleTable(root);
    expect(folders.length).toBeGreaterThan(40);
    expect(moduleTableProblems(folders, named)).toEqual({ missingFromTable: [], notAFolder: [] });
  });

  it('reads the names of the first cell only, several to a row, and stops at the next heading', () => {
    const markdown = architecture([
      '| `availability/search`, `availability/schedule` | finding free times in `packages/domain` |',
      '| `platform/health` | liveness |',
    ]);
    expect(modulesNamedInTable(markdown)).toEqual(['availability/search', 'availability/schedule', 'platform/health']);
  });

  it('reports a folder the table misses and a name with no folder', () => {
    const named = modulesNamedInTable(architecture(['| `search`, `gone` | x |']));
    expect(moduleTableProblems(['search', 'health'], named)).toEqual({ missingFromTable: ['health'], notAFolder: ['gone'] });
  });
});
