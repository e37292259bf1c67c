import type { AdminTitle, AdminTitleRow, adminTitleCreate, adminTitleQuery, adminTitleUpdate } from '@parde/contract';
import { isLocalImdbId } from '@parde/contract';
import { slugify } from '@parde/persian';
import type pg from 'pg';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { webPaths } from '../../lib/urls';
import { pgCode, pgCodes, pageMeta } from '../../db/executor';
import { recordAudit, type AuditActor } from '../admin/audit';
import { searchIds } from '../search/search.service';
import { m } from './messages';
import { forgetWords, reindexTitle } from './search-words';
import { catalogueChange, one, type CatalogueTx } from './tx';
import type { Catalogue } from '../../lib/catalogue-version';

type Create = z.output<typeof adminTitleCreate>;
type Update = z.output<typeof adminTitleUpdate>;
type Query = z.output<typeof adminTitleQuery>;

/** The columns an operator edits, by the form's field name. */
const COLUMNS = {
  type: 'type',
  title_fa: 'title_fa',
  title_en: 'title_en',
  title_original: 'title_original',
  imdb_id: 'imdb_id',
  year: 'year',
  end_year: 'end_year',
  runtime: 'runtime',
  plot_fa: 'plot_fa',
  plot_en: 'plot_en',
  age_rating: 'age_rating',
  release_date: 'release_date',
  trailer_youtube_id: 'trailer_youtube_id',
  is_free: 'is_free',
  coming_soon: 'coming_soon',
  expected_date: 'expected_date',
} as const;
type Field = keyof typeof COLUMNS;
const FIELDS = Object.keys(COLUMNS) as Field[];
/** Changing these changes what the title is found by. */
const NAME_FIELDS: Field[] = ['title_fa', 'title_en', 'title_original', 'year'];

interface TitleRow {
  id: number;
  imdb_id: string;
  type: 'movie' | 'series';
  title_fa: string | null;
  title_en: string;
  title_original: string | null;
  slug: string;
  year: number | null;
  end_year: number | null;
  runtime: number | null;
  plot_fa: string | null;
  plot_en: string | null;
  age_rating: string | null;
  release_date: string | null;
  rating: number | null;
  votes: number;
  published: boolean;
  coming_soon: boolean;
  expected_date: string | null;
  is_free: boolean;
  has_dub: boolean;
  trailer_youtube_id: string | null;
  has_video: boolean;
  created_at: Date;
  updated_at: Date;
}

const ROW_COLUMNS = `t.id, t.imdb_id, t.type, t.title_fa, t.title_en, t.title_original, t.slug, t.year, t.end_year, t.runtime, t.plot_fa, t.plot_en,
  t.age_rating, t.release_date::text AS release_date, t.rating, t.votes, t.published, t.coming_soon, t.expected_date::text AS expected_date,
  t.is_free, t.has_dub, t.trailer_youtube_id, t.created_at, t.updated_at,
  EXISTS (SELECT 1 FROM media_assets a WHERE a.title_id = t.id) AS has_video`;

const iso = (d: Date | string) => new Date(d).toISOString();

export function toAdminTitleRow(r: TitleRow): AdminTitleRow {
  return {
    id: r.id,
    imdbId: r.imdb_id,
    localImdbId: isLocalImdbId(r.imdb_id),
    type: r.type,
    titleFa: r.title_fa,
    titleEn: r.title_en,
    year: r.year,
    published: r.published,
    comingSoon: r.coming_soon,
    expectedDate: r.expected_date,
    isFree: r.is_free,
    hasDub: r.has_dub,
    hasVideo: r.has_video,
    votes: r.votes,
    path: webPaths.title(r.id, r.slug),
    updatedAt: iso(r.updated_at),
  };
}

/** What the audit log keeps of a title: the fields an operator edits. */
function snapshot(r: Pick<TitleRow, Field | 'published'> & { genre_ids?: number[]; country_codes?: string[]; language_codes?: string[] }) {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) out[f] = r[f];
  out.published = r.published;
  return out;
}

const titleNotFound = () => AppError.notFound(m.titleNotFound);

export class AdminTitlesService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly catalogue: Catalogue,
  ) {}

  /** The panel's list: every title, hidden ones too, newest first; a query searches names and ids. */
  async list(query: Query): Promise<{ data: AdminTitleRow[]; meta: ReturnType<typeof pageMeta> }> {
    const conds: string[] = [];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (query.type !== 'all') conds.push(`t.type = ${p(query.type)}`);
    if (query.status === 'published') conds.push('t.published');
    if (query.status === 'hidden') conds.push('NOT t.published');
    if (query.coming_soon !== undefined) conds.push(query.coming_soon ? 't.coming_soon' : 'NOT t.coming_soon');
    if (query.is_free !== undefined) conds.push(query.is_free ? 't.is_free' : 'NOT t.is_free');
    if (query.has_video !== undefined) conds.push(`${query.has_video ? '' : 'NOT '}EXISTS (SELECT 1 FROM media_assets a WHERE a.title_id = t.id)`);
    const offset = (query.page - 1) * query.per_page;
    const q = query.q?.trim() ?? '';

    if (q) {
      let ids: number[];
      if (/^tt\d{1,10}$/i.test(q)) {
        ids = (await this.pool.query<{ id: number }>(`SELECT t.id FROM titles t WHERE t.imdb_id = ${p(q.toLowerCase())}${conds.length ? ` AND ${conds.join(' AND ')}` : ''}`, params)).rows.map((r) => r.id);
      } else if (/^\d{1,9}$/.test(q)) {
        ids = (await this.pool.query<{ id: number }>(`SELECT t.id FROM titles t WHERE t.id = ${p(Number(q))}${conds.length ? ` AND ${conds.join(' AND ')}` : ''}`, params)).rows.map((r) => r.id);
      } else {
        // The search dictionary knows hidden titles' words too; only the public index leaves them out.
        const hits = await searchIds(this.pool, 'titles', q, { limit: 100, where: { sql: conds.length ? conds.join(' AND ') : 'true', params } });
        ids = hits.map((h) => h.id);
      }
      const page = ids.slice(offset, offset + query.per_page);
      const rows = page.length ? (await this.pool.query<TitleRow>(`SELECT ${ROW_COLUMNS} FROM titles t WHERE t.id = ANY($1::int[])`, [page])).rows : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { data: page.flatMap((id) => (byId.has(id) ? [toAdminTitleRow(byId.get(id)!)] : [])), meta: pageMeta(query.page, query.per_page, ids.length) };
    }

    const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    const n = params.length;
    const [page, total] = await Promise.all([
      this.pool.query<TitleRow>(`SELECT ${ROW_COLUMNS} FROM titles t ${where} ORDER BY t.id DESC LIMIT $${n + 1} OFFSET $${n + 2}`, [...params, query.per_page, offset]),
      this.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM titles t ${where}`, params),
    ]);
    return { data: page.rows.map(toAdminTitleRow), meta: pageMeta(query.page, query.per_page, total.rows[0]!.total) };
  }

  async get(id: number, q: pg.Pool | pg.PoolClient = this.pool): Promise<AdminTitle> {
    const r = await one<
      TitleRow & {
        genres: AdminTitle['genres'];
        countries: AdminTitle['countries'];
        languages: AdminTitle['languages'];
        credits: AdminTitle['credits'];
        dubs: AdminTitle['dubs'];
        slideshow: AdminTitle['slideshow'];
        collections: AdminTitle['collections'];
      }
    >(
      q,
      `SELECT ${ROW_COLUMNS},
        coalesce((SELECT json_agg(json_build_object('id', g.id, 'nameFa', g.name_fa) ORDER BY tg.position, g.id)
                  FROM title_genres tg JOIN genres g ON g.id = tg.genre_id WHERE tg.title_id = t.id), '[]') AS genres,
        coalesce((SELECT json_agg(json_build_object('code', c.code, 'nameFa', c.name_fa) ORDER BY tc.position, c.code)
                  FROM title_countries tc JOIN countries c ON c.code = tc.country_code WHERE tc.title_id = t.id), '[]') AS countries,
        coalesce((SELECT json_agg(json_build_object('code', l.code, 'nameFa', l.name_fa) ORDER BY tl.position, l.code)
                  FROM title_languages tl JOIN languages l ON l.code = tl.language_code WHERE tl.title_id = t.id), '[]') AS languages,
        coalesce((SELECT json_agg(json_build_object('personId', p.id, 'nameFa', p.name_fa, 'nameEn', p.name_en, 'role', c.role, 'character', c.character, 'position', c.billing)
                           ORDER BY c.role, c.billing, p.id)
                  FROM credits c JOIN people p ON p.id = c.person_id WHERE c.title_id = t.id), '[]') AS credits,
        coalesce((SELECT json_agg(json_build_object('id', d.id, 'studio', d.studio, 'language', d.language,
                                                    'files', (SELECT count(*) FROM media_files f WHERE f.title_id = t.id AND f.dub_id = d.id)) ORDER BY d.id)
                  FROM dubs d WHERE d.title_id = t.id), '[]') AS dubs,
        coalesce((SELECT json_agg(s.placement ORDER BY s.placement) FROM slideshow_picks s WHERE s.title_id = t.id), '[]') AS slideshow,
        coalesce((SELECT json_agg(json_build_object('id', c.id, 'titleFa', c.title_fa) ORDER BY c.id)
                  FROM collection_titles ct JOIN collections c ON c.id = ct.collection_id WHERE ct.title_id = t.id), '[]') AS collections
       FROM titles t WHERE t.id = $1`,
      [id],
    );
    if (!r) throw titleNotFound();
    const [seasons, episodes] = await Promise.all([
      q.query<{ id: number; number: number; year: number | null }>('SELECT id, number, year FROM seasons WHERE title_id = $1 ORDER BY number', [id]),
      q.query<{ id: number; imdb_id: string; season_number: number; episode_number: number; name_fa: string | null; name_en: string | null; year: number | null; runtime: number | null; has_video: boolean }>(
        `SELECT e.id, e.imdb_id, e.season_number, e.episode_number, e.name_fa, e.name_en, e.year, e.runtime,
                EXISTS (SELECT 1 FROM media_assets a WHERE a.title_id = e.title_id AND coalesce(a.episode_id, 0) = e.id) AS has_video
         FROM episodes e WHERE e.title_id = $1 ORDER BY e.season_number, e.episode_number, e.id`,
        [id],
      ),
    ]);
    return {
      ...toAdminTitleRow(r),
      slug: r.slug,
      titleOriginal: r.title_original,
      endYear: r.end_year,
      runtime: r.runtime,
      plotFa: r.plot_fa,
      plotEn: r.plot_en,
      ageRating: r.age_rating,
      releaseDate: r.release_date,
      trailerYoutubeId: r.trailer_youtube_id,
      rating: r.rating === null ? null : Math.round(r.rating * 10) / 10,
      genres: r.genres,
      countries: r.countries,
      languages: r.languages,
      seasons: seasons.rows.map((s) => ({
        id: s.id,
        number: s.number,
        year: s.year,
        episodes: episodes.rows
          .filter((e) => e.season_number === s.number)
          .map((e) => ({
            id: e.id,
            imdbId: e.imdb_id,
            seasonNumber: e.season_number,
            episodeNumber: e.episode_number,
            nameFa: e.name_fa,
            nameEn: e.name_en,
            year: e.year,
            runtime: e.runtime,
            hasVideo: e.has_video,
          })),
      })),
      credits: r.credits,
      dubs: r.dubs,
      slideshow: r.slideshow,
      collections: r.collections,
      createdAt: iso(r.created_at),
    };
  }

  async create(actor: AuditActor, input: Create): Promise<AdminTitle> {
    checkConsistency(input);
    const id = await catalogueChange(this.pool, this.catalogue, async (tx) => {
      await checkRefs(tx, input);
      // The id first: a title without an IMDb id gets a local one made from it.
      const id = (await tx.q.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('titles', 'id'))::int AS id`)).rows[0]!.id;
      const imdbId = input.imdb_id ?? localImdbId(id);
      try {
        await tx.q.query(
          `INSERT INTO titles (id, imdb_id, type, imdb_type, title_en, title_fa, title_original, slug, year, end_year, runtime, plot_fa, plot_en,
                               age_rating, release_date, trailer_youtube_id, is_free, coming_soon, expected_date, published)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, false)`,
          [
            id,
            imdbId,
            input.type,
            input.type === 'series' ? 'tvSeries' : 'movie',
            input.title_en,
            input.title_fa,
            input.title_original ?? null,
            slugify(input.title_en),
            input.year ?? null,
            input.end_year ?? null,
            input.runtime ?? null,
            input.plot_fa ?? null,
            input.plot_en ?? null,
            input.age_rating ?? null,
            input.release_date ?? null,
            input.trailer_youtube_id ?? null,
            input.is_free ?? false,
            input.coming_soon ?? false,
            input.expected_date ?? null,
          ],
        );
      } catch (err) {
        if (pgCode(err) === pgCodes.unique) throw AppError.validation({ imdb_id: [m.imdbTaken] }, m.imdbTaken);
        throw err;
      }
      await writeRelations(tx, id, input);
      await reindexTitle(tx.q, id);
      const after = await this.get(id, tx.q);
      await recordAudit(tx.db, actor, { action: 'title.create', entity: 'title', entityId: id, before: null, after: { ...snapshotOf(after) } });
      return id;
    });
    return this.get(id);
  }

  async update(actor: AuditActor, id: number, input: Update): Promise<AdminTitle> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const current = await lockTitle(tx, id);
      const merged = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as TitleRow;
      checkConsistency(merged);
      await checkRefs(tx, input);
      if (input.type === 'movie' && current.type === 'series') {
        const seasons = await one<{ n: number }>(tx.q, 'SELECT count(*)::int AS n FROM seasons WHERE title_id = $1', [id]);
        if (seasons!.n > 0) throw AppError.validation({ type: [m.typeWithSeasons] }, m.typeWithSeasons);
      }
      const before = snapshotOf(await this.get(id, tx.q));
      const sets: string[] = [];
      const params: unknown[] = [id];
      for (const f of FIELDS) {
        if (input[f] === undefined) continue;
        // Clearing the IMDb id gives the title a local one again.
        const value = f === 'imdb_id' ? (input.imdb_id ?? (isLocalImdbId(current.imdb_id) ? current.imdb_id : localImdbId(id))) : input[f];
        params.push(value);
        sets.push(`${COLUMNS[f]} = $${params.length}`);
      }
      if (input.type) {
        params.push(input.type === 'series' ? 'tvSeries' : 'movie');
        sets.push(`imdb_type = $${params.length}`);
      }
      if (input.title_en !== undefined) {
        params.push(slugify(input.title_en));
        sets.push(`slug = $${params.length}`);
      }
      sets.push('updated_at = now()');
      try {
        await tx.q.query(`UPDATE titles SET ${sets.join(', ')} WHERE id = $1`, params);
      } catch (err) {
        if (pgCode(err) === pgCodes.unique) throw AppError.validation({ imdb_id: [m.imdbTaken] }, m.imdbTaken);
        throw err;
      }
      await writeRelations(tx, id, input);
      if (NAME_FIELDS.some((f) => input[f] !== undefined)) await reindexTitle(tx.q, id);
      const after = snapshotOf(await this.get(id, tx.q));
      const changed = Object.keys(after).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
      // Saving the form unchanged is no change: nothing for the log.
      if (changed.length === 0) return;
      await recordAudit(tx.db, actor, {
        action: 'title.update',
        entity: 'title',
        entityId: id,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      });
    });
    return this.get(id);
  }

  /** Publishes or hides a title; hidden, it is gone from every public list, page, search and the player. */
  async setPublished(actor: AuditActor, id: number, published: boolean): Promise<AdminTitle> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const current = await lockTitle(tx, id);
      if (current.published === published) return;
      await tx.q.query('UPDATE titles SET published = $2, updated_at = now() WHERE id = $1', [id, published]);
      await recordAudit(tx.db, actor, { action: published ? 'title.publish' : 'title.hide', entity: 'title', entityId: id, before: { published: current.published }, after: { published } });
    });
    return this.get(id);
  }

  /**
   * Deletes a title made by mistake. Only a hidden one, without video, and that no member has
   * watched, rated, commented on or had a request answered with: those keep members' records,
   * so such a title stays hidden instead. Payments never name titles.
   */
  async remove(actor: AuditActor, id: number): Promise<void> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const current = await lockTitle(tx, id);
      if (current.published) throw new AppError('CONFLICT', 409, m.deletePublished);
      const use = (await one<{ video: boolean; members: boolean }>(
        tx.q,
        `SELECT EXISTS (SELECT 1 FROM media_assets WHERE title_id = $1) OR EXISTS (SELECT 1 FROM media_ingests WHERE title_id = $1) AS video,
                EXISTS (SELECT 1 FROM watch_history WHERE title_id = $1) OR EXISTS (SELECT 1 FROM comments WHERE title_id = $1)
                OR EXISTS (SELECT 1 FROM title_ratings WHERE title_id = $1) OR EXISTS (SELECT 1 FROM content_requests WHERE title_id = $1) AS members`,
        [id],
      ))!;
      if (use.video) throw new AppError('CONFLICT', 409, m.hasVideo);
      if (use.members) throw new AppError('CONFLICT', 409, m.deleteMemberData);
      const before = snapshotOf(await this.get(id, tx.q));
      const words = (await one<{ word_ids: number[] }>(tx.q, 'SELECT word_ids FROM titles WHERE id = $1', [id]))!.word_ids;
      await forgetWords(tx.q, 'titles', words);
      await tx.q.query('DELETE FROM titles WHERE id = $1', [id]);
      await recordAudit(tx.db, actor, { action: 'title.delete', entity: 'title', entityId: id, before, after: null });
    });
  }
}

/** A title's local IMDb id: `tt9` and its own id in eight digits (see `isLocalImdbId`). */
export const localImdbId = (id: number) => `tt9${String(id).padStart(8, '0')}`;

function snapshotOf(t: AdminTitle): Record<string, unknown> {
  return {
    ...snapshot({
      type: t.type,
      title_fa: t.titleFa,
      title_en: t.titleEn,
      title_original: t.titleOriginal,
      imdb_id: t.imdbId,
      year: t.year,
      end_year: t.endYear,
      runtime: t.runtime,
      plot_fa: t.plotFa,
      plot_en: t.plotEn,
      age_rating: t.ageRating,
      release_date: t.releaseDate,
      trailer_youtube_id: t.trailerYoutubeId,
      is_free: t.isFree,
      coming_soon: t.comingSoon,
      expected_date: t.expectedDate,
      published: t.published,
    }),
    genre_ids: t.genres.map((g) => g.id),
    country_codes: t.countries.map((c) => c.code),
    language_codes: t.languages.map((l) => l.code),
  };
}

/** Rules across fields, checked on the title as it will be after the change. */
function checkConsistency(t: { year?: number | null; end_year?: number | null; coming_soon?: boolean; expected_date?: string | null }) {
  const errors: Record<string, string[]> = {};
  if (t.year != null && t.end_year != null && t.end_year < t.year) errors.end_year = [m.endBeforeStart];
  if (t.coming_soon && !t.expected_date) errors.expected_date = [m.expectedDateRequired];
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

async function checkRefs(tx: CatalogueTx, input: { genre_ids?: number[]; country_codes?: string[]; language_codes?: string[] }) {
  const errors: Record<string, string[]> = {};
  const count = async (sql: string, values: unknown[]) => (await one<{ n: number }>(tx.q, sql, [values]))!.n;
  if (input.genre_ids?.length && (await count('SELECT count(*)::int AS n FROM genres WHERE id = ANY($1::int[])', [...new Set(input.genre_ids)])) !== new Set(input.genre_ids).size) {
    errors.genre_ids = [m.unknownGenres];
  }
  if (input.country_codes?.length && (await count('SELECT count(*)::int AS n FROM countries WHERE code = ANY($1::text[])', [...new Set(input.country_codes)])) !== new Set(input.country_codes).size) {
    errors.country_codes = [m.unknownCountries];
  }
  if (input.language_codes?.length && (await count('SELECT count(*)::int AS n FROM languages WHERE code = ANY($1::text[])', [...new Set(input.language_codes)])) !== new Set(input.language_codes).size) {
    errors.language_codes = [m.unknownLanguages];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

/** Genres, countries and languages, each in the order chosen (the first is the main one). */
async function writeRelations(tx: CatalogueTx, id: number, input: { genre_ids?: number[]; country_codes?: string[]; language_codes?: string[] }) {
  const write = async (table: string, column: string, type: string, values: (number | string)[] | undefined) => {
    if (values === undefined) return;
    await tx.q.query(`DELETE FROM ${table} WHERE title_id = $1`, [id]);
    const unique = [...new Set(values)];
    if (unique.length) {
      await tx.q.query(`INSERT INTO ${table} (title_id, ${column}, position) SELECT $1, x.v, (x.n - 1)::smallint FROM unnest($2::${type}[]) WITH ORDINALITY AS x(v, n)`, [id, unique]);
    }
  };
  await write('title_genres', 'genre_id', 'int', input.genre_ids);
  await write('title_countries', 'country_code', 'text', input.country_codes);
  await write('title_languages', 'language_code', 'text', input.language_codes);
}

/** The title, locked for the rest of the transaction (two operators' changes to it take turns). */
export async function lockTitle(tx: CatalogueTx, id: number): Promise<TitleRow> {
  const row = await one<TitleRow>(tx.q, `SELECT ${ROW_COLUMNS} FROM titles t WHERE t.id = $1 FOR UPDATE OF t`, [id]);
  if (!row) throw titleNotFound();
  return row;
}
