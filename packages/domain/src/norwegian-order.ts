/**
 * Norwegian alphabetical order (… x, y, z, æ, ø, å), which neither JavaScript's default sort nor
 * PostgreSQL's default collation (C in PGlite) gives: 'Østensjø' must come after 'Vestre Aker'.
 */
const collator = new Intl.Collator('nb', { sensitivity: 'base', numeric: true });

export function compareNorwegian(a: string, b: string): number {
  return collator.compare(a, b);
}

export function sortByNorwegianName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareNorwegian(a.name, b.name));
}
