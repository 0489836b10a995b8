import { Column, getTableName, is, sql, type SQL, type Table } from 'drizzle-orm';

/**
 * One Drizzle selection object (what `db.select({...})` takes, nested objects included) also
 * written as a `json_build_object` for statements that answer nested JSON built by the database
 * (one round trip for many rooms). Both shapes come from the same object, so a column added to it
 * reaches both; the JSON shape only accepts columns whose value arrives the same way as JSON as
 * through the driver (a timestamp or a numeric would not), which is checked when it is built.
 */
export interface Selection {
  readonly [key: string]: Column | Selection;
}

/** Types the driver and JSON both answer as the same JavaScript value. */
const sameAsJson = new Set(['PgBoolean', 'PgInteger', 'PgSmallInt', 'PgSerial', 'PgText', 'PgVarchar', 'PgEnumColumn', 'PgDoublePrecision', 'PgReal', 'PgDateString']);

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
