import type { StormReport } from './storm';

/** The storm's figures as plain-text tables (bench/storm.ts prints them, the CI test logs them). */
export function formatStormReport(report: StormReport): string {
  const lines: string[] = [];
  const o = report.options;
  lines.push(
    `storm: ${o.clients} citizens, ${o.admins} administrators, ${o.rooms} rooms, ${o.seconds} s, think ≤ ${o.thinkMs} ms, kill ${o.kill ? 'on' : 'off'}, terminate ${o.terminate ? 'on' : 'off'}`,
  );
  lines.push('');
  lines.push('| phase | request | answers | 2xx | 409 | other 4xx | 503 | other 5xx | no answer | timed out (30 s) |');
  lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const phases = [...new Set(report.answers.map((a) => a.phase))];
  const kinds = [...new Set(report.answers.map((a) => a.kind))];
  for (const phase of phases) {
    for (const kind of kinds) {
      const list = report.answers.filter((a) => a.phase === phase && a.kind === kind);
      if (!list.length) continue;
      const count = (f: (s: number) => boolean) => list.filter((a) => f(a.status)).length;
      lines.push(
        `| ${phase} | ${kind} | ${list.length} | ${count((s) => s >= 200 && s < 300)} | ${count((s) => s === 409)} | ${count((s) => s >= 400 && s < 500 && s !== 409)} | ${count((s) => s === 503)} | ${count((s) => s >= 500 && s !== 503)} | ${list.filter((a) => a.status === 0 && !a.error?.includes('TimeoutError')).length} | ${list.filter((a) => a.error?.includes('TimeoutError')).length} |`,
      );
    }
  }
  lines.push('');
  lines.push('| check | measured | target |');
  lines.push('|---|---:|---:|');
  const row = (name: string, value: string | number, target: string) => lines.push(`| ${name} | ${value} | ${target} |`);
  row(
    'booking creation p50 / p95 / max (ms)',
    `${report.bookingMs.p50.toFixed(0)} / ${report.bookingMs.p95.toFixed(0)} / ${report.bookingMs.max.toFixed(0)}`,
    'p95 ≤ 300',
  );
  row('overlapping active reservations', report.overlaps, '0');
  row(
    '5xx answers (of them 503 without Retry-After or other 5xx)',
    `${report.fiveHundreds} (${report.fiveHundredsWithoutRetryAfter})`,
    '0 (503 + Retry-After only in a blip)',
  );
  row('deadlocks detected by PostgreSQL', report.deadlocksDetected, 'retried');
  row("deadlock/serialization errors in the servers' logs (unretried)", report.unretriedDeadlocks, '0');
  row('e-mails queued / marked sent / files', `${report.mail.queued} / ${report.mail.markedSent} / ${report.mail.files}`, 'all equal');
  row(
    'e-mails lost / delivered twice (of them with a repeated Message-ID)',
    `${report.mail.lost} / ${report.mail.duplicates} (${report.mail.sameMessageId})`,
    '0 / 0',
  );
  row('resends by the outbox after the kill, deduplicated by Message-ID', report.mail.resendsDeduplicated, 'any (at-least-once sender)');
  if (o.kill) row('jobs leased by the killed process / run again after it', `${report.jobsLeasedAtKill} / ${report.jobsRunAgain}`, 'equal');
  if (o.kill) row('requests without an answer (the killed process)', report.connectionErrors, 'only in flight at the kill');
  if (o.terminate) row('works after pg_terminate_backend (ready + a booking)', String(report.worksAfterTerminate), 'true');
  const answered = report.answers.filter((a) => a.status > 0).length;
  const { cpu } = report;
  if (answered && cpu.servers + cpu.postgres > 0) {
    const per = (ms: number) => (ms / answered).toFixed(2);
    lines.push('');
    lines.push(
      `CPU over ${(cpu.wallMs / 1000).toFixed(1)} s and ${answered} answered requests (${(answered / (cpu.wallMs / 1000)).toFixed(0)}/s): ` +
        `servers ${per(cpu.servers)} + PostgreSQL ${per(cpu.postgres)} + load generator ${per(cpu.loadGenerator)} = ${per(cpu.servers + cpu.postgres + cpu.loadGenerator)} ms per request; ` +
        `${((cpu.servers + cpu.postgres + cpu.loadGenerator) / cpu.wallMs).toFixed(2)} cores busy on average`,
    );
  }
  return lines.join('\n');
}
