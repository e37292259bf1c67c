import { createHash } from 'node:crypto';
import { alphabetFor, CONNECTOR_WORDS, damerauLevenshtein, maxTyposFor, normalizeForSearch, oneEditVariants, queryTokens, stemCandidates, withoutConnectors } from '@parde/persian';
import type pg from 'pg';
import { type DictWord, type DocIndex, type Kind, type Dictionary, searchIndexFor } from './memory-index';

/** How a dictionary word met a query word; ranking prefers exact over prefix over typo. */
const Match = { Exact: 0, Stem: 1, Prefix: 2, Joined: 2, Typo: 3 } as const;
type Match = (typeof Match)[keyof typeof Match];

interface Group {
  /** dictionary id → how it matched */
  ids: Map<number, Match>;
  /** A connector ("and", "و"): never required, never a penalty when missing. */
  connector?: boolean;
}

export interface SearchHit {
  id: number;
  votes: number;
  score: number;
}

const PREFIX_EXPANSION = 40;
/** A one- or two-letter prefix expands to fewer words: the whole tail of typing starts there. */
const SHORT_PREFIX_EXPANSION = 15;
const CANDIDATES = 100;
/**
 * A word in more documents than this is optional when a rarer word is required: it ranks the
 * candidates but does not narrow them (an intersection driven by it would walk thousands).
 */
const COMMON = 4_000;

/**
 * Search runs a few query shapes thousands of times: named statements let PostgreSQL plan each
 * shape once per connection (planning cost more than executing, measured).
 */
function prepared(text: string, values: unknown[]): pg.QueryConfig {
  return { name: `s_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`, text, values };
}

/**
 * Expands each query word into dictionary ids: the word itself, its Persian stems, one-edit
 * typos (checked by edit distance), trigram neighbours for long words, and — for the word being
 * typed — prefixes ordered by the best title each word appears in.
 */
function expand(dict: Dictionary, kind: Kind, words: string[], joinedPairs: string[], withTypos: boolean): { groups: Group[]; sizes: number[] } {
  const wanted = new Map<string, { group: number; match: Match }[]>();
  const want = (w: string, group: number, match: Match) => {
    const list = wanted.get(w) ?? [];
    list.push({ group, match });
    wanted.set(w, list);
  };
  words.forEach((w, i) => {
    want(w, i, Match.Exact);
    for (const s of stemCandidates(w)) if (s !== w) want(s, i, Match.Stem);
    if (withTypos && maxTyposFor(w) >= 1) for (const v of oneEditVariants(w, alphabetFor(w))) want(v, i, Match.Typo);
  });
  // "spider man" also meets a title that writes "spiderman": the joined word satisfies both groups.
  joinedPairs.forEach((p, i) => {
    want(p, i, Match.Joined);
    want(p, i + 1, Match.Joined);
  });

  const onlyConnectors = words.every((w) => CONNECTOR_WORDS.has(w));
  const groups: Group[] = words.map((w) => ({ ids: new Map(), connector: CONNECTOR_WORDS.has(w) && !onlyConnectors }));
  const sizes = words.map(() => 0);
  const add = (g: number, row: DictWord, match: Match) => {
    const cur = groups[g]!.ids.get(row.id);
    if (cur === undefined || match < cur) {
      if (cur === undefined) sizes[g]! += row.count;
      groups[g]!.ids.set(row.id, match);
    }
  };
  // Exact words (and their stems, joins and one-edit variants).
  for (const [w, uses] of wanted) {
    const row = dict.lookup(kind, w);
    if (row) for (const { group, match } of uses) if (group < words.length) add(group, row, match);
  }
  // The word being typed: prefixes, the best title each word appears in first.
  const last = words[words.length - 1]!;
  for (const row of dict.prefix(kind, last, last.length <= 2 ? SHORT_PREFIX_EXPANSION : PREFIX_EXPANSION)) {
    add(words.length - 1, row, row.word === last ? Match.Exact : Match.Prefix);
  }
  // Long words may carry two typos; trigram neighbours are checked by edit distance.
  if (withTypos) {
    words.forEach((w, i) => {
      if (maxTyposFor(w) < 2) return;
      for (const row of dict.similar(kind, w, 30)) if (damerauLevenshtein(w, row.word, 2) <= 2) add(i, row, row.word === w ? Match.Exact : Match.Typo);
    });
  }
  return { groups, sizes };
}

interface CandidateRow {
  id: number;
  votes: number;
  word_ids: number[];
  search_text: string;
}

function rank(rows: CandidateRow[], groups: Group[], normalizedQuery: string): SearchHit[] {
  const q = withoutConnectors(normalizedQuery);
  const qJoined = q.replace(/ /g, '');
  return rows.map((r) => {
    const wordSet = new Set(r.word_ids);
    let penalty = 0;
    for (const g of groups) {
      let best: Match | undefined;
      for (const [id, m] of g.ids) if (wordSet.has(id) && (best === undefined || m < best)) best = m;
      // An optional (very common) word the title lacks costs more than a typo.
      penalty += best === undefined ? (g.connector ? 0 : 3) : best === Match.Exact ? 0 : best === Match.Typo ? 2 : 0.6;
    }
    let bonus = 0;
    for (const full of r.search_text.split(' | ')) {
      const name = withoutConnectors(full);
      if (name === q || name.replace(/ /g, '') === qJoined) bonus = Math.max(bonus, 6);
      else if (name.startsWith(q)) bonus = Math.max(bonus, 2.5);
    }
    return { id: r.id, votes: r.votes, score: Math.log(r.votes + 2) + bonus - penalty };
  });
}

export interface SearchOptions {
  limit: number;
  /** Only movies or only series. */
  type?: 'movie' | 'series';
  /** Matches above which a word counts as very common (tests lower it to exercise that path). */
  commonAbove?: number;
  /** Extra SQL condition on the candidate table `t` (e.g. t.type = $1), its parameters numbered from 1. */
  where?: { sql: string; params: unknown[] };
}

/** Finds titles (or people) for a query: relevance first, then votes (popularity for people). */
export async function searchIds(pool: pg.Pool, kind: Kind, text: string, opts: SearchOptions): Promise<SearchHit[]> {
  const normalized = normalizeForSearch(text);
  const { words, joinedPairs } = queryTokens(normalized);
  if (words.length === 0) return [];
  const index = await searchIndexFor(pool);
  // Exact words, stems and prefixes first (cheap); typo variants only when some word meets
  // nothing, or together they find nothing — a query typed right pays nothing for tolerance.
  let { groups, sizes } = expand(index.dictionary, kind, words, joinedPairs, false);
  const unmet = (gs: Group[]) => gs.some((g) => g.ids.size === 0 && !g.connector);
  let hits = unmet(groups) ? [] : await candidates(pool, index.docs[kind], kind, groups, sizes, normalized, opts);
  if (hits.length === 0) {
    ({ groups, sizes } = expand(index.dictionary, kind, words, joinedPairs, true));
    if (unmet(groups)) return [];
    hits = await candidates(pool, index.docs[kind], kind, groups, sizes, normalized, opts);
  }
  return hits;
}

async function candidates(pool: pg.Pool, docs: DocIndex, kind: Kind, groups: Group[], sizes: number[], normalized: string, opts: SearchOptions): Promise<SearchHit[]> {
  // Words in a large share of the catalogue ("the", "of", a two-letter prefix) would make the
  // intersection expensive; they become optional — ranking still rewards titles that have them —
  // as long as one more selective word is required. Measured: "the si" went from 70 ms to ~2 ms.
  // Connectors ("and", "و") rank but never narrow: "deadpool and wolverine" meets "Deadpool & Wolverine".
  const order = sizes
    .map((size, i) => ({ size, i }))
    .filter(({ i }) => !groups[i]!.connector)
    .sort((a, b) => a.size - b.size);
  const commonAbove = opts.commonAbove ?? COMMON;
  const required = order.filter(({ size }) => size <= commonAbove).map(({ i }) => i);
  if (required.length === 0) required.push(order[0]!.i);
  const requiredIds = required.map((i) => [...groups[i]!.ids.keys()]);
  let rows: CandidateRow[];
  if (!opts.where) {
    // The in-memory posting lists: the best hundred matches, no database round trip.
    rows = docs.candidates(requiredIds, CANDIDATES, opts.type);
  } else {
    // Filters of the home list (genre, country, years …) are SQL: the GIN index over word ids,
    // kept off the votes index by `+ 0` (walking votes order under a filter was measured slow).
    const params: unknown[] = [...requiredIds];
    const conds = requiredIds.map((_, k) => `t.word_ids && $${k + 1}::int[]`);
    conds.push(opts.where.sql.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + params.length}`));
    params.push(...opts.where.params);
    const weight = kind === 'titles' ? 'votes' : 'popularity';
    const typeCond = opts.type ? ` AND t.type = '${opts.type === 'series' ? 'series' : 'movie'}'` : '';
    rows = (
      await pool.query<CandidateRow>(
        prepared(`SELECT t.id, t.${weight} AS votes, t.word_ids, t.search_text FROM ${kind} t WHERE ${conds.join(' AND ')}${typeCond} ORDER BY t.${weight} + 0 DESC LIMIT ${CANDIDATES}`, params),
      )
    ).rows;
  }
  return rank(rows, groups, normalized)
    .sort((a, b) => b.score - a.score || b.votes - a.votes || a.id - b.id)
    .slice(0, opts.limit);
}
