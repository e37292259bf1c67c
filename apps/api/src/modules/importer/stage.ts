import type pg from 'pg';

/**
 * Inserts rows into a table with one parameter per column (`unnest` of arrays): a 5,000-row
 * batch is one statement and one round trip, on PostgreSQL and on the embedded database alike.
 */
export async function insertColumns(
  client: pg.PoolClient | pg.Pool,
  table: string,
  columns: Record<string, { type: string; values: unknown[] }>,
): Promise<void> {
  const names = Object.keys(columns);
  const first = columns[names[0]!];
  if (!first || first.values.length === 0) return;
  const params = names.map((n) => columns[n]!.values);
  const unnest = names.map((n, i) => `$${i + 1}::${columns[n]!.type}[]`).join(', ');
  await client.query(`INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM unnest(${unnest})`, params);
}

/** Postgres text[][] can't hold ragged arrays: nested lists travel as one delimited string. */
export const joinList = (xs: string[]) => xs.join('\u001f');
