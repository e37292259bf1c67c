import {
  collectionDetail,
  collectionQuery,
  collectionSummary,
  country,
  errorResponse,
  genre,
  idParam,
  imdbTitleParam,
  mediaFile,
  pageQuery,
  paginated,
  personDetail,
  personSearchResult,
  searchQuery,
  single,
  slideshowQuery,
  titleCard,
  titleDetail,
  titleDetailQuery,
  titleListQuery,
  titleSearchResult,
  validationErrorResponse,
} from '@parde/contract';
import { normalizeForSearch } from '@parde/persian';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { mapperSerializerCompiler } from '../../lib/mapper-serializer';
import { imageUrls } from '../../lib/urls';
import { keptWithIndex } from '../search/memory-index';
import { searchIds } from '../search/search.service';
import { CatalogueRepository, filterSql, type ListFilter } from './catalogue.repository';
import { isKids, kidsTitleSql } from './kids';
import { toCollection, toPersonResult, toSearchTitle, toTitleCard, toTitleDetail } from './catalogue.mapper';

const messages = {
  titleNotFound: 'فیلم یا سریالی با این نشانی پیدا نشد.',
  personNotFound: 'هنرمندی با این نشانی پیدا نشد.',
  collectionNotFound: 'مجموعه‌ای با این نشانی پیدا نشد.',
};

const errors = { 404: errorResponse, 422: validationErrorResponse };
const meta = (page: number, perPage: number, total: number) => ({
  currentPage: page,
  lastPage: Math.max(1, Math.ceil(total / perPage)),
  perPage,
  total,
});
const pub = { publicCache: true } as const;
/** Title pages kept with the catalogue version (a series page with its episodes is the largest). */
const TITLE_PAGES_KEPT = 10_000;


export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setSerializerCompiler(mapperSerializerCompiler(app.deps.config.NODE_ENV !== 'production'));
  const repo = new CatalogueRepository(app.deps.database.readPool);
  const pool = app.deps.database.pool;

  // Hot prefixes (one or two letters are the whole tail of typing) are served by the public
  // response micro-cache; every other query goes to the dictionary search.
  // A kids profile's title search is narrowed in SQL (the in-memory lists hold every public title).
  const search = async (kind: 'titles' | 'people', q: string, limit: number, type?: 'movie' | 'series', kids = false) =>
    (await searchIds(pool, kind, q, { limit, type, ...(kids && kind === 'titles' ? { where: { sql: `t.published AND ${kidsTitleSql('t')}`, params: [] } } : {}) })).map((h) => h.id);

  const tags = ['catalogue'];

  app.get(
    '/api/titles',
    { config: pub, schema: { tags, summary: 'The home list: filters, order and pages', querystring: titleListQuery, response: { 200: paginated(titleCard), 422: validationErrorResponse } } },
    async (request) => {
      const q = request.query;
      const kids = isKids(request);
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
      const img = imageUrls(request);
      const offset = (q.page - 1) * q.per_page;
      if (q.q && normalizeForSearch(q.q).length >= 2) {
        // With a query the order is relevance, then votes; filters narrow the candidates.
        const where = filterSql(filter);
        const ids = await searchIds(pool, 'titles', q.q, { limit: 500, where });
        const pageIds = ids.slice(offset, offset + q.per_page).map((h) => h.id);
        const rows = await repo.cardsByIds(pageIds, kids);
        return { data: rows.map((r) => toTitleCard(r, img)), meta: meta(q.page, q.per_page, ids.length) };
      }
      const order = q.order_by === 'rt' ? 'rotten_tomatoes' : q.order_by;
      const { rows, total } = await repo.list(filter, order, q.per_page, offset);
      return { data: rows.map((r) => toTitleCard(r, img)), meta: meta(q.page, q.per_page, total) };
    },
  );

  app.get(
    '/api/titles/search',
    { config: pub, schema: { tags, summary: 'Search titles as the user types', querystring: searchQuery, response: { 200: z.object({ data: z.array(titleSearchResult) }), 422: validationErrorResponse } } },
    async (request) => {
      const { q, type, limit } = request.query;
      if (normalizeForSearch(q).length < 2) throw AppError.validation({ q: ['دست‌کم ۲ نویسه وارد کنید.'] });
      const kids = isKids(request);
      const ids = await search('titles', q, limit, type === 'all' ? undefined : type, kids);
      const cards = kids
        ? new Map((await repo.cardsByIds(ids, true)).map((r) => [r.id, r]))
        : await keptWithIndex(pool, 'title-cards', ids, (missing) => repo.cardsByIds(missing), (r) => r.id);
      const img = imageUrls(request);
      return { data: ids.flatMap((id) => cards.get(id) ?? []).map((r) => toSearchTitle(r, img)) };
    },
  );

  app.get(
    '/api/titles/slideshow',
    { config: pub, schema: { tags, summary: 'Slideshow picks for a type', querystring: slideshowQuery, response: { 200: z.object({ data: z.array(titleCard) }) } } },
    async (request) => {
      const kids = isKids(request);
      const rows = await repo.cardsByIds(await repo.slideshowIds(request.query.type, 10, kids), kids);
      const img = imageUrls(request);
      return { data: rows.map((r) => toTitleCard(r, img)) };
    },
  );

  app.get(
    '/api/titles/comingsoon',
    { config: pub, schema: { tags, summary: 'Coming soon, by expected date', querystring: pageQuery.extend({ type: z.enum(['all', 'movie', 'series']).default('all') }), response: { 200: paginated(titleCard) } } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await repo.list({ comingSoon: true, kids: isKids(request), type: q.type === 'all' ? undefined : q.type }, 'expected', q.per_page, (q.page - 1) * q.per_page);
      const img = imageUrls(request);
      return { data: rows.map((r) => toTitleCard(r, img)), meta: meta(q.page, q.per_page, total) };
    },
  );

  const titleDetailFor = async (id: number | undefined, dubFirst: boolean, img: ReturnType<typeof imageUrls>, kids: boolean) => {
    const found =
      id === undefined
        ? undefined
        : kids
          ? await repo.detailWithExtras(id, true)
          : (await keptWithIndex(pool, 'title-pages', [id], async ([one]) => [await repo.detailWithExtras(one!)].flatMap((r) => r ?? []), (r) => r.row.id, TITLE_PAGES_KEPT)).get(id);
    if (!found) throw AppError.notFound(messages.titleNotFound);
    return { data: toTitleDetail(found.row, found.extras, { dubFirst }, img) };
  };

  app.get(
    '/api/titles/:id',
    { config: pub, schema: { tags, summary: 'One title with everything its page shows', params: idParam, querystring: titleDetailQuery, response: { 200: single(titleDetail), ...errors } } },
    async (request) => titleDetailFor(request.params.id, Boolean(request.query.dub), imageUrls(request), isKids(request)),
  );

  app.get(
    '/api/titles/imdb/:imdbId',
    {
      config: pub,
      schema: { tags, summary: 'One title by its IMDb id (the trailer and watch routes name titles so)', params: imdbTitleParam, querystring: titleDetailQuery, response: { 200: single(titleDetail), ...errors } },
    },
    async (request) => titleDetailFor(await repo.idForImdb(request.params.imdbId, isKids(request)), Boolean(request.query.dub), imageUrls(request), isKids(request)),
  );

  app.get(
    '/api/titles/:id/files',
    { config: pub, schema: { tags, summary: 'Media files of a title, by season, episode and quality', params: idParam, response: { 200: z.object({ data: z.array(mediaFile) }), ...errors } } },
    async (request) => {
      const row = await repo.detail(request.params.id, isKids(request));
      if (!row) throw AppError.notFound(messages.titleNotFound);
      const files = await repo.mediaFiles(request.params.id);
      return {
        data: files.map((f) => ({
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
        })),
      };
    },
  );

  for (const [path, summary, pick] of [
    ['/api/titles/:id/similar', 'Similar titles', (id: number, kids: boolean) => repo.similarIds(id, 12, kids)],
    ['/api/titles/:id/director-titles', "The director's other titles", (id: number, kids: boolean) => repo.directorTitleIds(id, 12, kids)],
  ] as const) {
    app.get(
      path,
      { config: pub, schema: { tags, summary, params: idParam, response: { 200: z.object({ data: z.array(titleCard) }), ...errors } } },
      async (request) => {
        const kids = isKids(request);
        if (!(await repo.detail(request.params.id, kids))) throw AppError.notFound(messages.titleNotFound);
        const rows = await repo.cardsByIds(await pick(request.params.id, kids), kids);
        const img = imageUrls(request);
        return { data: rows.map((r) => toTitleCard(r, img)) };
      },
    );
  }

  app.get(
    '/api/people/search',
    { config: pub, schema: { tags, summary: 'Search people', querystring: searchQuery.pick({ q: true, limit: true }), response: { 200: z.object({ data: z.array(personSearchResult) }), 422: validationErrorResponse } } },
    async (request) => {
      const { q, limit } = request.query;
      if (normalizeForSearch(q).length < 2) throw AppError.validation({ q: ['دست‌کم ۲ نویسه وارد کنید.'] });
      const ids = await search('people', q, limit);
      const found = await keptWithIndex(pool, 'people', ids, (missing) => repo.peopleByIds(missing), (p) => p.id);
      const people = ids.flatMap((id) => found.get(id) ?? []);
      const refIds = people.flatMap((p) => [p.best_starred_id, p.best_directed_id].filter((x): x is number => Boolean(x)));
      const refs = isKids(request)
        ? await repo.titleRefs(refIds, true)
        : await keptWithIndex(pool, 'title-refs', refIds, async (missing) => [...(await repo.titleRefs(missing)).values()], (r) => r.id);
      const img = imageUrls(request);
      return { data: people.map((p) => toPersonResult(p, refs, img)) };
    },
  );

  app.get(
    '/api/people/:id',
    { config: pub, schema: { tags, summary: 'A person with their filmography by role', params: idParam, response: { 200: single(personDetail), ...errors } } },
    async (request) => {
      const p = await repo.person(request.params.id);
      if (!p) throw AppError.notFound(messages.personNotFound);
      const kids = isKids(request);
      const [films, refs] = await Promise.all([
        repo.filmography(p.id, kids),
        repo.titleRefs([p.best_starred_id, p.best_directed_id].filter((x): x is number => Boolean(x)), kids),
      ]);
      const img = imageUrls(request);
      const by = (role: 'actor' | 'director' | 'writer') => films.filter((f) => f.role === role).map((f) => ({ ...toTitleCard(f, img), character: f.character }));
      return {
        data: {
          ...toPersonResult(p, refs, img),
          imdbId: p.imdb_id,
          slug: p.slug,
          birthYear: p.birth_year,
          deathYear: p.death_year,
          bioFa: p.bio_fa,
          bioEn: p.bio_en,
          professions: p.professions,
          filmography: { actor: by('actor'), director: by('director'), writer: by('writer') },
        },
      };
    },
  );

  app.get(
    '/api/collections',
    { config: pub, schema: { tags, summary: 'Collections', querystring: pageQuery, response: { 200: paginated(collectionSummary) } } },
    async (request) => {
      const { page, per_page } = request.query;
      const { rows, total } = await repo.collections(per_page, (page - 1) * per_page, isKids(request));
      const img = imageUrls(request);
      return { data: rows.map((c) => toCollection(c, img)), meta: meta(page, per_page, total) };
    },
  );

  app.get(
    '/api/collections/:id',
    { config: pub, schema: { tags, summary: 'One collection (type=alt embeds its first titles)', params: idParam, querystring: collectionQuery, response: { 200: single(collectionDetail), ...errors } } },
    async (request) => {
      const kids = isKids(request);
      const c = await repo.collection(request.params.id, kids);
      if (!c) throw AppError.notFound(messages.collectionNotFound);
      const img = imageUrls(request);
      const summary = toCollection(c, img);
      if (request.query.type !== 'alt') return { data: summary };
      const { ids } = await repo.collectionTitleIds(c.id, 24, 0, kids);
      const rows = await repo.cardsByIds(ids, kids);
      return { data: { ...summary, titles: rows.map((r) => toTitleCard(r, img)) } };
    },
  );

  app.get(
    '/api/collections/:id/titles',
    { config: pub, schema: { tags, summary: "A collection's titles in its order", params: idParam, querystring: pageQuery, response: { 200: paginated(titleCard), ...errors } } },
    async (request) => {
      const kids = isKids(request);
      const c = await repo.collection(request.params.id, kids);
      if (!c) throw AppError.notFound(messages.collectionNotFound);
      const { page, per_page } = request.query;
      const { ids, total } = await repo.collectionTitleIds(c.id, per_page, (page - 1) * per_page, kids);
      const rows = await repo.cardsByIds(ids, kids);
      const img = imageUrls(request);
      return { data: rows.map((r) => toTitleCard(r, img)), meta: meta(page, per_page, total) };
    },
  );

  app.get('/api/genres', { config: pub, schema: { tags, summary: 'Genres with title counts', response: { 200: z.object({ data: z.array(genre) }) } } }, async (request) => ({
    data: await repo.genres(isKids(request)),
  }));

  app.get('/api/countries', { config: pub, schema: { tags, summary: 'Countries with title counts', response: { 200: z.object({ data: z.array(country) }) } } }, async (request) => ({
    data: await repo.countries(isKids(request)),
  }));
};
