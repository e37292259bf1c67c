import { normalizeForSearch, searchTokens } from '@parde/persian';
import type pg from 'pg';
import type { Executor } from '../../db/executor';
import { onConnection } from '../../db/executors';
import { SearchRepository } from './search.repository';

const repo = new SearchRepository();

const BATCH = 20_000;

interface Named {
  id: number;
  names: (string | null)[];
  extra: string[];
  weight: number;
  /** The row's word ids as they are now (`1,2,3`), and its search text: read by the second pass. */
  words?: string | null;
  text?: string | null;
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

async function* scan(db: Executor, kind: 'titles' | 'people', indexed = false): AsyncGenerator<Named[]> {
  let last = 0;
  for (;;) {
    const rows =
      kind === 'titles'
        ? (await repo.titleNames(db, last, BATCH, indexed)).map((r) => ({ id: r.id, names: [r.title_en, r.title_fa, r.title_original], extra: r.year ? [String(r.year)] : [], weight: r.votes, words: r.words, text: r.search_text }))
        : (await repo.personNames(db, last, BATCH, indexed)).map((r) => ({ id: r.id, names: [r.name_en, r.name_fa], extra: [], weight: r.popularity, words: r.words, text: r.search_text }));
    if (rows.length === 0) return;
    last = rows[rows.length - 1]!.id;
    yield rows;
  }
}

/**
 * Rebuilds the search dictionary and every title's and person's word ids.
 *
 * Two passes with constant memory per row: the first collects distinct words with the best
 * title (or person) each appears in — prefix expansion is ordered by that, so a two-letter
 * prefix still reaches a famous title whose word is rare — the second writes the ids.
 *
 * A word keeps the id it had (new words get new ones, words no longer used leave), so a row
 * whose names did not change keeps its word ids and is not written again: after a daily import
 * only the titles and people it renamed or added are.
 *
 * It runs inside the import's transaction while visitors read the catalogue, so it takes no lock
 * that shuts readers out: the dictionary's old words are deleted, not truncated, and the GIN
 * indexes on the ids stay (dropping one locks its whole table until the commit, minutes at
 * IMDb's size), even when every row is rewritten.
 */
export async function rebuildSearchIndex(on: pg.PoolClient | Executor): Promise<{ words: number; rowsWritten: number }> {
  // A connection of its own (another process's rebuild) or the import's transaction.
  const client = 'execute' in on ? on : onConnection(on);
  const dict = new Map<string, { id: number; titleVotes: number; titleCount: number; personPop: number; personCount: number }>();
  let nextId = 1;
  for (let after = 0; ; ) {
    const known = await repo.wordIds(client, after, BATCH);
    if (known.length === 0) break;
    for (const { id, word } of known) {
      dict.set(word, { id, titleVotes: 0, titleCount: 0, personPop: 0, personCount: 0 });
      nextId = Math.max(nextId, id + 1);
    }
    after = known[known.length - 1]!.id;
  }
  const entry = (w: string) => {
    let e = dict.get(w);
    if (!e) dict.set(w, (e = { id: nextId++, titleVotes: 0, titleCount: 0, personPop: 0, personCount: 0 }));
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
  // Words no title or person has any more leave the dictionary.
  for (const [w, e] of dict) if (e.titleCount === 0 && e.personCount === 0) dict.delete(w);

  await repo.clearWords(client);
  const all = [...dict.entries()];
  for (let i = 0; i < all.length; i += BATCH) {
    const chunk = all.slice(i, i + BATCH);
    await repo.insertWords(client, {
      ids: chunk.map(([, e]) => e.id),
      words: chunk.map(([w]) => w),
      titleVotes: chunk.map(([, e]) => e.titleVotes),
      titleCounts: chunk.map(([, e]) => e.titleCount),
      personPopularity: chunk.map(([, e]) => e.personPop),
      personCounts: chunk.map(([, e]) => e.personCount),
    });
  }
  await repo.syncWordIds(client);

  let rowsWritten = 0;
  for (const kind of ['titles', 'people'] as const) {
    let changed = 0;
    for await (const batch of scan(client, kind, true)) {
      const ids: number[] = [];
      const words: string[] = [];
      const texts: string[] = [];
      for (const row of batch) {
        const wordIds = wordsOf(row.names, row.extra).map((w) => dict.get(w)!.id).join(',');
        const text = namesText(row.names);
        if (row.words === wordIds && row.text === text) continue;
        ids.push(row.id);
        words.push(`{${wordIds}}`);
        texts.push(text);
      }
      changed += ids.length;
      if (ids.length > 0) await repo.setWordIds(client, kind, ids, words, texts);
    }
    rowsWritten += changed;
  }
  await repo.analyze(client);
  // Every API process holds the index in memory: a new version tells them to reload it.
  await repo.bumpVersion(client);
  return { words: dict.size, rowsWritten };
}
