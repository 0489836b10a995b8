import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverAreas } from './server-areas.mjs';

/** The module folders the "Module names" table of docs/architecture.md names, from the first cell of each row. */
export function modulesNamedInTable(markdown) {
  const start = markdown.indexOf('### Module names');
  if (start < 0) throw new Error('docs/architecture.md has no "### Module names" section');
  // The section ends at the next heading of any level.
  const rest = markdown.slice(start + 1);
  const end = rest.search(/\n#{1,6} /);
  const section = end < 0 ? rest : rest.slice(0, end);
  const names = [];
  for (const line of section.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1];
    if (firstCell === undefined) continue;
    for (const match of firstCell.matchAll(/`([^`]+)`/g)) names.push(match[1]);
  }
  return names;
}

/** What is wrong between the folders and the table: folders it misses, names with no folder. */
export function moduleTableProblems(folders, named) {
  const inTable = new Set(named);
  const onDisk = new Set(folders);
  return {
    missingFromTable: folders.filter((folder) => !inTable.has(folder)).sort(),
    notAFolder: [...inTable].filter((name) => !onDisk.has(name)).sort(),
  };
}

/** The module folders (`<area>/<module>` under apps/server/src) and the names in the table, read from the repository at `root`. */
export function readModuleTable(root) {
  const folders = serverAreas.flatMap((area) =>
    readdirSync(join(root, 'apps/server/src', area.name), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${area.name}/${entry.name}`),
  );
  const named = modulesNamedInTable(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));
  return { folders, named };
}
