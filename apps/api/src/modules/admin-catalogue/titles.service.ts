import type { AdminTitle, AdminTitleRow, adminTitleCreate, adminTitleQuery, adminTitleUpdate } from '@parde/contract';
import { isLocalImdbId } from '@parde/contract';
import { slugify } from '@parde/persian';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { webPaths } from '../../lib/urls';
import { pgCode, pgCodes, pageMeta, type Executor } from '../../db/executor';
import type { titles } from '../../db/schema/index';
import { recordAudit, type AuditActor } from '../admin/audit';
import { searchIds } from '../search/search.service';
import * as repo from './admin-catalogue.repository';
import type { TitleFilter, TitleRow } from './admin-catalogue.repository';
import { m } from './messages';
import { forgetWords, reindexTitle } from './search-words';
import type { Catalogue } from '../../lib/catalogue-version';
import { catalogueChange, type CatalogueTx } from './tx';

type Create = z.output<typeof adminTitleCreate>;
type Update = z.output<typeof adminTitleUpdate>;
type Query = z.output<typeof adminTitleQuery>;

/** The columns an operator edits, by the form's field name. */
const COLUMNS = {
  type: 'type',
  title_fa: 'titleFa',
  title_en: 'titleEn',
  title_original: 'titleOriginal',
  imdb_id: 'imdbId',
  year: 'year',
  end_year: 'endYear',
  runtime: 'runtime',
  plot_fa: 'plotFa',
  plot_en: 'plotEn',
  age_rating: 'ageRating',
  release_date: 'releaseDate',
  trailer_youtube_id: 'trailerYoutubeId',
  is_free: 'isFree',
  coming_soon: 'comingSoon',
  expected_date: 'expectedDate',
} as const satisfies Record<string, keyof typeof titles.$inferInsert>;
type Field = keyof typeof COLUMNS;
const FIELDS = Object.keys(COLUMNS) as Field[];
/** Changing these changes what the title is found by. */
const NAME_FIELDS: Field[] = ['title_fa', 'title_en', 'title_original', 'year'];

const iso = (d: Date | string) => new Date(d).toISOString();

export function toAdminTitleRow(r: TitleRow): AdminTitleRow {
  return {
    id: r.id,
    imdbId: r.imdbId,
    localImdbId: isLocalImdbId(r.imdbId),
    type: r.type as AdminTitleRow['type'],
    titleFa: r.titleFa,
    titleEn: r.titleEn,
    year: r.year,
    published: r.published,
    comingSoon: r.comingSoon,
    expectedDate: r.expectedDate,
    isFree: r.isFree,
    hasDub: r.hasDub,
    hasVideo: r.hasVideo,
    votes: r.votes,
    path: webPaths.title(r.id, r.slug),
    updatedAt: iso(r.updatedAt),
  };
}

/** What the audit log keeps of a title: the fields an operator edits. */
function snapshot(r: Record<Field | 'published', unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) out[f] = r[f];
  out.published = r.published;
  return out;
}

const titleNotFound = () => AppError.notFound(m.titleNotFound);

export class AdminTitlesService {
  private readonly pool: Database['pool'];
  private readonly db: Database['db'];

  constructor(
    database: Pick<Database, 'db' | 'pool'>,
    private readonly catalogue: Pick<Catalogue, 'changed'>,
  ) {
    this.pool = database.pool;
    this.db = database.db;
  }

  /** The panel's list: every title, hidden ones too, newest first; a query searches names and ids. */
  async list(query: Query): Promise<{ data: AdminTitleRow[]; meta: ReturnType<typeof pageMeta> }> {
    const filter: TitleFilter = { type: query.type, status: query.status, comingSoon: query.coming_soon, isFree: query.is_free, hasVideo: query.has_video };
    const offset = (query.page - 1) * query.per_page;
    const q = query.q?.trim() ?? '';

    if (q) {
      let ids: number[];
      if (/^tt\d{1,10}$/i.test(q)) ids = await repo.titleIdsByImdb(this.db, q.toLowerCase(), filter);
      else if (/^\d{1,9}$/.test(q)) ids = await repo.titleIdsById(this.db, Number(q), filter);
      else {
        // The search dictionary knows hidden titles' words too; only the public index leaves them out.
        const hits = await searchIds(this.pool, 'titles', q, { limit: 100, where: repo.titleFilterForSearch(filter) });
        ids = hits.map((h) => h.id);
      }
      const page = ids.slice(offset, offset + query.per_page);
      const rows = page.length ? await repo.titleRowsByIds(this.db, page) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { data: page.flatMap((id) => (byId.has(id) ? [toAdminTitleRow(byId.get(id)!)] : [])), meta: pageMeta(query.page, query.per_page, ids.length) };
    }

    const { rows, total } = await repo.titlesPage(this.db, filter, query.per_page, offset);
    return { data: rows.map(toAdminTitleRow), meta: pageMeta(query.page, query.per_page, total) };
  }

  async get(id: number, db: Executor = this.db): Promise<AdminTitle> {
    const r = await repo.titleDetail(db, id);
    if (!r) throw titleNotFound();
    const [seasons, episodes] = await Promise.all([repo.seasonsOfTitle(db, id), repo.episodesOfTitle(db, id)]);
    return {
      ...toAdminTitleRow(r),
      slug: r.slug,
      titleOriginal: r.titleOriginal,
      endYear: r.endYear,
      runtime: r.runtime,
      plotFa: r.plotFa,
      plotEn: r.plotEn,
      ageRating: r.ageRating,
      releaseDate: r.releaseDate,
      trailerYoutubeId: r.trailerYoutubeId,
      rating: r.rating === null ? null : Math.round(r.rating * 10) / 10,
      genres: r.genres,
      countries: r.countries,
      languages: r.languages,
      seasons: seasons.map((s) => ({
        id: s.id,
        number: s.number,
        year: s.year,
        episodes: episodes
          .filter((e) => e.seasonNumber === s.number)
          .map((e) => ({
            id: e.id,
            imdbId: e.imdbId,
            seasonNumber: e.seasonNumber,
            episodeNumber: e.episodeNumber,
            nameFa: e.nameFa,
            nameEn: e.nameEn,
            year: e.year,
            runtime: e.runtime,
            hasVideo: e.hasVideo,
          })),
      })),
      credits: r.credits,
      dubs: r.dubs,
      slideshow: r.slideshow,
      collections: r.collections,
      createdAt: iso(r.createdAt),
    };
  }

  async create(actor: AuditActor, input: Create): Promise<AdminTitle> {
    checkConsistency(input);
    const id = await catalogueChange(this.db, this.catalogue, async (tx) => {
      await checkRefs(tx, input);
      // The id first: a title without an IMDb id gets a local one made from it.
      const id = await repo.nextId(tx.db, 'titles');
      const imdbId = input.imdb_id ?? localImdbId(id);
      try {
        await repo.insertTitle(tx.db, {
          id,
          imdbId,
          type: input.type,
          imdbType: input.type === 'series' ? 'tvSeries' : 'movie',
          titleEn: input.title_en,
          titleFa: input.title_fa,
          titleOriginal: input.title_original ?? null,
          slug: slugify(input.title_en),
          year: input.year ?? null,
          endYear: input.end_year ?? null,
          runtime: input.runtime ?? null,
          plotFa: input.plot_fa ?? null,
          plotEn: input.plot_en ?? null,
          ageRating: input.age_rating ?? null,
          releaseDate: input.release_date ?? null,
          trailerYoutubeId: input.trailer_youtube_id ?? null,
          isFree: input.is_free ?? false,
          comingSoon: input.coming_soon ?? false,
          expectedDate: input.expected_date ?? null,
          published: false,
        });
      } catch (err) {
        if (pgCode(err) === pgCodes.unique) throw AppError.validation({ imdb_id: [m.imdbTaken] }, m.imdbTaken);
        throw err;
      }
      await writeRelations(tx, id, input);
      await reindexTitle(tx.db, id);
      const after = await this.get(id, tx.db);
      await recordAudit(tx.db, actor, { action: 'title.create', entity: 'title', entityId: id, before: null, after: { ...snapshotOf(after) } });
      return id;
    });
    return this.get(id);
  }

  async update(actor: AuditActor, id: number, input: Update): Promise<AdminTitle> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      const current = await lockTitle(tx, id);
      checkConsistency({
        year: input.year === undefined ? current.year : input.year,
        end_year: input.end_year === undefined ? current.endYear : input.end_year,
        coming_soon: input.coming_soon === undefined ? current.comingSoon : input.coming_soon,
        expected_date: input.expected_date === undefined ? current.expectedDate : input.expected_date,
      });
      await checkRefs(tx, input);
      if (input.type === 'movie' && current.type === 'series') {
        if ((await repo.seasonCount(tx.db, id)) > 0) throw AppError.validation({ type: [m.typeWithSeasons] }, m.typeWithSeasons);
      }
      const before = snapshotOf(await this.get(id, tx.db));
      const set: Record<string, unknown> = {};
      for (const f of FIELDS) {
        if (input[f] === undefined) continue;
        // Clearing the IMDb id gives the title a local one again.
        set[COLUMNS[f]] = f === 'imdb_id' ? (input.imdb_id ?? (isLocalImdbId(current.imdbId) ? current.imdbId : localImdbId(id))) : input[f];
      }
      if (input.type) set.imdbType = input.type === 'series' ? 'tvSeries' : 'movie';
      if (input.title_en !== undefined) set.slug = slugify(input.title_en);
      try {
        await repo.updateTitle(tx.db, id, set as Partial<typeof titles.$inferInsert>);
      } catch (err) {
        if (pgCode(err) === pgCodes.unique) throw AppError.validation({ imdb_id: [m.imdbTaken] }, m.imdbTaken);
        throw err;
      }
      await writeRelations(tx, id, input);
      if (NAME_FIELDS.some((f) => input[f] !== undefined)) await reindexTitle(tx.db, id);
      const after = snapshotOf(await this.get(id, tx.db));
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
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      const current = await lockTitle(tx, id);
      if (current.published === published) return;
      await repo.updateTitle(tx.db, id, { published });
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
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      const current = await lockTitle(tx, id);
      if (current.published) throw new AppError('CONFLICT', 409, m.deletePublished);
      const use = await repo.titleUse(tx.db, id);
      if (use.video) throw new AppError('CONFLICT', 409, m.hasVideo);
      if (use.members) throw new AppError('CONFLICT', 409, m.deleteMemberData);
      const before = snapshotOf(await this.get(id, tx.db));
      await forgetWords(tx.db, 'titles', await repo.titleWordIds(tx.db, id));
      await repo.deleteTitle(tx.db, id);
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
  const genreIds = [...new Set(input.genre_ids ?? [])];
  const countryCodes = [...new Set(input.country_codes ?? [])];
  const languageCodes = [...new Set(input.language_codes ?? [])];
  const found = await repo.existingRefs(tx.db, { genreIds, countryCodes, languageCodes });
  if (found.genres !== genreIds.length) errors.genre_ids = [m.unknownGenres];
  if (found.countries !== countryCodes.length) errors.country_codes = [m.unknownCountries];
  if (found.languages !== languageCodes.length) errors.language_codes = [m.unknownLanguages];
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

/** Genres, countries and languages, each in the order chosen (the first is the main one). */
async function writeRelations(tx: CatalogueTx, id: number, input: { genre_ids?: number[]; country_codes?: string[]; language_codes?: string[] }) {
  if (input.genre_ids !== undefined) await repo.replaceTitleGenres(tx.db, id, [...new Set(input.genre_ids)]);
  if (input.country_codes !== undefined) await repo.replaceTitleCountries(tx.db, id, [...new Set(input.country_codes)]);
  if (input.language_codes !== undefined) await repo.replaceTitleLanguages(tx.db, id, [...new Set(input.language_codes)]);
}

/** The title, locked for the rest of the transaction (two operators' changes to it take turns). */
export async function lockTitle(tx: CatalogueTx, id: number): Promise<TitleRow> {
  const row = await repo.lockTitleRow(tx.db, id);
  if (!row) throw titleNotFound();
  return row;
}
