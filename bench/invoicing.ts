import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { InvoiceRunResponse } from '@lokaler/domain/invoices';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { buildApp } from '../apps/server/src/app';
import { syncInvoiceBasisOfPricedBookings } from '../apps/server/src/casework';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, queryRows } from '../apps/server/src/db/client';
import { writeTransaction } from '../apps/server/src/db/write-transaction';
import type { LocalOrgRegistry } from '../apps/server/src/integrations/org-registry/local-org-registry';
import { testAdmins } from '../apps/server/src/seed/test-users';
import { signAccessToken } from '../apps/server/test/access-tokens';
import { cityDatabaseUrl, onBenchServer } from './bench-database';
import { percentile } from './percentile';

/**
 * Decision 071's target: making a month's invoices for the busiest location of the city-scale data set
 * (POST /api/admin/location/{id}/invoicing/run) takes ≤ 5 s.
 *
 * The real app (buildApp, every module) on PostgreSQL, in this process, the run through app.inject as the
 * location's administrator. The data set is generate-city.ts's (1,000 locations, 6,000 rooms, 1,000,000
 * reservations at scale 1) in a database of its own (default lokaler_invoicing_bench, built when missing at
 * --scale, dropped at the end unless --keep). The generator prices nothing, so this adds once, by SQL and the
 * basis's own step: the location with the most approved reservations next month gets the demo's price list,
 * its approved bookings the category COST (priced by the location's list, decision 071) and an organisation
 * for two in three, and every booking its invoice basis; the location's invoicing is turned on and every
 * organisation has an invoice address. Each measured run starts from the same state: the previous run's
 * invoices, outbox rows and log entries are deleted and its lines opened again (not measured).
 *
 *   npx tsx bench/invoicing.ts [--runs=3] [--database=lokaler_invoicing_bench] [--scale=1] [--keep]
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const RUNS = Number(option('runs') ?? 3);
const DB_NAME = option('database') ?? 'lokaler_invoicing_bench';
const KEEP = process.argv.includes('--keep');
const TARGET_MS = 5000;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const url = await cityDatabaseUrl(DB_NAME, 'invoicing', option('scale') ?? '1');

const database = await openDatabase({ engine: 'postgres', url });
await database.migrate();
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', DATABASE_URL: url });
const app = await buildApp({ config, database, logger: false, jobs: { run: false } });
try {
  await app.ready();
  const db = database.db;
  const today = todayInOslo(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  const period = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;

  // The busiest location: the most approved reservations in the month.
  const [busiest] = await queryRows<{ id: number; name: string; reservations: number; bookings: number }>(
    db,
    sql`select a.location_id as id, l.name, count(*)::int as reservations, count(distinct r.booking_id)::int as bookings
      from reservations r join bookable_assets a on a.id = r.bookable_asset_id join locations l on l.id = a.location_id
      where r.status = 'APPROVED' and to_char(r.date, 'YYYY-MM') = ${period}
      group by a.location_id, l.name order by count(*) desc limit 1`,
  );
  if (!busiest) throw new Error(`no approved reservations in ${period}`);
  const locationId = Number(busiest.id);

  const [{ lines } = { lines: 0 }] = await queryRows<{ lines: number }>(
    db,
    sql`select count(*)::int as lines from invoice_basis_lines l join bookings b on b.id = l.booking_id where b.location_id = ${locationId}`,
  );
  if (lines === 0) {
    const started = performance.now();
    // The generator's hash to [0, 1) (its bench.u, dropped with its schema at the end).
    const u = (key: string) => sql.raw(`((hashint8((${key})::bigint) & 2147483647)::float8 / 2147483648.0)`);
    await db.execute(sql`
      insert into selvkost_prices (location_id, lokalkategori1_ore, lokalkategori2_ore, lokalkategori3_ore, etablering_semesterlan_ore,
        etablering_engangsutleie_ore, time_tilsynsvakt_ore, time_ekstra_renhold_ore)
      values (${locationId}, 15000, 30000, 60000, 50000, 25000, 45000, 55000) on conflict do nothing`);
    await db.execute(sql`
      update bookings b set cost_category = 'COST',
        organization_number = case when ${u('b.id * 13 + 1')} < 0.67 then lpad((900000000 + b.id % 5000)::text, 9, '0') end,
        organization_name = case when ${u('b.id * 13 + 1')} < 0.67 then 'Forening ' || (b.id % 5000) end
      where b.location_id = ${locationId} and b.status = 'APPROVED'`);
    const synced = await writeTransaction(db, (tx) => syncInvoiceBasisOfPricedBookings(tx));
    await db.execute(sql`analyze invoice_basis_lines`);
    console.log(`[invoicing] priced ${synced} bookings and wrote their basis in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await db.execute(sql`
    insert into location_invoice_settings (location_id, enabled) values (${locationId}, true)
    on conflict (location_id) do update set enabled = true`);
  await db.execute(
    sql`insert into location_admins (location_id, email) values (${locationId}, ${testAdmins[0]!.email.toLowerCase()}) on conflict do nothing`,
  );
  const registry = app.orgRegistry as LocalOrgRegistry;
  const orgs = await queryRows<{ orgnr: string }>(
    db,
    sql`select distinct organization_number as orgnr from bookings where location_id = ${locationId} and organization_number is not null`,
  );
  for (const { orgnr } of orgs)
    registry.setInvoiceAddress(orgnr, { addressLine: 'Postboks 1', postalCode: '0101', city: 'Oslo', countryCode: 'NO' });

  const token = await signAccessToken(app, {
    claims: {
      sub: testAdmins[0]!.sub,
      client_id: app.config.oidc.adminClientId,
      name: 'Siri Saksbehandler',
      email: testAdmins[0]!.email,
      acr: undefined,
      pid: undefined,
    },
  });

  /** The state before a run: no invoices of the location, its lines open again (not measured). */
  const reset = async () => {
    await writeTransaction(db, async (tx) => {
      await tx.execute(sql`
        update invoice_basis_lines l set status = 'OPEN', invoiced_at = null, invoice_id = null
        from bookings b where b.id = l.booking_id and b.location_id = ${locationId} and l.status = 'INVOICED'`);
      await tx.execute(sql`delete from invoice_outbox where run_id in (select id from invoice_runs where location_id = ${locationId})`);
      await tx.execute(sql`delete from invoices where location_id = ${locationId}`);
      await tx.execute(sql`delete from invoice_runs where location_id = ${locationId}`);
      await tx.execute(
        sql`delete from change_log where type = 'InvoiceIssued' and booking_id in (select id from bookings where location_id = ${locationId})`,
      );
    });
  };

  const [counts] = await queryRows<{ rooms: number; reservations: number; lines: number; open: number }>(
    db,
    sql`select (select count(*) from bookable_assets)::int as rooms, (select count(*) from reservations)::int as reservations,
      (select count(*) from invoice_basis_lines l join bookings b on b.id = l.booking_id where b.location_id = ${locationId})::int as lines,
      (select count(*) from invoice_basis_lines l join bookings b on b.id = l.booking_id
        where b.location_id = ${locationId} and l.period <= ${period})::int as open`,
  );
  console.log(
    `[invoicing] ${counts!.rooms} rooms, ${counts!.reservations} reservations; busiest location in ${period}: '${busiest.name}' ` +
      `(${busiest.reservations} approved reservations of ${busiest.bookings} bookings that month; ${counts!.lines} basis lines, ${counts!.open} up to ${period})`,
  );
  const samples: number[] = [];
  let last: InvoiceRunResponse | undefined;
  for (let i = 0; i < RUNS; i++) {
    await reset();
    const before = load();
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/location/${locationId}/invoicing/run`,
      headers: { authorization: `Bearer ${token}` },
      payload: { period },
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`the run answered ${res.statusCode}: ${res.body}`);
    last = res.json<InvoiceRunResponse>();
    samples.push(ms);
    console.log(`[invoicing] run ${i + 1}: ${ms.toFixed(0)} ms (load average before ${before}, after ${load()})`);
  }
  const made = last?.made ?? [];
  console.log(
    `[invoicing] ${made.length} invoices (${made.filter((i) => i.channel === 'EHF').length} EHF, ${made.filter((i) => i.channel === 'ERP').length} ERP ` +
      `in one file), ${last?.skipped.length ?? 0} skipped; p50 ${percentile(samples, 50).toFixed(0)} ms, max ${Math.max(...samples).toFixed(0)} ms ` +
      `— target ≤ ${TARGET_MS} ms: ${Math.max(...samples) <= TARGET_MS ? 'met' : 'NOT met'}; load average ${load()}`,
  );
} finally {
  await app.close();
  await database.close();
  if (!KEEP) await onBenchServer(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
