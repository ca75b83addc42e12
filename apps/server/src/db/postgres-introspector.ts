import {
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresDialect,
  type QueryExecutorProvider,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  column: string;
  not_null: boolean;
  has_default: boolean;
  table: string;
  table_type: string;
  schema: string;
  type: string;
  type_schema: string;
  column_description: string | null;
  auto_incrementing: boolean;
}

/**
 * Kysely's PostgreSQL introspector, which its migrator asks on every run whether the migration tables
 * exist, lists the tables of every schema in the database and calls name-based functions
 * (has_schema_privilege(name), pg_get_serial_sequence(text)) on each row. When another connection
 * drops a schema meanwhile, as every server test file does when it ends, the rows come from the
 * query's catalog snapshot but the names are resolved against the live catalog, and the migration
 * fails with `schema "test_…" does not exist` (decision 035). This one looks only at the schemas on
 * the connection's search path, the ones its unqualified queries can reach, and uses OID-based
 * functions that answer null for an object dropped meanwhile. Same result shape as Kysely's.
 */
export class SearchPathIntrospector implements DatabaseIntrospector {
  // Any Kysely instance or transaction: only raw queries run here.
  readonly #db: QueryExecutorProvider;

  constructor(db: QueryExecutorProvider) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ nspname: string }>`select nspname from pg_catalog.pg_namespace`.execute(
      this.#db,
    );
    return rows.map((row) => ({ name: row.nspname }));
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const internal = options.withInternalKyselyTables
      ? sql``
      : sql`and c.relname not in (${DEFAULT_MIGRATION_TABLE}, ${DEFAULT_MIGRATION_LOCK_TABLE})`;
    const { rows } = await sql<ColumnRow>`
      select a.attname as column, a.attnotnull as not_null, a.atthasdef as has_default,
        c.relname as table, c.relkind as table_type, ns.nspname as schema,
        typ.typname as type, dtns.nspname as type_schema,
        col_description(a.attrelid, a.attnum) as column_description,
        exists (
          select 1 from pg_catalog.pg_depend d
          join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
          where d.classid = 'pg_catalog.pg_class'::regclass and d.refclassid = 'pg_catalog.pg_class'::regclass
            and d.refobjid = c.oid and d.refobjsubid = a.attnum and d.deptype in ('a', 'i')
        ) as auto_incrementing
      from pg_catalog.pg_attribute a
      join pg_catalog.pg_class c on a.attrelid = c.oid
      join pg_catalog.pg_namespace ns on c.relnamespace = ns.oid
      join pg_catalog.pg_type typ on a.atttypid = typ.oid
      join pg_catalog.pg_namespace dtns on typ.typnamespace = dtns.oid
      where c.relkind in ('r', 'v', 'p')
        and ns.nspname = any (current_schemas(false))
        and has_schema_privilege(ns.oid, 'USAGE')
        and a.attnum >= 0 and not a.attisdropped
        ${internal}
      order by ns.nspname, c.relname, a.attnum`.execute(this.#db);
    return tablesFrom(rows);
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

function tablesFrom(rows: ColumnRow[]): TableMetadata[] {
  const tables: TableMetadata[] = [];
  const byKey = new Map<string, { columns: ColumnMetadata[] }>();
  for (const row of rows) {
    const key = `${row.schema}.${row.table}`;
    let table = byKey.get(key);
    if (!table) {
      table = { columns: [] };
      byKey.set(key, table);
      tables.push({
        name: row.table,
        schema: row.schema,
        isView: row.table_type === 'v',
        columns: table.columns,
      });
    }
    table.columns.push({
      name: row.column,
      dataType: row.type,
      dataTypeSchema: row.type_schema,
      isNullable: !row.not_null,
      hasDefaultValue: row.has_default,
      isAutoIncrementing: row.auto_incrementing,
      ...(row.column_description !== null ? { comment: row.column_description } : {}),
    });
  }
  return tables;
}

/** PostgresDialect with the introspector above. */
export class SearchPathPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}
