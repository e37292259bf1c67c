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

async function* scan(db: Executor, kind: 'titles' | 'people'): AsyncGenerator<Named[]> {
  let last = 0;
  for (;;) {
    const rows =
      kind === 'titles'
        ? (await repo.titleNames(db, last, BATCH)).map((r) => ({ id: r.id, names: [r.title_en, r.title_fa, r.title_original], extra: r.year ? [String(r.year)] : [], weight: r.votes }))
        : (await repo.personNames(db, last, BATCH)).map((r) => ({ id: r.id, names: [r.name_en, r.name_fa], extra: [], weight: r.popularity }));
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
 */
export async function rebuildSearchIndex(on: pg.PoolClient | Executor): Promise<{ words: number }> {
  // A connection of its own (another process's rebuild) or the import's transaction.
  const client = 'execute' in on ? on : onConnection(on);
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

  for (const kind of ['titles', 'people'] as const) {
    // Rewriting every row's word ids is far faster without the GIN index; it is rebuilt once after.
    await repo.dropWordIdsIndex(client, kind);
    for await (const batch of scan(client, kind)) {
      const ids: number[] = [];
      const words: string[] = [];
      const texts: string[] = [];
      for (const row of batch) {
        ids.push(row.id);
        words.push(`{${wordsOf(row.names, row.extra).map((w) => dict.get(w)!.id).join(',')}}`);
        texts.push(namesText(row.names));
      }
      await repo.setWordIds(client, kind, ids, words, texts);
    }
    await repo.createWordIdsIndex(client, kind);
  }
  await repo.analyze(client);
  // Every API process holds the index in memory: a new version tells them to reload it.
  await repo.bumpVersion(client);
  return { words: dict.size };
}
