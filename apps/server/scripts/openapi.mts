// Writes the API document as /api/docs/json serves it (decision 059), from the whole app on an
// in-memory database with every document on:
//   tsx scripts/openapi.mts               print it
//   tsx scripts/openapi.mts <file>        write it to <file>
//   tsx scripts/openapi.mts --release     write it as the released version, openapi/released/<info.version>.json
//   tsx scripts/openapi.mts --changes     print its breaking changes since the last release (docs/api-changelog.md lists them)
// A release's snapshot is what openapi-versioning.test.ts compares the current document with (decision 062).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../src/http/openapi-document';
import { breakingChanges } from '../src/http/openapi-breaking';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const document = await buildOpenApiDocument();
const text = `${JSON.stringify(document, null, 2)}\n`;
const target = process.argv[2];
if (target === '--changes') {
  const released = path.join(serverRoot, 'openapi', 'released');
  const versions = fs.readdirSync(released).map((f) =>
    f
      .replace(/\.json$/, '')
      .split('.')
      .map(Number),
  );
  const [last] = versions.sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]! || b[2]! - a[2]!);
  const before = JSON.parse(fs.readFileSync(path.join(released, `${last!.join('.')}.json`), 'utf8')) as Parameters<
    typeof breakingChanges
  >[0];
  for (const change of breakingChanges(before, document)) console.log(`- \`${change.key}\``);
} else if (target === '--release') {
  const file = path.join(serverRoot, 'openapi', 'released', `${document.info.version}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
} else if (target) fs.writeFileSync(target, text);
else process.stdout.write(text);
