import type { Executor } from '../../db/executor';
import { namesText, wordsOf } from '../search/search-index';
import * as repo from './admin-catalogue.repository';

/**
 * Keeps one title's (or person's) search words right after an operator changes its names,
 * without rebuilding the index of the whole catalogue: the words it lost are counted down in
 * the dictionary (`search_words`), the words it gained are added or counted up, and its
 * `word_ids` and `search_text` are rewritten, exactly as `rebuildSearchIndex` would write them.
 * The caller's transaction moves the catalogue version, so every process reloads its index.
 */
export async function reindexTitle(db: Executor, titleId: number): Promise<void> {
  const t = await repo.titleNames(db, titleId);
  if (!t) return;
  const names = [t.titleEn, t.titleFa, t.titleOriginal];
  const ids = await rewriteWords(db, 'titles', t.wordIds, wordsOf(names, t.year ? [String(t.year)] : []), t.votes);
  await repo.setTitleWords(db, titleId, ids, namesText(names));
}

export async function reindexPerson(db: Executor, personId: number): Promise<void> {
  const p = await repo.personNames(db, personId);
  if (!p) return;
  const names = [p.nameEn, p.nameFa];
  const ids = await rewriteWords(db, 'people', p.wordIds, wordsOf(names), p.popularity);
  await repo.setPersonWords(db, personId, ids, namesText(names));
}

/** A title or person leaves the catalogue: its words are counted down. */
export async function forgetWords(db: Executor, kind: 'titles' | 'people', wordIds: number[]): Promise<void> {
  if (wordIds.length === 0) return;
  await repo.countWordsDown(db, kind, wordIds);
}

async function rewriteWords(db: Executor, kind: 'titles' | 'people', oldIds: number[], words: string[], weight: number): Promise<number[]> {
  const old = oldIds.length ? await repo.wordsByIds(db, oldIds) : [];
  const oldWords = new Set(old.map((r) => r.word));
  const wanted = new Set(words);
  const lost = old.filter((r) => !wanted.has(r.word)).map((r) => r.id);
  const gained = words.filter((w) => !oldWords.has(w));
  if (lost.length) await repo.countWordsDown(db, kind, lost);
  if (gained.length) await repo.countWordsUp(db, kind, gained, weight);
  if (words.length === 0) return [];
  const rows = await repo.wordsByText(db, words);
  const idOf = new Map(rows.map((r) => [r.word, r.id]));
  return words.map((w) => idOf.get(w)!).filter((id) => id !== undefined);
}
