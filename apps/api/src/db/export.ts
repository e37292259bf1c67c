/**
 * Moving a site from the embedded database to PostgreSQL (`npm run db:export`).
 *
 * PostgreSQL's own `pg_dump` cannot read the embedded database: PGlite is PostgreSQL 17, and a
 * dump tool refuses a server newer than itself. So the export is logical and ours: the schema is
 * the project's own migrations (the same files PostgreSQL would run), and the data is every table's
 * rows, read in one repeatable-read snapshot and written back with `json_populate_recordset`, in an
 * order that satisfies the foreign keys, followed by the sequences. Either straight into an empty
 * PostgreSQL database (`--to URL`), or as one SQL file that `psql -f` loads in a transaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Database } from './client';
import { migrationsFolder } from './migrate';

const BATCH = 2_000;

export interface TableInfo {
  name: string;
  /** Columns to order by (the primary key), so a self-reference meets its parent first. */
  order: string[];
  serials: { column: string; sequence: string }[];
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The public tables, parents before children (foreign keys), with their keys and sequences. */
export async function tablesInOrder(client: pg.ClientBase): Promise<TableInfo[]> {
  const tables = (await client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).rows.map((r) => r.name);
  const fks = (
    await client.query<{ child: string; parent: string }>(
      `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent FROM pg_constraint c
       JOIN pg_namespace n ON n.oid = c.connamespace WHERE c.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows.map((r) => ({ child: r.child.replace(/^"|"$/g, ''), parent: r.parent.replace(/^"|"$/g, '') }));
  const keys = (
    await client.query<{ table: string; column: string }>(
      `SELECT c.conrelid::regclass::text AS table, a.attname AS column FROM pg_constraint c
       JOIN pg_namespace n ON n.oid = c.connamespace
       JOIN LATERAL unnest(c.conkey) WITH ORDINALITY k(attnum, ord) ON true
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
       WHERE c.contype = 'p' AND n.nspname = 'public' ORDER BY c.conrelid, k.ord`,
    )
  ).rows;
  const serials = (
    await client.query<{ table: string; column: string; sequence: string }>(
      `SELECT table_name AS table, column_name AS column, pg_get_serial_sequence(quote_ident(table_name), column_name) AS sequence
       FROM information_schema.columns WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'`,
    )
  ).rows;
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (t: string) => {
    if (ordered.includes(t) || visiting.has(t)) return;
    visiting.add(t);
    for (const fk of fks) if (fk.child === t && fk.parent !== t) visit(fk.parent);
    visiting.delete(t);
    ordered.push(t);
  };
  tables.forEach(visit);
  return ordered.map((name) => ({
    name,
    order: keys.filter((k) => k.table.replace(/^"|"$/g, '') === name).map((k) => k.column),
    serials: serials.filter((s) => s.table === name && s.sequence).map((s) => ({ column: s.column, sequence: s.sequence })),
  }));
}

/** Every row of a table as JSON batches, in key order. */
async function* rowsOf(client: pg.ClientBase, table: TableInfo): AsyncGenerator<string> {
  const order = table.order.length > 0 ? table.order.map(ident).join(', ') : '1';
  for (let offset = 0; ; offset += BATCH) {
    const { rows } = await client.query<{ j: string | null }>(
      `SELECT json_agg(t)::text AS j FROM (SELECT * FROM ${ident(table.name)} ORDER BY ${order} LIMIT ${BATCH} OFFSET ${offset}) t`,
    );
    if (!rows[0]?.j) return;
    yield rows[0].j;
  }
}

/** The migrations' statements, in order: the schema exactly as PostgreSQL gets it from the site. */
function migrationStatements(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.flatMap((e) =>
    fs
      .readFileSync(path.join(migrationsFolder, `${e.tag}.sql`), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** A dollar-quote tag that the text does not contain. */
function dollarQuote(text: string): string {
  let tag = 'rows';
  for (let i = 0; text.includes(`$${tag}$`); i++) tag = `rows${i}`;
  return `$${tag}$${text}$${tag}$`;
}

export interface ExportReport {
  tables: number;
  rows: number;
}

async function withSnapshot<T>(source: Database, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await source.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Writes the whole database as one SQL file for `psql -v ON_ERROR_STOP=1 -f FILE` on an empty database. */
export async function exportToFile(source: Database, file: string): Promise<ExportReport> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partial`;
  const out = fs.createWriteStream(tmp);
  const write = (s: string) => new Promise<void>((resolve, reject) => (out.write(s) ? resolve() : out.once('drain', resolve), out.once('error', reject)));
  let rows = 0;
  const tables = await withSnapshot(source, async (client) => {
    const tables = await tablesInOrder(client);
    await write(`-- Parde: the embedded database, exported ${new Date().toISOString()}\n-- Load into an empty database: psql -v ON_ERROR_STOP=1 -f THIS_FILE\nBEGIN;\n`);
    for (const stmt of migrationStatements()) await write(`${stmt};\n`);
    await write(`CREATE SCHEMA IF NOT EXISTS drizzle;\nCREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);\n`);
    const done = await client.query<{ j: string | null }>(`SELECT json_agg(m)::text AS j FROM (SELECT * FROM drizzle.__drizzle_migrations ORDER BY id) m`);
    if (done.rows[0]?.j) await write(`INSERT INTO drizzle.__drizzle_migrations SELECT * FROM json_populate_recordset(NULL::drizzle.__drizzle_migrations, ${dollarQuote(done.rows[0].j)});\n`);
    for (const t of tables) {
      for await (const batch of rowsOf(client, t)) {
        rows += (JSON.parse(batch) as unknown[]).length;
        await write(`INSERT INTO ${ident(t.name)} SELECT * FROM json_populate_recordset(NULL::${ident(t.name)}, ${dollarQuote(batch)});\n`);
      }
      for (const s of t.serials) await write(`SELECT setval('${s.sequence}', greatest((SELECT max(${ident(s.column)}) FROM ${ident(t.name)}), 1));\n`);
    }
    await write(`SELECT setval(pg_get_serial_sequence('drizzle.__drizzle_migrations', 'id'), greatest((SELECT max(id) FROM drizzle.__drizzle_migrations), 1));\nCOMMIT;\n`);
    return tables;
  });
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  fs.renameSync(tmp, file);
  return { tables: tables.length, rows };
}

/** Copies everything into an empty PostgreSQL database, in one transaction there. */
export async function exportToPostgres(source: Database, target: Database): Promise<ExportReport> {
  const t = await target.pool.connect();
  try {
    const existing = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
    if (existing.rows[0]!.n > 0) throw new Error('the PostgreSQL database is not empty: export into a new one');
    let rows = 0;
    await t.query('BEGIN');
    const tables = await withSnapshot(source, async (client) => {
      for (const stmt of migrationStatements()) await t.query(stmt);
      await t.query(`CREATE SCHEMA IF NOT EXISTS drizzle; CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
      const done = await client.query<{ j: string | null }>(`SELECT json_agg(m)::text AS j FROM (SELECT * FROM drizzle.__drizzle_migrations ORDER BY id) m`);
      if (done.rows[0]?.j) await t.query(`INSERT INTO drizzle.__drizzle_migrations SELECT * FROM json_populate_recordset(NULL::drizzle.__drizzle_migrations, $1::json)`, [done.rows[0].j]);
      const tables = await tablesInOrder(client);
      for (const table of tables) {
        for await (const batch of rowsOf(client, table)) {
          rows += (JSON.parse(batch) as unknown[]).length;
          await t.query(`INSERT INTO ${ident(table.name)} SELECT * FROM json_populate_recordset(NULL::${ident(table.name)}, $1::json)`, [batch]);
        }
        for (const s of table.serials) await t.query(`SELECT setval('${s.sequence}', greatest((SELECT max(${ident(s.column)}) FROM ${ident(table.name)}), 1))`);
      }
      return tables;
    });
    await t.query(`SELECT setval(pg_get_serial_sequence('drizzle.__drizzle_migrations', 'id'), greatest((SELECT max(id) FROM drizzle.__drizzle_migrations), 1))`);
    await t.query('COMMIT');
    return { tables: tables.length, rows };
  } catch (err) {
    await t.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    t.release();
  }
}
