import { Column, getTableName, is, sql, type SQL, type Table } from 'drizzle-orm';

/**
 * One Drizzle selection object (what `db.select({...})` takes, nested objects included) also
 * written for hand-written statements: as a `json_build_object` where the database builds nested
 * JSON (one round trip for many rooms), or as plain columns named by their path, read back by
 * nestedReader (cheaper than JSON for thousands of rows). Every shape comes from the same object, so a
 * column added to it reaches all; the hand-written shapes bypass Drizzle's decoding, so they only
 * accept columns whose value arrives the same way whichever way it is read (a timestamp or a
 * numeric would not), which is checked when the statement is built.
 */
export interface Selection {
  readonly [key: string]: Column | Selection;
}

/** Types the driver and JSON both answer as the same JavaScript value. */
const sameAsJson = new Set([
  'PgBoolean',
  'PgInteger',
  'PgSmallInt',
  'PgSerial',
  'PgText',
  'PgVarchar',
  'PgEnumColumn',
  'PgDoublePrecision',
  'PgReal',
  'PgDateString',
]);

/**
 * The selection as `json_build_object('key', alias.column, …)`, nested objects nested. `aliases`
 * names each table's alias in the statement; a column of a table without one is an error at startup.
 */
export function jsonObjectSql(selection: Selection, aliases: ReadonlyMap<Table, string>): SQL {
  const pairs = Object.entries(selection).map(([key, value]) => {
    if (!/^\w+$/.test(key)) throw new Error(`Selection key '${key}' cannot be a JSON key literal`);
    return sql`${sql.raw(`'${key}'`)}, ${is(value, Column) ? aliasedColumn(value, aliases) : jsonObjectSql(value as Selection, aliases)}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

function aliasedColumn(column: Column, aliases: ReadonlyMap<Table, string>): SQL {
  const alias = aliases.get(column.table);
  if (alias === undefined) throw new Error(`No alias for table ${getTableName(column.table)} (column ${column.name})`);
  if (!sameAsJson.has(column.columnType)) throw new Error(`Column ${column.name} (${column.columnType}) would arrive differently as JSON`);
  return sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
}

/** The selection as plain columns `alias.column as "path.key"`, for a hand-written select list. */
export function pathColumnsSql(selection: Selection, aliases: ReadonlyMap<Table, string>, path: string): SQL {
  return sql.join(
    Object.entries(selection).map(([key, value]) =>
      is(value, Column)
        ? sql`${aliasedColumn(value, aliases)} as ${sql.identifier(`${path}.${key}`)}`
        : pathColumnsSql(value as Selection, aliases, `${path}.${key}`),
    ),
    sql`, `,
  );
}

/**
 * Reads pathColumnsSql's columns of a row back into the selection's nesting. Built once per
 * selection: walking the selection for each row (Drizzle's `is` per column) made reading 6,000 rooms
 * take 18 ms more; the built reader costs under a millisecond.
 */
export function nestedReader(selection: Selection, path: string): (row: Readonly<Record<string, unknown>>) => Record<string, unknown> {
  const parts = Object.entries(selection).map(([key, value]) =>
    is(value, Column)
      ? { key, column: `${path}.${key}`, nested: undefined }
      : { key, column: undefined, nested: nestedReader(value as Selection, `${path}.${key}`) },
  );
  return (row) => {
    const nested: Record<string, unknown> = {};
    for (const part of parts) nested[part.key] = part.nested ? part.nested(row) : row[part.column!];
    return nested;
  };
}
