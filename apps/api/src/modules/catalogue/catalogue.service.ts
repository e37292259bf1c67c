import {
  PERSON_PAGE_CREDITS,
  type CollectionSummary,
  type Episode,
  type FilmographyItem,
  type FilmographyRole,
  type MediaFile,
  type PersonDetail,
  type PersonSearchResult,
  type TitleCard,
  type TitleDetail,
  type TitleListQuery,
  type TitleSearchResult,
} from '@parde/contract';
import { normalizeForSearch } from '@parde/persian';
import type { Database } from '../../db/client';
import { pageMeta } from '../../db/executor';
import { AppError } from '../../errors/app-error';
import type { ListCaches } from '../../lib/catalogue-version';
import type { ImageUrls } from '../../lib/urls';
import { jsonBytes, keptWithIndex, type ShelfBound } from '../search/memory-index';
import { searchIds } from '../search/search.service';
import { toCollection, toEpisode, toFilmographyItem, toPersonResult, toSearchTitle, toTitleCard, toTitleDetail } from './catalogue.mapper';
import { CatalogueRepository, FILMOGRAPHY_ROLES, filterSql, kidsSearchWhere, type ListFilter } from './catalogue.repository';

const messages = {
  titleNotFound: 'فیلم یا سریالی با این نشانی پیدا نشد.',
  personNotFound: 'هنرمندی با این نشانی پیدا نشد.',
  collectionNotFound: 'مجموعه‌ای با این نشانی پیدا نشد.',
  seasonNotFound: 'این سریال فصلی با این شماره ندارد.',
  queryTooShort: 'دست‌کم ۲ نویسه وارد کنید.',
};

/**
 * Title pages kept with the search index, and what they may weigh together: a series page with
 * its first episodes is the largest (31 kB of answer at IMDb's size), a film's a few kB.
 */
const TITLE_PAGES_KEPT: [number, ShelfBound<unknown>] = [10_000, { maxBytes: 96 * 1024 * 1024, bytesOf: jsonBytes }];
/** People's pages (the person, and each role's first titles as cards) kept the same way: the busiest is ~11 kB. */
const PERSON_PAGES_KEPT: [number, ShelfBound<unknown>] = [5_000, { maxBytes: 64 * 1024 * 1024, bytesOf: jsonBytes }];

type Paged<T> = { data: T[]; meta: ReturnType<typeof pageMeta> };
type TitleType = 'movie' | 'series';

/**
 * The public catalogue: lists, search, title, person and collection pages. Reads go to the read
 * pool (a replica when there is one); search and the rows kept with the search index use the
 * primary's index. `kids` narrows every answer to what a kids profile may see (decision 21).
 */
export class CatalogueService {
  private readonly repo: CatalogueRepository;
  private readonly pool: Database['pool'];

  /** `kept`: the list totals and genre ids the app keeps under the catalogue version (app.catalogue). */
  constructor(database: Database, kept: ListCaches) {
    this.repo = new CatalogueRepository(database.readPool, kept);
    this.pool = database.pool;
  }

  private mustBeQuery(q: string) {
    if (normalizeForSearch(q).length < 2) throw AppError.validation({ q: [messages.queryTooShort] });
  }

  /**
   * Ids found for a query. Hot prefixes (one or two letters are the whole tail of typing) are
   * served by the public response micro-cache; every other query goes to the dictionary search.
   * A kids profile's title search is narrowed in SQL (the in-memory lists hold every public title).
   */
  private async searchIds(kind: 'titles' | 'people', q: string, limit: number, type?: TitleType, kids = false): Promise<number[]> {
    const where = kids && kind === 'titles' ? { where: kidsSearchWhere() } : {};
    return (await searchIds(this.pool, kind, q, { limit, type, ...where })).map((h) => h.id);
  }

  /** The home list: filters, order and pages; with a query, relevance first, then votes. */
  async list(q: TitleListQuery, kids: boolean, img: ImageUrls): Promise<Paged<TitleCard>> {
    const filter: ListFilter = {
      kids,
      type: q.type === 'all' ? undefined : q.type,
      isDubbed: q.is_dubbed,
      isFree: q.is_free,
      playable: q.playable,
      genre: q.genre,
      country: q.country,
      yearFrom: q.year_from,
      yearTo: q.year_to,
    };
    const offset = (q.page - 1) * q.per_page;
    if (q.q && normalizeForSearch(q.q).length >= 2) {
      // Filters narrow the search's candidates.
      const ids = await searchIds(this.pool, 'titles', q.q, { limit: 500, where: filterSql(filter) });
      const pageIds = ids.slice(offset, offset + q.per_page).map((h) => h.id);
      const rows = await this.repo.cardsByIds(pageIds, kids);
      return { data: rows.map((r) => toTitleCard(r, img)), meta: pageMeta(q.page, q.per_page, ids.length) };
    }
    const order = q.order_by === 'rt' ? 'rotten_tomatoes' : q.order_by;
    const { rows, total, estimated } = await this.repo.list(filter, order, q.per_page, offset);
    return { data: rows.map((r) => toTitleCard(r, img)), meta: pageMeta(q.page, q.per_page, total, estimated) };
  }

  /** Titles as the user types. */
  async searchTitles(q: string, type: TitleType | undefined, limit: number, kids: boolean, img: ImageUrls): Promise<TitleSearchResult[]> {
    this.mustBeQuery(q);
    const ids = await this.searchIds('titles', q, limit, type, kids);
    const cards = kids
      ? new Map((await this.repo.cardsByIds(ids, true)).map((r) => [r.id, r]))
      : await keptWithIndex(this.pool, 'title-cards', ids, (missing) => this.repo.cardsByIds(missing), (r) => r.id);
    return ids.flatMap((id) => cards.get(id) ?? []).map((r) => toSearchTitle(r, img));
  }

  async slideshow(placement: 'all' | TitleType, kids: boolean, img: ImageUrls): Promise<TitleCard[]> {
    const rows = await this.repo.cardsByIds(await this.repo.slideshowIds(placement, 10, kids), kids);
    return rows.map((r) => toTitleCard(r, img));
  }

  /** Coming soon, by expected date. */
  async comingSoon(type: TitleType | undefined, page: number, perPage: number, kids: boolean, img: ImageUrls): Promise<Paged<TitleCard>> {
    const { rows, total, estimated } = await this.repo.list({ comingSoon: true, kids, type }, 'expected', perPage, (page - 1) * perPage);
    return { data: rows.map((r) => toTitleCard(r, img)), meta: pageMeta(page, perPage, total, estimated) };
  }

  /** One title with everything its page shows; a grown-up's is kept with the search index. */
  async title(id: number | undefined, dubFirst: boolean, kids: boolean, img: ImageUrls): Promise<TitleDetail> {
    const found =
      id === undefined
        ? undefined
        : kids
          ? await this.repo.detailWithExtras(id, true)
          : (await keptWithIndex(this.pool, 'title-pages', [id], async ([one]) => [await this.repo.detailWithExtras(one!)].flatMap((r) => r ?? []), (r) => r.row.id, ...TITLE_PAGES_KEPT)).get(id);
    if (!found) throw AppError.notFound(messages.titleNotFound);
    return toTitleDetail(found.row, found.extras, { dubFirst }, img);
  }

  /** One title by its IMDb id (the trailer and watch routes name titles so). */
  async titleByImdb(imdbId: string, dubFirst: boolean, kids: boolean, img: ImageUrls): Promise<TitleDetail> {
    return this.title(await this.repo.idForImdb(imdbId, kids), dubFirst, kids, img);
  }

  /** A page of one season's episodes: a long series' page carries only its first ones (decision 41). */
  async seasonEpisodes(id: number, season: number, page: number, perPage: number, kids: boolean): Promise<Paged<Episode>> {
    const found = await this.repo.seasonEpisodes(id, season, perPage, (page - 1) * perPage, kids);
    if (!found) throw AppError.notFound(messages.titleNotFound);
    if (found.total === 0) throw AppError.notFound(messages.seasonNotFound);
    return { data: found.rows.map(toEpisode), meta: pageMeta(page, perPage, found.total) };
  }

  private async mustSeeTitle(id: number, kids: boolean) {
    if (!(await this.repo.detail(id, kids))) throw AppError.notFound(messages.titleNotFound);
  }

  /** Media files of a title, by season, episode and quality. */
  async files(id: number, kids: boolean): Promise<MediaFile[]> {
    await this.mustSeeTitle(id, kids);
    const files = await this.repo.mediaFiles(id);
    return files.map((f) => ({
      id: f.id,
      seasonNumber: f.season_number,
      episodeNumber: f.episode_number,
      quality: f.quality,
      sizeMb: f.size_mb,
      codec: f.codec,
      source: f.source,
      audio: f.studio ? { kind: 'dub' as const, studio: f.studio } : { kind: 'original' as const, studio: null },
      subtitles: f.subtitles,
      durationSec: f.duration_sec,
      episodeName: f.episode_name,
    }));
  }

  /** Titles beside a title's page: similar ones, or its director's others. */
  async related(id: number, which: 'similar' | 'director', kids: boolean, img: ImageUrls): Promise<TitleCard[]> {
    await this.mustSeeTitle(id, kids);
    const ids = which === 'similar' ? await this.repo.similarIds(id, 12, kids) : await this.repo.directorTitleIds(id, 12, kids);
    const rows = await this.repo.cardsByIds(ids, kids);
    return rows.map((r) => toTitleCard(r, img));
  }

  async searchPeople(q: string, limit: number, kids: boolean, img: ImageUrls): Promise<PersonSearchResult[]> {
    this.mustBeQuery(q);
    const ids = await this.searchIds('people', q, limit);
    const found = await keptWithIndex(this.pool, 'people', ids, (missing) => this.repo.peopleByIds(missing), (p) => p.id);
    const people = ids.flatMap((id) => found.get(id) ?? []);
    const refIds = people.flatMap((p) => [p.best_starred_id, p.best_directed_id].filter((x): x is number => Boolean(x)));
    const refs = await this.titleRefs(refIds, kids);
    return people.map((p) => toPersonResult(p, refs, img));
  }

  /** The titles a person result names (best starred, best directed); a grown-up's are kept with the search index. */
  private async titleRefs(ids: number[], kids: boolean) {
    return kids
      ? this.repo.titleRefs(ids, true)
      : keptWithIndex(this.pool, 'title-refs', ids, async (missing) => [...(await this.repo.titleRefs(missing)).values()], (r) => r.id);
  }

  /**
   * A person with their filmography by role: every role's count, and the first titles of `role`
   * (the one the page's address names) or, without one, of every role (decision 47).
   */
  async person(id: number, kids: boolean, img: ImageUrls, role?: FilmographyRole): Promise<PersonDetail> {
    const carried = role ? [role] : FILMOGRAPHY_ROLES;
    // The person (with the titles they are best known for) and their titles: two statements side
    // by side. A grown-up's whole page is kept with the search index, as title pages are: a busy
    // person's page orders ~1,500 credits (decision 44). One shelf, four entries a person: every
    // role's titles, or one role's. A missing person keeps nothing.
    const read = async () => {
      const [found, films] = await Promise.all([this.repo.personWithRefs(id, kids), this.repo.filmography(id, PERSON_PAGE_CREDITS, kids, carried)]);
      return found ? { ...found, films } : undefined;
    };
    const key = id * 4 + (role ? FILMOGRAPHY_ROLES.indexOf(role) + 1 : 0);
    const page = kids
      ? await read()
      : (await keptWithIndex(this.pool, 'person-pages', [key], async () => [await read()].flatMap((r) => (r ? [{ key, ...r }] : [])), (r) => r.key, ...PERSON_PAGES_KEPT)).get(key);
    if (!page) throw AppError.notFound(messages.personNotFound);
    const { person: p, films } = page;
    const refs = new Map(page.refs.map((r) => [r.id, r]));
    const by = (r: FilmographyRole) => films.rows.filter((f) => f.role === r).map((f) => toFilmographyItem(f, img));
    return {
      ...toPersonResult(p, refs, img),
      imdbId: p.imdb_id,
      slug: p.slug,
      birthYear: p.birth_year,
      deathYear: p.death_year,
      bioFa: p.bio_fa,
      bioEn: p.bio_en,
      professions: p.professions,
      filmography: { actor: by('actor'), director: by('director'), writer: by('writer') },
      filmographyCounts: films.counts,
    };
  }

  /** A page of one role's titles of a person: the person's page carries only the first ones (decision 44). */
  async personCredits(id: number, role: FilmographyRole, page: number, perPage: number, kids: boolean, img: ImageUrls): Promise<Paged<FilmographyItem>> {
    const found = await this.repo.personCredits(id, role, perPage, (page - 1) * perPage, kids);
    if (!found) throw AppError.notFound(messages.personNotFound);
    const { rows, total } = found;
    return { data: rows.map((f) => toFilmographyItem(f, img)), meta: pageMeta(page, perPage, total) };
  }

  async collections(page: number, perPage: number, kids: boolean, img: ImageUrls): Promise<Paged<CollectionSummary>> {
    const { rows, total } = await this.repo.collections(perPage, (page - 1) * perPage, kids);
    return { data: rows.map((c) => toCollection(c, img)), meta: pageMeta(page, perPage, total) };
  }

  /** One collection; `withTitles` embeds its first titles. */
  async collection(id: number, withTitles: boolean, kids: boolean, img: ImageUrls): Promise<CollectionSummary & { titles?: TitleCard[] }> {
    const c = await this.repo.collection(id, kids);
    if (!c) throw AppError.notFound(messages.collectionNotFound);
    const summary = toCollection(c, img);
    if (!withTitles) return summary;
    const { ids } = await this.repo.collectionTitleIds(c.id, 24, 0, kids);
    const rows = await this.repo.cardsByIds(ids, kids);
    return { ...summary, titles: rows.map((r) => toTitleCard(r, img)) };
  }

  /** A collection's titles in its order. */
  async collectionTitles(id: number, page: number, perPage: number, kids: boolean, img: ImageUrls): Promise<Paged<TitleCard>> {
    const c = await this.repo.collection(id, kids);
    if (!c) throw AppError.notFound(messages.collectionNotFound);
    const { ids, total } = await this.repo.collectionTitleIds(c.id, perPage, (page - 1) * perPage, kids);
    const rows = await this.repo.cardsByIds(ids, kids);
    return { data: rows.map((r) => toTitleCard(r, img)), meta: pageMeta(page, perPage, total) };
  }

  /** Genres with title counts. */
  genres(kids: boolean) {
    return this.repo.genres(kids);
  }

  /** Countries with title counts. */
  countries(kids: boolean) {
    return this.repo.countries(kids);
  }
}
