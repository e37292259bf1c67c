import { normalizeForSearch, searchTokens } from '@parde/persian';
import type pg from 'pg';

const BATCH = 20_000;

interface Named {
  id: number;
  names: string[];
  extra: string[];
  weight: number;
}

/** Each name normalized, joined by ' | ': substring fallbacks and the exact-title bonus read it. */
export function namesText(names: (string | null | undefined)[]): string {
  return [...new Set(names.filter((n): n is string => Boolean(n)).map(normalizeForSearch).filter(Boolean))].join(' | ');
}

/** The words a title or person is found by: every name's tokens, plus extra tokens (a year). */
export function wordsOf(names: (string | null | undefined)[], extra: (string | null | undefined)[] = []): string[] {
  const words = new Set<string>();
  for (const n of names) if (n) for (const w of searchTokens(n)) words.add(w);
  for (const e of extra) if (e) words.add(e);
  return [...words];
}

async function* scan(client: pg.PoolClient, kind: 'titles' | 'people'): AsyncGenerator<Named[]> {
  let last = 0;
  for (;;) {
    const sql =
      kind === 'titles'
        ? `SELECT id, title_en, title_fa, title_original, year, votes FROM titles WHERE id > $1 ORDER BY id LIMIT ${BATCH}`
        : `SELECT id, name_en, name_fa, popularity FROM people WHERE id > $1 ORDER BY id LIMIT ${BATCH}`;
    const { rows } = await client.query(sql, [last]);
    if (rows.length === 0) return;
    last = rows[rows.length - 1].id;
    yield rows.map((r) =>
      kind === 'titles'
        ? { id: r.id, names: [r.title_en, r.title_fa, r.title_original], extra: r.year ? [String(r.year)] : [], weight: r.votes }
        : { id: r.id, names: [r.name_en, r.name_fa], extra: [], weight: r.popularity },
    );
  }
}

/**
 * Rebuilds the search dictionary and every title's and person's word ids.
 *
 * Two passes with constant memory per row: the first collects distinct words with the best
 * title (or person) each appears in — prefix expansion is ordered by that, so a two-letter
 * prefix still reaches a famous title whose word is rare — the second writes the ids.
 */
export async function rebuildSearchIndex(client: pg.PoolClient): Promise<{ words: number }> {
  const dict = new Map<string, { id: number; titleVotes: number; titleCount: number; personPop: number; personCount: number }>();
  const entry = (w: string) => {
    let e = dict.get(w);
    if (!e) dict.set(w, (e = { id: dict.size + 1, titleVotes: 0, titleCount: 0, personPop: 0, personCount: 0 }));
    return e;
  };
  for (const kind of ['titles', 'people'] as const) {
    for await (const batch of scan(client, kind)) {
      for (const row of batch) {
        for (const w of wordsOf(row.names, row.extra)) {
          const e = entry(w);
          if (kind === 'titles') {
            e.titleVotes = Math.max(e.titleVotes, row.weight);
            e.titleCount++;
          } else {
            e.personPop = Math.max(e.personPop, row.weight);
            e.personCount++;
          }
        }
      }
    }
  }

  await client.query('TRUNCATE search_words RESTART IDENTITY');
  const all = [...dict.entries()];
  for (let i = 0; i < all.length; i += BATCH) {
    const chunk = all.slice(i, i + BATCH);
    await client.query(
      `INSERT INTO search_words (id, word, title_votes, title_count, person_popularity, person_count)
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[])`,
      [
        chunk.map(([, e]) => e.id),
        chunk.map(([w]) => w),
        chunk.map(([, e]) => e.titleVotes),
        chunk.map(([, e]) => e.titleCount),
        chunk.map(([, e]) => e.personPop),
        chunk.map(([, e]) => e.personCount),
      ],
    );
  }
  await client.query(`SELECT setval(pg_get_serial_sequence('search_words', 'id'), greatest((SELECT max(id) FROM search_words), 1))`);

  for (const kind of ['titles', 'people'] as const) {
    // Rewriting every row's word ids is far faster without the GIN index; it is rebuilt once after.
    const index = `${kind}_word_ids_idx`;
    await client.query(`DROP INDEX IF EXISTS ${index}`);
    for await (const batch of scan(client, kind)) {
      const ids: number[] = [];
      const words: string[] = [];
      const texts: string[] = [];
      for (const row of batch) {
        ids.push(row.id);
        words.push(`{${wordsOf(row.names, row.extra).map((w) => dict.get(w)!.id).join(',')}}`);
        texts.push(namesText(row.names));
      }
      await client.query(
        `UPDATE ${kind} t SET word_ids = x.w::int[], search_text = x.s
         FROM unnest($1::int[], $2::text[], $3::text[]) AS x(id, w, s) WHERE t.id = x.id`,
        [ids, words, texts],
      );
    }
    await client.query(`CREATE INDEX ${index} ON ${kind} USING gin (word_ids) WITH (fastupdate = off)`);
  }
  await client.query('ANALYZE search_words; ANALYZE titles; ANALYZE people');
  // Every API process holds the index in memory: a new version tells them to reload it.
  await client.query(
    `INSERT INTO search_index_state (id, version, built_at) VALUES (1, 1, now())
     ON CONFLICT (id) DO UPDATE SET version = search_index_state.version + 1, built_at = now()`,
  );
  return { words: dict.size };
}
