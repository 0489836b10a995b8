/** A SQL string literal for the generator's own constants (never user input). */
export function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
