import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// eslint.config.js: only apps/server/src/bookings/bookings (and seed) may write bookings, reservations and the change log.
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const messages = 'Only the bookings module writes bookings, reservations and the change log';

async function refusals(file, code) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result.messages.filter((m) => m.message.startsWith(messages)).length;
}

const drizzleWrite =
  "import { bookings } from '../../db/schema/bookings';\nimport type { Tx } from '../../db/client';\nexport const f = (tx: Tx) => tx.update(bookings).set({ status: 'APPROVED' });\n";
const sqlWrites =
  "import { sql } from 'drizzle-orm';\nexport const a = sql`update reservations r set status = 'APPROVED'`;\nexport const b = sql`insert into change_log (booking_id) values (1)`;\nexport const c = sql`delete from bookings where id = 1`;\n";
const reads = "import { sql } from 'drizzle-orm';\nexport const a = sql`select id from reservations where status = 'APPROVED'`;\n";

describe('the lint rule on the booking tables (eslint.config.js)', { timeout: 60_000 }, () => {
  it('refuses a write outside the bookings module, as Drizzle calls and as SQL text', async () => {
    expect(await refusals('apps/server/src/bookings/claim/some-repository.ts', drizzleWrite)).toBe(1);
    expect(await refusals('apps/server/src/casework/round-allocation/some-repository.ts', sqlWrites)).toBe(3);
  });

  it('allows the bookings module, the demo data, tests and reads', async () => {
    expect(await refusals('apps/server/src/bookings/bookings/some-repository.ts', drizzleWrite + sqlWrites)).toBe(0);
    expect(await refusals('apps/server/src/seed/some-seed.ts', sqlWrites)).toBe(0);
    expect(await refusals('apps/server/src/bookings/claim/claim.test.ts', sqlWrites)).toBe(0);
    expect(await refusals('apps/server/src/bookings/claim/some-repository.ts', reads)).toBe(0);
  });
});
