/**
 * Runs a multi-row insert per chunk: one statement per few hundred rows keeps the seed fast on PGlite
 * while staying far below PostgreSQL's 65,535 bind parameters per statement.
 */
export async function inChunks<T, R>(rows: readonly T[], insert: (chunk: T[]) => Promise<R[]>, size = 500): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < rows.length; i += size) {
    results.push(...(await insert(rows.slice(i, i + size))));
  }
  return results;
}
