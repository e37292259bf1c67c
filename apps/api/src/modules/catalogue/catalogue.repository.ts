import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { ListCaches, ListTotal } from '../../lib/catalogue-version';
import { readWithin } from '../../db/executors';
import { TITLE_PAGE_EPISODES } from '@parde/contract';
import { kidsAnd, kidsTitleSql } from './kids';

/** A title row as card queries return it, its genres named ({@link CatalogueRepository.withGenres}). */
export interface TitleCardRow {
  id: number;
  imdb_id: string;
  slug: string;
  type: 'movie' | 'series';
  title_en: string;
  title_fa: string | null;
  year: number | null;
  end_year: number | null;
  rating: number | null;
  votes: number;
  rt_meter: number | null;
  rt_status: 'fresh' | 'rotten' | 'certified' | null;
  has_dub: boolean;
  is_free: boolean;
  coming_soon: boolean;
  expected_date: string | null;
  genres: { id: number; titleFa: string }[];
}

export interface TitleDetailRow extends TitleCardRow {
  title_original: string | null;
  runtime: number | null;
  plot_fa: string | null;
  plot_en: string | null;
  age_rating: string | null;
  release_date: string | null;
  trailer_youtube_id: string | null;
  trailer_duration: number | null;
}

export interface PersonRow {
  id: number;
  imdb_id: string;
  slug: string;
  name_en: string;
  name_fa: string | null;
  birth_year: number | null;
  death_year: number | null;
  bio_fa: string | null;
  bio_en: string | null;
  professions: string[];
  best_starred_id: number | null;
  best_directed_id: number | null;
}

/** A title as a person names it (their best starred or directed). */
export interface TitleRefRow {
  id: number;
  slug: string;
  title_en: string;
  title_fa: string | null;
  year: number | null;
}

export interface CreditRow {
  title_id: number;
  person_id: number;
  role: 'actor' | 'director' | 'writer';
  character: string | null;
  slug: string;
  name_en: string;
  name_fa: string | null;
}

/**
 * A card's columns. Its genres are the row's own ids, in their order on the title (migration
 * 0026), named in the process from the genres kept until the catalogue changes: a subquery per
 * card (title_genres and genres) was about a sixth of the home list's processor time at IMDb's
 * size (decision 48).
 */
const CARD_COLUMNS = `t.id, t.imdb_id, t.slug, t.type, t.title_en, t.title_fa, t.year, t.end_year, t.rating, t.votes, t.rt_meter, t.rt_status,
  t.has_dub, t.is_free, t.coming_soon, t.expected_date::text AS expected_date, t.genre_ids`;

/** A card's row as a statement returns it: its genres still ids ({@link CatalogueRepository.withGenres} names them). */
type Read<T extends { genres: unknown }> = Omit<T, 'genres'> & { genre_ids: number[] | null };

const DETAIL_COLUMNS = `${CARD_COLUMNS}, t.title_original, t.runtime, t.plot_fa, t.plot_en, t.age_rating, t.release_date::text AS release_date,
  t.trailer_youtube_id, t.trailer_duration`;

export interface EpisodeRow {
  id: number;
  season_number: number;
  episode_number: number;
  name_en: string | null;
  name_fa: string | null;
  year: number | null;
  runtime: number | null;
  rating: number | null;
}

export interface TitleExtras {
  countries: { code: string; nameFa: string }[];
  languages: { code: string; nameFa: string }[];
  credits: CreditRow[];
  /** The first TITLE_PAGE_EPISODES episodes, in season and episode order. */
  episodes: EpisodeRow[];
  /** Every season that has episodes, with how many. */
  seasons: { number: number; year: number | null; episodes: number }[];
  dubs: { id: number; studio: string; language: string }[];
  fileCount: number;
}

export interface ListFilter {
  type?: 'movie' | 'series';
  isDubbed?: boolean;
  isFree?: boolean;
  playable?: boolean;
  genre?: string;
  country?: string;
  yearFrom?: number;
  yearTo?: number;
  comingSoon?: boolean;
  /** A kids profile's answer: only titles rated for children (decision 21). */
  kids?: boolean;
}

/** Builds the WHERE clause shared by lists and search filters; parameters start at `start`. */
export function filterSql(f: ListFilter, start = 1): { sql: string; params: unknown[] } {
  const conds: string[] = [];
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${start + params.length - 1}`;
  };
  // A hidden title (made in the panel, not yet published) is nowhere in public.
  conds.push(`t.published${kidsAnd(f.kids === true)}`);
  conds.push(f.comingSoon ? 't.coming_soon' : 'NOT t.coming_soon');
  if (f.type) conds.push(`t.type = ${p(f.type)}`);
  if (f.isDubbed) conds.push('t.has_dub');
  if (f.isFree) conds.push('t.is_free');
  if (f.playable) conds.push('EXISTS (SELECT 1 FROM media_assets a WHERE a.title_id = t.id)');
  // The cheap comparisons before the genre's array test: PostgreSQL checks a row's conditions of
  // equal cost in the order written, and an index walk meets tens of thousands of entries.
  if (f.yearFrom) conds.push(`t.year >= ${p(f.yearFrom)}`);
  if (f.yearTo) conds.push(`t.year <= ${p(f.yearTo)}`);
  if (f.genre) {
    const byId = /^\d+$/.test(f.genre);
    // An id past int4 names no genre (it reached SQL as 1e+23 once: a 500).
    if (byId && Number(f.genre) > 2_147_483_647) {
      conds.push('false');
      return { sql: conds.join(' AND '), params };
    }
    // The row's own copy of its genres (migration 0015): checked in the row, or found by its GIN
    // index, instead of a lookup in title_genres per candidate. A slug names no genre: no rows.
    conds.push(byId ? `t.genre_ids @> ARRAY[${p(Number(f.genre))}::int]` : `t.genre_ids @> ARRAY[(SELECT g.id FROM genres g WHERE g.slug = ${p(f.genre)})]`);
  }
  if (f.country) conds.push(`EXISTS (SELECT 1 FROM title_countries tc WHERE tc.title_id = t.id AND tc.country_code = ${p(f.country.toUpperCase())})`);
  return { sql: conds.join(' AND '), params };
}

/** A kids profile's title search: only public titles rated for children (the in-memory lists hold every public title). */
export const kidsSearchWhere = (): { sql: string; params: unknown[] } => ({ sql: `t.published AND ${kidsTitleSql('t')}`, params: [] });

export const ORDERS = {
  // NULLS LAST matches the index's order; without it PostgreSQL sorts the whole table.
  votes: 't.votes DESC NULLS LAST, t.id',
  rating: 't.rating DESC NULLS LAST, t.votes DESC, t.id',
  year: 't.year DESC NULLS LAST, t.votes DESC, t.id',
  newest: 't.created_at DESC, t.id DESC',
  rotten_tomatoes: 't.rt_meter DESC NULLS LAST, t.votes DESC, t.id',
  expected: 't.expected_date NULLS LAST, t.votes DESC, t.id',
} as const;

/** An episode row (`e`) as JSON, as the title page and a season's pages give it (EpisodeRow). */
const EPISODE_JSON = `json_build_object('id', e.id, 'season_number', e.season_number, 'episode_number', e.episode_number,
  'name_en', e.name_en, 'name_fa', e.name_fa, 'year', e.year, 'runtime', e.runtime, 'rating', e.rating)`;
/** A person's titles, the newest first (then the most voted); the id keeps pages from overlapping. */
const FILMOGRAPHY_ORDER = 't.year DESC NULLS LAST, t.votes DESC, t.id';

/**
 * A person's credits of one role (`roleSql`, `$1` the person) as the person index lists them: by
 * the year their title carries, the newest first (migration 0025). For a kids profile the title's
 * own row says whether it is one for children.
 */
function roleCredits(roleSql: string, kids: boolean): string {
  return kids
    ? `credits c JOIN titles k ON k.id = c.title_id WHERE c.person_id = $1 AND c.role = ${roleSql} AND c.title_published${kidsAnd(true, 'k')}`
    : `credits c WHERE c.person_id = $1 AND c.role = ${roleSql} AND c.title_published`;
}

/**
 * Titles `offset`…`offset + limit` of a role in FILMOGRAPHY_ORDER, without ordering every credit:
 * the index gives the year the last of them falls in (`b`, the `end`-th credit in the index's
 * order), and only the credits of that year or later are joined to their titles and sorted by
 * votes, that year's ties included. A role with fewer credits, or a last one without a year
 * (those sort last), is sorted whole. Lateral joins giving `m` (title_id, role, character), a row
 * of nulls when the role has none or is not `wanted`.
 */
function roleCreditsPage(roleSql: string, kids: boolean, end: string, limit: string, offset: string, wanted = 'true'): string {
  const from = `${roleCredits(roleSql, kids)} AND ${wanted}`;
  return `LEFT JOIN LATERAL (SELECT c.title_year FROM ${from} ORDER BY c.title_year DESC NULLS LAST, c.title_id OFFSET (${end}) - 1 LIMIT 1) b ON true
    LEFT JOIN LATERAL (
      SELECT c.title_id, c.role, c.character FROM ${from.replace(' WHERE ', ' JOIN titles v ON v.id = c.title_id WHERE ')}
         AND (b.title_year IS NULL OR c.title_year >= b.title_year)
       ORDER BY c.title_year DESC NULLS LAST, v.votes DESC, c.title_id LIMIT ${limit} OFFSET ${offset}) m ON true`;
}

export type FilmographyRow = TitleCardRow & { role: 'actor' | 'director' | 'writer'; character: string | null; role_total: number };
export const FILMOGRAPHY_ROLES = ['actor', 'director', 'writer'] as const;
/** A person's page's titles: the cards carried, and how many titles each role has in all. */
export interface Filmography {
  rows: FilmographyRow[];
  counts: Record<FilmographyRow['role'], number>;
}

/** How many titles a list counts exactly before its total becomes an estimate (decision 42). */
export const COUNT_EXACT_UP_TO = 10_000;

/** How long a list's exact count may take before its total becomes an estimate (decision 42). */
export const COUNT_DEADLINE_MS = 25;
/** A planner's estimate this many times the exact cap is past it: no count is made (decision 42). */
export const ESTIMATE_TRUSTED_FROM = 2;
/** From how many titles the count has a deadline, and the planner's estimate is asked first. */
export const COUNT_DEADLINE_FROM_TITLES = 200_000;

/** An estimate as people read one: two significant digits (1,234,567 → 1,200,000). */
export function roughly(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

export class CatalogueRepository {
  /**
   * `kept`: the totals and genre ids the app keeps until the catalogue changes (app.catalogue);
   * without them (a reader of cards only) every list counts again.
   */
  constructor(
    private readonly pool: pg.Pool,
    private readonly kept?: ListCaches,
    /** Past this many titles a list's total is an estimate (decision 42); tests lower it. */
    private readonly countExactUpTo = COUNT_EXACT_UP_TO,
    /** A count that takes longer gives way to the estimate (decision 42); undefined: no deadline. */
    private readonly countDeadlineMs: number | undefined = COUNT_DEADLINE_MS,
    /**
     * The deadline applies from this many titles (the planner's count of the table): a small
     * catalogue counts any filter in a few milliseconds, and on a loaded machine a deadline
     * would turn those exact totals into estimates at random.
     */
    private readonly deadlineFromTitles = COUNT_DEADLINE_FROM_TITLES,
  ) {}

  private titlesAbout: { n: number; at: number } | undefined;

  /** The planner's count of titles, read again at most once a minute. */
  private async titlesInTable(): Promise<number> {
    if (this.titlesAbout && Date.now() - this.titlesAbout.at < 60_000) return this.titlesAbout.n;
    const { rows } = await this.pool.query<{ n: number }>(`SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'titles'::regclass`);
    this.titlesAbout = { n: rows[0]?.n ?? 0, at: Date.now() };
    return this.titlesAbout.n;
  }

  /** The title page's fixed queries, prepared once per connection (planning outweighed running). */
  private named<T extends pg.QueryResultRow>(_label: string, text: string, values: unknown[]) {
    // The name comes from the text: a name shared by two different statements collides on a connection.
    const name = `c_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
    return this.pool.query<T>({ name, text, values });
  }

  /**
   * Every genre's Persian name by id: the app's, kept until the catalogue changes (read once, a
   * few dozen rows), or read for this call by a reader without it. `fresh` reads them again.
   */
  private async genreNames(fresh = false): Promise<Map<number, string>> {
    const kept = this.kept;
    if (kept && kept.genreNames.size > 0 && !fresh) return kept.genreNames;
    const generation = kept?.generation();
    const { rows } = await this.named<{ id: number; name_fa: string }>('genre_names', 'SELECT id, name_fa FROM genres', []);
    const names = new Map(rows.map((r) => [r.id, r.name_fa]));
    // Names read while the catalogue changed may be the old ones: used for this answer, not kept.
    if (kept && generation === kept.generation()) {
      kept.genreNames.clear();
      for (const [id, name] of names) kept.genreNames.set(id, name);
    }
    return names;
  }

  /** Rows of cards with their genres named, in the order the row lists them (migration 0026). */
  private async withGenres<T extends { genres: TitleCardRow['genres'] }>(read: Promise<pg.QueryResult<Read<T>>>): Promise<T[]> {
    const [{ rows }, first] = await Promise.all([read, this.genreNames()]);
    // A genre added since the names were kept (by an import or an operator, seen by this process
    // within a second): read the names again rather than leave it out.
    const names = rows.some((r) => r.genre_ids?.some((id) => !first.has(id))) ? await this.genreNames(true) : first;
    return rows.map(({ genre_ids, ...row }) => ({
      ...row,
      genres: (genre_ids ?? []).flatMap((id) => {
        const titleFa = names.get(id);
        return titleFa === undefined ? [] : [{ id, titleFa }];
      }),
    })) as unknown as T[];
  }

  /** Cards for ids, returned in the order of the ids given (for a kids profile, only those it may see). */
  async cardsByIds(ids: number[], kids = false): Promise<TitleCardRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.withGenres(
      this.pool.query<Read<TitleCardRow>>({
        name: kids ? 'cards_by_ids_kids' : 'cards_by_ids',
        text: `SELECT ${CARD_COLUMNS} FROM titles t WHERE t.id = ANY($1::int[]) AND t.published${kidsAnd(kids)}`,
        values: [ids],
      }),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is TitleCardRow => Boolean(r));
  }

  async list(filter: ListFilter, order: keyof typeof ORDERS, limit: number, offset: number): Promise<{ rows: TitleCardRow[] } & ListTotal> {
    // A slug becomes its id first: `genre_ids @> ARRAY[15]` is planned from the column's element
    // statistics (walk the votes index for a common genre), a sub-select's value is not (a guess
    // of 0.5 %, so a bitmap scan and a sort of every match). A slug that names no genre finds no
    // title: id 0 is never a genre.
    if (filter.genre && !/^\d+$/.test(filter.genre)) filter = { ...filter, genre: String((await this.genreId(filter.genre)) ?? 0) };
    const where = filterSql(filter);
    const n = where.params.length;
    const countKey = `${where.sql}|${JSON.stringify(where.params)}`;
    const cached = this.kept?.totals.get(countKey);
    // The page's ids first, from the order's index alone (every filter column is in it, migration
    // 0024); the cards, genres and all, only for the rows of the page.
    const [page, counted] = await Promise.all([
      this.withGenres(
        this.pool.query<Read<TitleCardRow>>(
          `SELECT ${CARD_COLUMNS} FROM (SELECT t.id FROM titles t WHERE ${where.sql} ORDER BY ${ORDERS[order]} LIMIT $${n + 1} OFFSET $${n + 2}) p
             JOIN titles t ON t.id = p.id ORDER BY ${ORDERS[order]}`,
          [...where.params, limit, offset],
        ),
      ),
      cached ?? this.count(where),
    ]);
    if (cached === undefined) this.kept?.totals.set(countKey, counted);
    return { rows: page, ...counted };
  }

  /**
   * A list's total (decision 42): counted exactly up to {@link countExactUpTo} titles, which stops
   * after that many rows whatever the catalogue's size; past it, the planner's estimate of the
   * rows the filter matches (never fewer than were counted), rounded as people say it, and said
   * to be one. An exact count of a broad filter reads every match: over a million at IMDb's
   * size, seconds each.
   */
  private async count(where: { sql: string; params: unknown[] }): Promise<ListTotal> {
    const cap = this.countExactUpTo;
    // A small catalogue counts any filter in a few milliseconds, always exactly (its estimates
    // are the least reliable); a large one asks the planner first (a fraction of a millisecond).
    // A filter it expects to match ten times more than are counted exactly is past the cap
    // whatever its columns' correlations, and counting its first 10,001 matches would only
    // confirm that.
    const large = (await this.titlesInTable()) >= this.deadlineFromTitles;
    let estimate = large ? await this.estimate(where) : undefined;
    if (estimate !== undefined && estimate >= cap * ESTIMATE_TRUSTED_FROM) return { total: roughly(estimate), estimated: true };
    const text = `SELECT count(*)::int AS total FROM (SELECT 1 FROM titles t WHERE ${where.sql} LIMIT ${cap + 1}) x`;
    // A filter no index serves reads every title to count even a few matches (250 ms at IMDb's
    // size): past its deadline the count gives way to the estimate.
    const deadline = large ? this.countDeadlineMs : undefined;
    const counted =
      deadline === undefined
        ? (await this.pool.query<{ total: number }>(text, where.params)).rows[0]!.total
        : await readWithin(this.pool, deadline, async (c) => (await c.query<{ total: number }>(text, where.params)).rows[0]!.total);
    if (counted !== null && counted <= cap) return { total: counted, estimated: false };
    estimate ??= await this.estimate(where);
    return { total: roughly(Math.max(counted ?? 0, estimate)), estimated: true };
  }

  /** The planner's estimate of the titles a filter matches. */
  private async estimate(where: { sql: string; params: unknown[] }): Promise<number> {
    const plan = await this.pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] | string }>(`EXPLAIN (FORMAT JSON) SELECT 1 FROM titles t WHERE ${where.sql}`, where.params);
    const raw = plan.rows[0]!['QUERY PLAN'];
    return (typeof raw === 'string' ? (JSON.parse(raw) as [{ Plan: { 'Plan Rows': number } }]) : raw)[0].Plan['Plan Rows'];
  }

  /** A genre's id by its slug, kept until the catalogue changes (only slugs that exist are kept). */
  private async genreId(slug: string): Promise<number | undefined> {
    const known = this.kept?.genreIds.get(slug);
    if (known !== undefined) return known;
    const { rows } = await this.pool.query<{ id: number }>({ name: 'genre_by_slug', text: 'SELECT id FROM genres WHERE slug = $1', values: [slug] });
    if (rows[0]) this.kept?.genreIds.set(slug, rows[0].id);
    return rows[0]?.id;
  }

  /** Whether a title is public (and, for a kids profile, rated for children). */
  async visibleTo(id: number, kids: boolean): Promise<boolean> {
    const { rows } = await this.named<{ id: number }>('visible', `SELECT t.id FROM titles t WHERE t.id = $1 AND t.published${kidsAnd(kids)}`, [id]);
    return rows.length > 0;
  }

  async detail(id: number, kids = false): Promise<TitleDetailRow | undefined> {
    const rows = await this.withGenres(this.named<Read<TitleDetailRow>>('title_1', `SELECT ${DETAIL_COLUMNS} FROM titles t WHERE t.id = $1 AND t.published${kidsAnd(kids)}`, [id]));
    return rows[0];
  }

  /** The title's id for an IMDb id (the unique index on imdb_id). */
  async idForImdb(imdbId: string, kids = false): Promise<number | undefined> {
    const { rows } = await this.named<{ id: number }>('title_imdb', `SELECT t.id FROM titles t WHERE t.imdb_id = $1 AND t.published${kidsAnd(kids)}`, [imdbId]);
    return rows[0]?.id;
  }

  /**
   * A title with everything its page shows, in one statement: the page is the most requested
   * read, and seven round trips cost more (in Node and in PostgreSQL) than the work itself.
   */
  async detailWithExtras(id: number, kids = false): Promise<{ row: TitleDetailRow; extras: TitleExtras } | undefined> {
    const rows = await this.withGenres(this.named<Read<TitleDetailRow & TitleExtras>>('title_page', `SELECT ${DETAIL_COLUMNS},
        coalesce((SELECT json_agg(json_build_object('code', c.code, 'nameFa', c.name_fa) ORDER BY tc.position)
                  FROM title_countries tc JOIN countries c ON c.code = tc.country_code WHERE tc.title_id = t.id), '[]') AS countries,
        coalesce((SELECT json_agg(json_build_object('code', l.code, 'nameFa', l.name_fa) ORDER BY tl.position)
                  FROM title_languages tl JOIN languages l ON l.code = tl.language_code WHERE tl.title_id = t.id), '[]') AS languages,
        coalesce((SELECT json_agg(json_build_object('title_id', c.title_id, 'person_id', c.person_id, 'role', c.role, 'character', c.character,
                                                    'slug', p.slug, 'name_en', p.name_en, 'name_fa', p.name_fa) ORDER BY c.role, c.billing)
                  FROM credits c JOIN people p ON p.id = c.person_id WHERE c.title_id = t.id), '[]') AS credits,
        coalesce((SELECT json_agg(${EPISODE_JSON} ORDER BY e.season_number, e.episode_number)
                  FROM (SELECT * FROM episodes e WHERE e.title_id = t.id ORDER BY e.season_number, e.episode_number LIMIT ${TITLE_PAGE_EPISODES}) e), '[]') AS episodes,
        coalesce((SELECT json_agg(json_build_object('number', x.season_number, 'year', s.year, 'episodes', x.n) ORDER BY x.season_number)
                  FROM (SELECT e.season_number, count(*)::int AS n FROM episodes e WHERE e.title_id = t.id GROUP BY e.season_number) x
                  LEFT JOIN seasons s ON s.title_id = t.id AND s.number = x.season_number), '[]') AS seasons,
        coalesce((SELECT json_agg(json_build_object('id', d.id, 'studio', d.studio, 'language', d.language) ORDER BY d.id)
                  FROM dubs d WHERE d.title_id = t.id), '[]') AS dubs,
        (SELECT count(*)::int FROM media_files m WHERE m.title_id = t.id) AS "fileCount"
       FROM titles t WHERE t.id = $1 AND t.published${kidsAnd(kids)}`,
      [id],
    ));
    const r = rows[0];
    if (!r) return undefined;
    const { countries, languages, credits, episodes, seasons, dubs, fileCount, ...row } = r;
    return { row, extras: { countries, languages, credits, episodes, seasons, dubs, fileCount } };
  }

  /**
   * A page of one season's episodes, and how many the season has (the index on title, season and
   * episode serves both). `undefined` when the title is not a series the viewer may see.
   */
  async seasonEpisodes(titleId: number, season: number, limit: number, offset: number, kids = false): Promise<{ rows: EpisodeRow[]; total: number } | undefined> {
    const { rows } = await this.named<{ total: number; page: EpisodeRow[] }>(
      'season_episodes',
      `SELECT (SELECT count(*)::int FROM episodes e WHERE e.title_id = t.id AND e.season_number = $2) AS total,
              coalesce((SELECT json_agg(${EPISODE_JSON} ORDER BY e.episode_number)
                        FROM (SELECT * FROM episodes e WHERE e.title_id = t.id AND e.season_number = $2 ORDER BY e.episode_number LIMIT $3 OFFSET $4) e), '[]') AS page
         FROM titles t WHERE t.id = $1 AND t.type = 'series' AND t.published${kidsAnd(kids)}`,
      [titleId, season, limit, offset],
    );
    const r = rows[0];
    return r && { rows: r.page, total: r.total };
  }

  /**
   * Similar titles: same type, sharing the title's first genre, walked in votes order (stops
   * early on any catalogue size), then ranked by how many genres they share.
   */
  async similarIds(id: number, limit: number, kids = false): Promise<number[]> {
    const { rows } = await this.pool.query<{ id: number }>(
      `WITH me AS (SELECT id, type FROM titles WHERE id = $1),
            g AS (SELECT genre_id FROM title_genres WHERE title_id = $1),
            first AS (SELECT genre_id FROM title_genres WHERE title_id = $1 ORDER BY position LIMIT 1),
            cand AS (
              SELECT t.id, t.votes FROM titles t, me
              WHERE t.type = me.type AND t.id <> me.id AND NOT t.coming_soon AND t.published${kidsAnd(kids)}
                AND EXISTS (SELECT 1 FROM title_genres x WHERE x.title_id = t.id AND x.genre_id = (SELECT genre_id FROM first))
              ORDER BY t.votes DESC LIMIT 300)
       SELECT c.id FROM cand c
       ORDER BY (SELECT count(*) FROM title_genres x WHERE x.title_id = c.id AND x.genre_id IN (SELECT genre_id FROM g)) DESC, c.votes DESC
       LIMIT $2`,
      [id, limit],
    );
    return rows.map((r) => r.id);
  }

  async directorTitleIds(id: number, limit: number, kids = false): Promise<number[]> {
    const { rows } = await this.pool.query<{ id: number }>(
      `SELECT DISTINCT t.id, t.votes FROM credits d JOIN credits c ON c.person_id = d.person_id AND c.role = 'director'
       JOIN titles t ON t.id = c.title_id
       WHERE d.title_id = $1 AND d.role = 'director' AND t.id <> $1 AND t.published${kidsAnd(kids)}
       ORDER BY t.votes DESC LIMIT $2`,
      [id, limit],
    );
    return rows.map((r) => r.id);
  }

  async slideshowIds(placement: 'all' | 'movie' | 'series', limit: number, kids = false): Promise<number[]> {
    const picks = await this.pool.query<{ id: number }>(
      `SELECT s.title_id AS id FROM slideshow_picks s JOIN titles t ON t.id = s.title_id AND t.published${kidsAnd(kids)}
       WHERE s.placement = $1 ORDER BY s.position, s.title_id LIMIT $2`,
      [placement, limit],
    );
    if (picks.rows.length > 0) return picks.rows.map((r) => r.id);
    // No operator picks for this placement: the most-voted recent titles stand in.
    const { rows } = await this.pool.query<{ id: number }>(
      `SELECT t.id FROM titles t WHERE NOT t.coming_soon AND t.published${kidsAnd(kids)} ${placement === 'all' ? '' : 'AND t.type = $2'}
       ORDER BY t.votes DESC LIMIT $1`,
      placement === 'all' ? [limit] : [limit, placement],
    );
    return rows.map((r) => r.id);
  }

  async mediaFiles(titleId: number) {
    const { rows } = await this.pool.query<{
      id: number;
      season_number: number | null;
      episode_number: number | null;
      quality: string;
      size_mb: number;
      codec: string;
      source: string;
      studio: string | null;
      subtitles: string[];
      duration_sec: number | null;
      episode_name: string | null;
    }>(
      // The episode's name comes with its files: a long series' page carries only its first episodes.
      `SELECT f.id, f.season_number, f.episode_number, f.quality, f.size_mb, f.codec, f.source, d.studio, f.subtitles, f.duration_sec,
              coalesce(e.name_fa, e.name_en) AS episode_name
       FROM media_files f LEFT JOIN dubs d ON d.id = f.dub_id LEFT JOIN episodes e ON e.id = f.episode_id
       WHERE f.title_id = $1
       ORDER BY f.season_number NULLS FIRST, f.episode_number NULLS FIRST, d.studio NULLS FIRST,
                array_position(ARRAY['480p','720p','1080p','2160p'], f.quality), f.id`,
      [titleId],
    );
    return rows;
  }

  /**
   * A person's row with the titles it names (best starred, best directed) that `kids` may see:
   * one statement for a person's page, where a row and its references were two round trips.
   */
  async personWithRefs(id: number, kids = false): Promise<{ person: PersonRow; refs: TitleRefRow[] } | undefined> {
    const ref = (column: string) =>
      `(SELECT json_build_object('id', t.id, 'slug', t.slug, 'title_en', t.title_en, 'title_fa', t.title_fa, 'year', t.year)
          FROM titles t WHERE t.id = p.${column} AND t.published${kidsAnd(kids)})`;
    const { rows } = await this.named<PersonRow & { starred: TitleRefRow | null; directed: TitleRefRow | null }>(
      kids ? 'person_refs_kids' : 'person_refs',
      `SELECT p.id, p.imdb_id, p.slug, p.name_en, p.name_fa, p.birth_year, p.death_year, p.bio_fa, p.bio_en, p.professions,
              p.best_starred_id, p.best_directed_id, ${ref('best_starred_id')} AS starred, ${ref('best_directed_id')} AS directed
         FROM people p WHERE p.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    const { starred, directed, ...person } = row;
    return { person, refs: [starred, directed].filter((r): r is TitleRefRow => r !== null) };
  }

  async peopleByIds(ids: number[]): Promise<PersonRow[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.pool.query<PersonRow>(
      `SELECT id, imdb_id, slug, name_en, name_fa, birth_year, death_year, null AS bio_fa, null AS bio_en, professions, best_starred_id, best_directed_id
       FROM people WHERE id = ANY($1::int[])`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is PersonRow => Boolean(r));
  }

  async titleRefs(ids: number[], kids = false) {
    if (ids.length === 0) return new Map<number, TitleRefRow>();
    const { rows } = await this.pool.query<TitleRefRow>(
      `SELECT t.id, t.slug, t.title_en, t.title_fa, t.year FROM titles t WHERE t.id = ANY($1::int[]) AND t.published${kidsAnd(kids)}`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  /**
   * A person's page (decisions 44, 47): each `carried` role's first `perRole` titles in
   * {@link FILMOGRAPHY_ORDER}, and every role's count, in one statement. `rows` are the cards, in
   * each role's order; a role with titles has its count even when its titles are not carried.
   */
  async filmography(personId: number, perRole: number, kids = false, carried: readonly FilmographyRow['role'][] = FILMOGRAPHY_ROLES): Promise<Filmography> {
    const rows = await this.withGenres(this.named<Read<Omit<FilmographyRow, 'id'> & { id: number | null }>>(
      kids ? 'filmography_kids' : 'filmography',
      // Each role's first titles and its count from the person index (migration 0025): at IMDb's
      // size the busiest have ~1,500 credits, which were all ordered by their titles' year and
      // votes (17 ms a page from indexes alone, 0023). A role not carried is only counted.
      `SELECT ${CARD_COLUMNS}, r.role, m.character, n.role_total
         FROM (VALUES ('actor'), ('director'), ('writer')) r(role)
         CROSS JOIN LATERAL (SELECT count(*)::int AS role_total FROM ${roleCredits('r.role', kids)}) n
         ${roleCreditsPage('r.role', kids, '$2::int', '$2::int', '0', 'r.role = ANY($3::text[])')}
         LEFT JOIN titles t ON t.id = m.title_id
        WHERE n.role_total > 0
        ORDER BY r.role, ${FILMOGRAPHY_ORDER}`,
      [personId, perRole, carried],
    ));
    const counts = { actor: 0, director: 0, writer: 0 };
    for (const r of rows) counts[r.role] = r.role_total;
    return { rows: rows.filter((r): r is FilmographyRow => r.id !== null), counts };
  }

  /** One role's titles of a person, a page at a time, in the order of their page; undefined when there is no such person. */
  async personCredits(personId: number, role: FilmographyRow['role'], limit: number, offset: number, kids = false): Promise<{ rows: FilmographyRow[]; total: number } | undefined> {
    const [page, count] = await Promise.all([
      this.withGenres(this.named<Read<FilmographyRow>>(
        kids ? 'person_credits_kids' : 'person_credits',
        // As on the person's page: the page found from the person index, the cards built only for it.
        `SELECT ${CARD_COLUMNS}, m.role, m.character, 0 AS role_total
           FROM (SELECT 1) one
           ${roleCreditsPage('$2', kids, '$3::int + $4::int', '$3::int', '$4::int')}
           JOIN titles t ON t.id = m.title_id
          ORDER BY ${FILMOGRAPHY_ORDER}`,
        [personId, role, limit, offset],
      )),
      // The person's row is asked for beside the count: a missing person is a 404, not an empty page.
      this.named<{ total: number; found: boolean }>(
        kids ? 'person_credits_count_kids' : 'person_credits_count',
        `SELECT (SELECT count(*)::int FROM ${roleCredits('$2', kids)}) AS total, EXISTS (SELECT 1 FROM people WHERE id = $1) AS found`,
        [personId, role],
      ),
    ]);
    const { total, found } = count.rows[0]!;
    return found ? { rows: page, total } : undefined;
  }

  async collections(limit: number, offset: number, kids = false) {
    const [page, count] = await Promise.all([
      this.pool.query<CollectionRow>(`${collectionSql(kids)} ORDER BY c.id LIMIT $1 OFFSET $2`, [limit, offset]),
      this.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM collections`),
    ]);
    return { rows: page.rows, total: count.rows[0]!.total };
  }

  async collection(id: number, kids = false): Promise<CollectionRow | undefined> {
    const { rows } = await this.pool.query<CollectionRow>(`${collectionSql(kids)} WHERE c.id = $1`, [id]);
    return rows[0];
  }

  async collectionTitleIds(id: number, limit: number, offset: number, kids = false): Promise<{ ids: number[]; total: number }> {
    const [page, count] = await Promise.all([
      this.pool.query<{ title_id: number }>(
        `SELECT ct.title_id FROM collection_titles ct JOIN titles t ON t.id = ct.title_id AND t.published${kidsAnd(kids)}
         WHERE ct.collection_id = $1 ORDER BY ct.position, ct.title_id LIMIT $2 OFFSET $3`,
        [id, limit, offset],
      ),
      this.pool.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM collection_titles ct JOIN titles t ON t.id = ct.title_id AND t.published${kidsAnd(kids)} WHERE ct.collection_id = $1`,
        [id],
      ),
    ]);
    return { ids: page.rows.map((r) => r.title_id), total: count.rows[0]!.total };
  }

  async genres(kids = false) {
    // A kids profile's counts walk only the children's titles (few); everyone else's subtract the few hidden ones.
    const count = kids
      ? `(SELECT count(*) FROM titles t JOIN title_genres tg ON tg.title_id = t.id AND tg.genre_id = g.id WHERE t.published${kidsAnd(true)})::int`
      : `((SELECT count(*) FROM title_genres tg WHERE tg.genre_id = g.id)
                 - (SELECT count(*) FROM titles h JOIN title_genres tg ON tg.title_id = h.id AND tg.genre_id = g.id WHERE NOT h.published))::int`;
    const { rows } = await this.pool.query<{ id: number; slug: string; nameFa: string; nameEn: string; titleCount: number }>(
      `SELECT g.id, g.slug, g.name_fa AS "nameFa", g.name_en AS "nameEn", ${count} AS "titleCount"
       FROM genres g ORDER BY "titleCount" DESC, g.name_fa`,
    );
    return rows;
  }

  async countries(kids = false) {
    const count = kids
      ? `(SELECT count(*) FROM titles t JOIN title_countries tc ON tc.title_id = t.id AND tc.country_code = c.code WHERE t.published${kidsAnd(true)})::int`
      : `((SELECT count(*) FROM title_countries tc WHERE tc.country_code = c.code)
                 - (SELECT count(*) FROM titles h JOIN title_countries tc ON tc.title_id = h.id AND tc.country_code = c.code WHERE NOT h.published))::int`;
    const { rows } = await this.pool.query<{ code: string; nameFa: string; nameEn: string; titleCount: number }>(
      `SELECT c.code, c.name_fa AS "nameFa", c.name_en AS "nameEn", ${count} AS "titleCount"
       FROM countries c ORDER BY "titleCount" DESC, c.name_fa`,
    );
    return rows.filter((r) => r.titleCount > 0);
  }
}

export interface CollectionRow {
  id: number;
  slug: string;
  title_fa: string;
  title_en: string;
  description_fa: string | null;
  listing: 'grid' | 'ranked';
  title_count: number;
  poster_ids: number[];
}

const collectionSql = (kids: boolean) => `SELECT c.id, c.slug, c.title_fa, c.title_en, c.description_fa, c.listing,
  (SELECT count(*)::int FROM collection_titles ct JOIN titles t ON t.id = ct.title_id AND t.published${kidsAnd(kids)} WHERE ct.collection_id = c.id) AS title_count,
  coalesce((SELECT array_agg(x.title_id) FROM (SELECT ct.title_id FROM collection_titles ct JOIN titles t ON t.id = ct.title_id AND t.published${kidsAnd(kids)}
                                              WHERE ct.collection_id = c.id ORDER BY ct.position LIMIT 4) x), '{}') AS poster_ids
  FROM collections c`;
