import type { Db } from '../src/db/client';

const queryStarts = ['select', 'selectDistinct', 'execute', 'insert', 'update', 'delete'];

/**
 * A Db that counts the queries started through it (select/insert/execute…), to catch N+1: a list's
 * count must not grow with its length. `alsoCount` names more properties that start one, such as
 * 'session', which a prepared statement (db/client.ts preparedQuery) takes once per run.
 */
export function countingDb(db: Db, alsoCount: string[] = []): { db: Db; count: () => number } {
  const counted = [...queryStarts, ...alsoCount];
  let n = 0;
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (counted.includes(String(property))) n++;
      return Reflect.get(target, property, receiver);
    },
  });
  return { db: proxy, count: () => n };
}
