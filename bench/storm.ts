import { formatStormReport } from './storm/report';
import { runStorm } from './storm/storm';

/**
 * Decision 016 at full size: `npm run storm -w bench [-- --clients=200 --admins=4 --seconds=30 --rooms=5 --think=500 --no-kill --no-terminate --cpu-prof=DIR]`.
 * Needs a PostgreSQL server at BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * the storm creates a database of its own there and drops it afterwards. Prints the figures; the exit
 * code is 1 when a correctness check failed (overlaps, unretried errors, e-mail lost or doubled).
 */
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const flag = (name: string) => process.argv.includes(`--${name}`);

const report = await runStorm({
  serverUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  clients: Number(option('clients') ?? 200),
  admins: Number(option('admins') ?? 4),
  seconds: Number(option('seconds') ?? 30),
  rooms: Number(option('rooms') ?? 5),
  thinkMs: Number(option('think') ?? 500),
  kill: !flag('no-kill'),
  terminate: !flag('no-terminate'),
  cpuProfileDir: option('cpu-prof'),
  log: (line) => console.log(line),
});
console.log(formatStormReport(report));
const broken =
  report.overlaps ||
  report.fiveHundredsWithoutRetryAfter ||
  report.unretriedDeadlocks ||
  report.mail.lost ||
  report.mail.duplicates ||
  report.mail.markedSent !== report.mail.queued ||
  report.jobsRunAgain !== report.jobsLeasedAtKill ||
  report.worksAfterTerminate === false;
if (broken) {
  console.log(`\nprocesses at the end: ${report.exits.join(', ')}`);
  report.serverLogs.forEach((output, i) =>
    console.log(`\n--- process ${i ? 'B' : 'A'} (last 40 lines) ---\n${output.trim().split('\n').slice(-40).join('\n')}`),
  );
}
process.exit(broken ? 1 : 0);
