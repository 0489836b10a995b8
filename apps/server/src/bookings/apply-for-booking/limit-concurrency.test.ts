import { describe, expect, it } from 'vitest';
import { afterRunningSameKey, limitConcurrency } from './limit-concurrency';

/** A promise with its resolve and reject, to finish work when the test says so. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('limitConcurrency', () => {
  it('runs at most max calls at once, the others in order of arrival', async () => {
    const limit = limitConcurrency(2);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const calls = gates.map((gate, i) =>
      limit(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(calls)).toEqual([0, 1, 2]);
  });
});

describe('afterRunningSameKey', () => {
  it('lets calls of a key that is running wait until it has finished, then run together', async () => {
    const after = afterRunningSameKey();
    const first = deferred<string>();
    const log: string[] = [];
    const running = after('room 1 10:00', async () => {
      log.push('first');
      return first.promise;
    });
    const waiting = ['second', 'third'].map((name) =>
      after('room 1 10:00', async () => {
        log.push(name);
        return name;
      }),
    );
    const other = after('room 1 11:00', async () => {
      log.push('other time');
      return 'other';
    });
    await tick();
    expect(log).toEqual(['first', 'other time']);
    first.resolve('first');
    expect(await Promise.all([running, ...waiting, other])).toEqual(['first', 'second', 'third', 'other']);
    expect(log).toEqual(['first', 'other time', 'second', 'third']);
  });

  it("gives the waiters the running call's value, and undefined when it failed", async () => {
    const after = afterRunningSameKey<string>();
    const first = deferred<string>();
    const seen: Array<string | undefined> = [];
    const running = after('k', async (earlier) => {
      seen.push(earlier);
      return first.promise;
    });
    const waiters = [1, 2].map((n) =>
      after('k', async (earlier) => {
        seen.push(earlier);
        return `waiter ${n}`;
      }),
    );
    await tick();
    first.resolve('taken by the first');
    await Promise.all([running, ...waiters]);
    expect(seen).toEqual([undefined, 'taken by the first', 'taken by the first']);

    const failing = deferred<string>();
    const failed = after('k', async () => failing.promise);
    const afterFailure = after('k', async (earlier) => String(earlier));
    failing.reject(new Error('refused'));
    await expect(failed).rejects.toThrow('refused');
    expect(await afterFailure).toBe('undefined');
  });

  it('lets the waiters go when the running call fails, and never waits for a null key', async () => {
    const after = afterRunningSameKey();
    const first = deferred<string>();
    const log: string[] = [];
    const failing = after('k', async () => first.promise);
    const waiter = after('k', async () => {
      log.push('waiter');
      return 'waiter';
    });
    const unkeyed = [
      after(null, async () => {
        log.push('null 1');
        return first.promise;
      }),
      after(null, async () => {
        log.push('null 2');
        return 'n';
      }),
    ];
    await tick();
    expect(log).toEqual(['null 1', 'null 2']);
    first.reject(new Error('taken'));
    await expect(failing).rejects.toThrow('taken');
    expect(await waiter).toBe('waiter');
    await expect(unkeyed[0]).rejects.toThrow('taken');
  });
});
