import fs from 'node:fs';

/** CPU time (user + system) of one process so far, in ms, from /proc/{pid}/stat; null when it is gone or there is no /proc. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * Adds up the CPU time a set of processes spend from now on: call sample(pids) now and then (every
 * pid's latest reading is kept, so a process that ends keeps what was read last), total() at the end.
 * A pid seen first counts from its first reading if it was there at the start (`start` readings),
 * else from zero (a PostgreSQL backend born during the measurement).
 */
export class CpuMeter {
  private readonly first = new Map<number, number>();
  private readonly latest = new Map<number, number>();
  private started = false;

  sample(pids: Iterable<number>): void {
    for (const pid of pids) {
      const ms = processCpuMs(pid);
      if (ms === null) continue;
      if (!this.first.has(pid)) this.first.set(pid, this.started ? 0 : ms);
      this.latest.set(pid, ms);
    }
  }

  /** Marks the start: pids sampled before count from their reading, later ones from zero. */
  start(pids: Iterable<number>): void {
    this.sample(pids);
    this.started = true;
  }

  total(): number {
    let ms = 0;
    for (const [pid, last] of this.latest) ms += last - (this.first.get(pid) ?? 0);
    return ms;
  }
}
