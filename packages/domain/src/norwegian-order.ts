/**
 * Norwegian alphabetical order (… x, y, z, æ, ø, å), which neither JavaScript's default sort nor
 * PostgreSQL's default collation (C in PGlite) gives: 'Østensjø' must come after 'Vestre Aker'.
 */
/** Made at its first use, not when the module loads (≈ 90 ms at 4× CPU on a phone: the locale's collation data). */
let collator: Intl.Collator | undefined;

export function compareNorwegian(a: string, b: string): number {
  collator ??= new Intl.Collator('nb', { sensitivity: 'base', numeric: true });
  return collator.compare(a, b);
}

export function sortByNorwegianName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareNorwegian(a.name, b.name));
}
