import {
  collectionDetail,
  collectionQuery,
  collectionSummary,
  country,
  episode,
  errorResponse,
  filmographyItem,
  genre,
  idParam,
  imdbTitleParam,
  mediaFile,
  pageQuery,
  paginated,
  personCreditsQuery,
  personQuery,
  personDetail,
  personSearchResult,
  searchQuery,
  seasonEpisodesQuery,
  seasonParam,
  single,
  slideshowQuery,
  titleCard,
  titleDetail,
  titleDetailQuery,
  titleListQuery,
  titleSearchResult,
  validationErrorResponse,
} from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mapperSerializerCompiler } from '../../lib/mapper-serializer';
import { imageUrls } from '../../lib/urls';
import { CatalogueService } from './catalogue.service';
import { isKids } from './kids';

const errors = { 404: errorResponse, 422: validationErrorResponse };
const pub = { publicCache: true } as const;

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setSerializerCompiler(mapperSerializerCompiler(app.deps.config.NODE_ENV !== 'production'));
  const service = new CatalogueService(app.deps.database, app.catalogue);
  const tags = ['catalogue'];

  app.get(
    '/api/titles',
    { config: pub, schema: { tags, summary: 'The home list: filters, order and pages', querystring: titleListQuery, response: { 200: paginated(titleCard), 422: validationErrorResponse } } },
    async (request) => service.list(request.query, isKids(request), imageUrls(request)),
  );

  app.get(
    '/api/titles/search',
    { config: pub, schema: { tags, summary: 'Search titles as the user types', querystring: searchQuery, response: { 200: z.object({ data: z.array(titleSearchResult) }), 422: validationErrorResponse } } },
    async (request) => {
      const { q, type, limit } = request.query;
      return { data: await service.searchTitles(q, type === 'all' ? undefined : type, limit, isKids(request), imageUrls(request)) };
    },
  );

  app.get(
    '/api/titles/slideshow',
    { config: pub, schema: { tags, summary: 'Slideshow picks for a type', querystring: slideshowQuery, response: { 200: z.object({ data: z.array(titleCard) }) } } },
    async (request) => ({ data: await service.slideshow(request.query.type, isKids(request), imageUrls(request)) }),
  );

  app.get(
    '/api/titles/comingsoon',
    { config: pub, schema: { tags, summary: 'Coming soon, by expected date', querystring: pageQuery.extend({ type: z.enum(['all', 'movie', 'series']).default('all') }), response: { 200: paginated(titleCard) } } },
    async (request) => {
      const q = request.query;
      return service.comingSoon(q.type === 'all' ? undefined : q.type, q.page, q.per_page, isKids(request), imageUrls(request));
    },
  );

  app.get(
    '/api/titles/:id',
    { config: pub, schema: { tags, summary: 'One title with everything its page shows', params: idParam, querystring: titleDetailQuery, response: { 200: single(titleDetail), ...errors } } },
    async (request) => ({ data: await service.title(request.params.id, Boolean(request.query.dub), isKids(request), imageUrls(request)) }),
  );

  app.get(
    '/api/titles/imdb/:imdbId',
    {
      config: pub,
      schema: { tags, summary: 'One title by its IMDb id (the trailer and watch routes name titles so)', params: imdbTitleParam, querystring: titleDetailQuery, response: { 200: single(titleDetail), ...errors } },
    },
    async (request) => ({ data: await service.titleByImdb(request.params.imdbId, Boolean(request.query.dub), isKids(request), imageUrls(request)) }),
  );

  app.get(
    '/api/titles/:id/files',
    { config: pub, schema: { tags, summary: 'Media files of a title, by season, episode and quality', params: idParam, response: { 200: z.object({ data: z.array(mediaFile) }), ...errors } } },
    async (request) => ({ data: await service.files(request.params.id, isKids(request)) }),
  );

  app.get(
    '/api/titles/:id/seasons/:number/episodes',
    {
      config: pub,
      schema: { tags, summary: "A season's episodes, a page at a time (a long series' page carries only its first ones)", params: seasonParam, querystring: seasonEpisodesQuery, response: { 200: paginated(episode), ...errors } },
    },
    async (request) => service.seasonEpisodes(request.params.id, request.params.number, request.query.page, request.query.per_page, isKids(request)),
  );

  for (const [path, summary, which] of [
    ['/api/titles/:id/similar', 'Similar titles', 'similar'],
    ['/api/titles/:id/director-titles', "The director's other titles", 'director'],
  ] as const) {
    app.get(
      path,
      { config: pub, schema: { tags, summary, params: idParam, response: { 200: z.object({ data: z.array(titleCard) }), ...errors } } },
      async (request) => ({ data: await service.related(request.params.id, which, isKids(request), imageUrls(request)) }),
    );
  }

  app.get(
    '/api/people/search',
    { config: pub, schema: { tags, summary: 'Search people', querystring: searchQuery.pick({ q: true, limit: true }), response: { 200: z.object({ data: z.array(personSearchResult) }), 422: validationErrorResponse } } },
    async (request) => ({ data: await service.searchPeople(request.query.q, request.query.limit, isKids(request), imageUrls(request)) }),
  );

  app.get(
    '/api/people/:id',
    { config: pub, schema: { tags, summary: 'A person with their filmography by role', params: idParam, querystring: personQuery, response: { 200: single(personDetail), ...errors } } },
    async (request) => ({ data: await service.person(request.params.id, isKids(request), imageUrls(request), request.query.role) }),
  );

  app.get(
    '/api/people/:id/credits',
    {
      config: pub,
      schema: { tags, summary: "One role's titles of a person, a page at a time (a busy person's page carries only the first ones)", params: idParam, querystring: personCreditsQuery, response: { 200: paginated(filmographyItem), ...errors } },
    },
    async (request) => service.personCredits(request.params.id, request.query.role, request.query.page, request.query.per_page, isKids(request), imageUrls(request)),
  );

  app.get(
    '/api/collections',
    { config: pub, schema: { tags, summary: 'Collections', querystring: pageQuery, response: { 200: paginated(collectionSummary) } } },
    async (request) => service.collections(request.query.page, request.query.per_page, isKids(request), imageUrls(request)),
  );

  app.get(
    '/api/collections/:id',
    { config: pub, schema: { tags, summary: 'One collection (type=alt embeds its first titles)', params: idParam, querystring: collectionQuery, response: { 200: single(collectionDetail), ...errors } } },
    async (request) => ({ data: await service.collection(request.params.id, request.query.type === 'alt', isKids(request), imageUrls(request)) }),
  );

  app.get(
    '/api/collections/:id/titles',
    { config: pub, schema: { tags, summary: "A collection's titles in its order", params: idParam, querystring: pageQuery, response: { 200: paginated(titleCard), ...errors } } },
    async (request) => service.collectionTitles(request.params.id, request.query.page, request.query.per_page, isKids(request), imageUrls(request)),
  );

  app.get('/api/genres', { config: pub, schema: { tags, summary: 'Genres with title counts', response: { 200: z.object({ data: z.array(genre) }) } } }, async (request) => ({
    data: await service.genres(isKids(request)),
  }));

  app.get('/api/countries', { config: pub, schema: { tags, summary: 'Countries with title counts', response: { 200: z.object({ data: z.array(country) }) } } }, async (request) => ({
    data: await service.countries(isKids(request)),
  }));
};
