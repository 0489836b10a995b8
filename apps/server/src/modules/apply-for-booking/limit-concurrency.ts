/**
 * At most `max` calls of the wrapped function run at once in this process; the others wait here, in
 * order of arrival. Booking transactions wait for their rooms' advisory locks while holding a pool
 * connection: without a limit, a rush on one room parks every connection of the pool in that queue,
 * and everything else (token checks, calendar reads, the rush's own early refusals) waits for a
 * connection. The advisory locks stay the guarantee; this only keeps the pool free for other work.
 */
export function limitConcurrency(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };
  return async (work) => {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      release();
    }
  };
}
