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

/**
 * Calls with the same key that arrive while one of them runs wait in this process until it has
 * finished, then go on together (they do not queue behind each other), each given the value the
 * earlier call resolved with (undefined when it failed); a null key never waits. Nothing depends on
 * it for correctness (the locks and the exclusion constraint decide, across processes too): it only
 * lets a rush on one time learn its winner's outcome, so the losers answer 409 without a query.
 */
export function afterRunningSameKey<T>(): (key: string | null, work: (earlier: T | undefined) => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return async (key, work) => {
    if (key === null) return work(undefined);
    const earlier = running.get(key);
    const outcome = earlier
      ? await earlier.then(
          (value) => value,
          () => undefined,
        )
      : undefined;
    // Another waiter of the same call went first: run alongside it.
    if (running.has(key)) return work(outcome);
    const current = work(outcome);
    running.set(key, current);
    try {
      return await current;
    } finally {
      if (running.get(key) === current) running.delete(key);
    }
  };
}
