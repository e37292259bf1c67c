import type pg from 'pg';
import { namesText, wordsOf } from '../search/search-index';

/**
 * Keeps one title's (or person's) search words right after an operator changes its names,
 * without rebuilding the index of the whole catalogue: the words it lost are counted down in
 * the dictionary (`search_words`), the words it gained are added or counted up, and its
 * `word_ids` and `search_text` are rewritten, exactly as `rebuildSearchIndex` would write them.
 * The caller's transaction moves the catalogue version, so every process reloads its index.
 */
export async function reindexTitle(q: pg.PoolClient, titleId: number): Promise<void> {
  const { rows } = await q.query<{ title_en: string; title_fa: string | null; title_original: string | null; year: number | null; votes: number; word_ids: number[] }>(
    'SELECT title_en, title_fa, title_original, year, votes, word_ids FROM titles WHERE id = $1',
    [titleId],
  );
  const t = rows[0];
  if (!t) return;
  const names = [t.title_en, t.title_fa, t.title_original];
  const ids = await rewriteWords(q, 'titles', t.word_ids, wordsOf(names, t.year ? [String(t.year)] : []), t.votes);
  await q.query('UPDATE titles SET word_ids = $2::int[], search_text = $3 WHERE id = $1', [titleId, ids, namesText(names)]);
}

export async function reindexPerson(q: pg.PoolClient, personId: number): Promise<void> {
  const { rows } = await q.query<{ name_en: string; name_fa: string | null; popularity: number; word_ids: number[] }>(
    'SELECT name_en, name_fa, popularity, word_ids FROM people WHERE id = $1',
    [personId],
  );
  const p = rows[0];
  if (!p) return;
  const names = [p.name_en, p.name_fa];
  const ids = await rewriteWords(q, 'people', p.word_ids, wordsOf(names), p.popularity);
  await q.query('UPDATE people SET word_ids = $2::int[], search_text = $3 WHERE id = $1', [personId, ids, namesText(names)]);
}

/** A title or person leaves the catalogue: its words are counted down. */
export async function forgetWords(q: pg.PoolClient, kind: 'titles' | 'people', wordIds: number[]): Promise<void> {
  if (wordIds.length === 0) return;
  const count = kind === 'titles' ? 'title_count' : 'person_count';
  await q.query(`UPDATE search_words SET ${count} = greatest(${count} - 1, 0) WHERE id = ANY($1::int[])`, [wordIds]);
}

async function rewriteWords(q: pg.PoolClient, kind: 'titles' | 'people', oldIds: number[], words: string[], weight: number): Promise<number[]> {
  const [count, best] = kind === 'titles' ? ['title_count', 'title_votes'] : ['person_count', 'person_popularity'];
  const old = oldIds.length ? (await q.query<{ id: number; word: string }>('SELECT id, word FROM search_words WHERE id = ANY($1::int[])', [oldIds])).rows : [];
  const oldWords = new Set(old.map((r) => r.word));
  const wanted = new Set(words);
  const lost = old.filter((r) => !wanted.has(r.word)).map((r) => r.id);
  const gained = words.filter((w) => !oldWords.has(w));
  if (lost.length) await q.query(`UPDATE search_words SET ${count} = greatest(${count} - 1, 0) WHERE id = ANY($1::int[])`, [lost]);
  if (gained.length) {
    // Sorted, so two operators adding the same new words lock the rows in the same order.
    await q.query(
      `INSERT INTO search_words (word, ${best}, ${count}) SELECT w, $2, 1 FROM unnest($1::text[]) AS w ORDER BY w
       ON CONFLICT (word) DO UPDATE SET ${count} = search_words.${count} + 1, ${best} = greatest(search_words.${best}, excluded.${best})`,
      [[...gained].sort(), weight],
    );
  }
  if (words.length === 0) return [];
  const { rows } = await q.query<{ id: number; word: string }>('SELECT id, word FROM search_words WHERE word = ANY($1::text[])', [words]);
  const idOf = new Map(rows.map((r) => [r.word, r.id]));
  return words.map((w) => idOf.get(w)!).filter((id) => id !== undefined);
}
