import {
  adminCatalogueOptions,
  adminCollection,
  adminCollectionDetail,
  adminCollectionInput,
  adminCollectionTitleParams,
  adminCollectionUpdate,
  adminCreditInput,
  adminCreditOrder,
  adminCreditParams,
  adminCreditUpdate,
  adminDubInput,
  adminDubUpdate,
  adminEpisodeInput,
  adminEpisodeUpdate,
  adminGenre,
  adminGenreInput,
  adminGenreUpdate,
  adminPerson,
  adminPersonInput,
  adminPersonQuery,
  adminPersonUpdate,
  adminSeasonInput,
  adminSeasonUpdate,
  adminSlideshow,
  adminSlideshowPickParams,
  adminSlideshowPlacementParam,
  adminTitle,
  adminTitleCreate,
  adminTitleOrder,
  adminTitleQuery,
  adminTitleRef,
  adminTitleRow,
  adminTitleUpdate,
  errorResponse,
  idParam,
  paginated,
  single,
} from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../admin/audit';
import { adminErrors, adminSecurity, adminTags, editorOnly } from '../admin/admin.routes';
import { AdminCurationService } from './curation.service';
import { AdminTitlePartsService } from './title-parts.service';
import { AdminTitlesService } from './titles.service';

const tags = [...adminTags, 'admin-catalogue'];
const errors = { ...adminErrors, 404: errorResponse, 409: errorResponse };
const ok = z.object({ ok: z.literal(true) });

/**
 * The catalogue area of the panel: titles (with seasons, episodes, credits, dub editions),
 * people, genres, collections and slideshow picks. Editors and admins; every change writes
 * its audit entry and moves the catalogue version in its own transaction.
 */
export const adminCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const titles = new AdminTitlesService(database, app.catalogue);
  const parts = new AdminTitlePartsService(database.db, app.catalogue);
  const curation = new AdminCurationService(database, app.catalogue);

  /* Titles */

  app.get(
    '/api/admin/titles',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Titles, hidden ones too: search by name or id, filters, pages', querystring: adminTitleQuery, response: { 200: paginated(adminTitleRow), ...errors } } },
    async (request) => titles.list(request.query),
  );

  app.post(
    '/api/admin/titles',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Creates a title (hidden until published)', body: adminTitleCreate, response: { 201: single(adminTitle), ...errors } } },
    async (request, reply) => reply.code(201).send({ data: await titles.create(actorOf(request), request.body) }),
  );

  app.get(
    '/api/admin/titles/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'One title with its seasons, credits, dubs and where it is featured', params: idParam, response: { 200: single(adminTitle), ...errors } } },
    async (request) => ({ data: await titles.get(request.params.id) }),
  );

  app.patch(
    '/api/admin/titles/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Edits a title: only the fields sent change', params: idParam, body: adminTitleUpdate, response: { 200: single(adminTitle), ...errors } } },
    async (request) => ({ data: await titles.update(actorOf(request), request.params.id, request.body) }),
  );

  for (const [path, published, summary] of [
    ['/api/admin/titles/:id/publish', true, 'Publishes a title: visitors see it everywhere'],
    ['/api/admin/titles/:id/hide', false, 'Hides a title from every public list, page, search and the player'],
  ] as const) {
    app.post(path, { config: editorOnly, schema: { tags, security: adminSecurity, summary, params: idParam, response: { 200: single(adminTitle), ...errors } } }, async (request) => ({
      data: await titles.setPublished(actorOf(request), request.params.id, published),
    }));
  }

  app.delete(
    '/api/admin/titles/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Deletes a hidden title that has no video and no members’ records', params: idParam, response: { 200: ok, ...errors } } },
    async (request) => {
      await titles.remove(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  /* Seasons and episodes (the answer is the whole title, as the form shows it) */

  const titleAnswer = { 200: single(adminTitle), ...errors };
  app.post(
    '/api/admin/titles/:id/seasons',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Adds a season to a series', params: idParam, body: adminSeasonInput, response: { 201: single(adminTitle), ...errors } } },
    async (request, reply) => {
      await parts.addSeason(actorOf(request), request.params.id, request.body);
      return reply.code(201).send({ data: await titles.get(request.params.id) });
    },
  );
  app.patch(
    '/api/admin/seasons/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: "Edits a season (a new number moves its episodes)", params: idParam, body: adminSeasonUpdate, response: titleAnswer } },
    async (request) => ({ data: await titles.get(await parts.updateSeason(actorOf(request), request.params.id, request.body)) }),
  );
  app.delete(
    '/api/admin/seasons/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Removes a season and its episodes (none may have video)', params: idParam, response: titleAnswer } },
    async (request) => ({ data: await titles.get(await parts.removeSeason(actorOf(request), request.params.id)) }),
  );
  app.post(
    '/api/admin/titles/:id/episodes',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Adds an episode to a season of a series', params: idParam, body: adminEpisodeInput, response: { 201: single(adminTitle), ...errors } } },
    async (request, reply) => {
      await parts.addEpisode(actorOf(request), request.params.id, request.body);
      return reply.code(201).send({ data: await titles.get(request.params.id) });
    },
  );
  app.patch(
    '/api/admin/episodes/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Edits an episode', params: idParam, body: adminEpisodeUpdate, response: titleAnswer } },
    async (request) => ({ data: await titles.get(await parts.updateEpisode(actorOf(request), request.params.id, request.body)) }),
  );
  app.delete(
    '/api/admin/episodes/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Removes an episode without video', params: idParam, response: titleAnswer } },
    async (request) => ({ data: await titles.get(await parts.removeEpisode(actorOf(request), request.params.id)) }),
  );

  /* Credits */

  app.post(
    '/api/admin/titles/:id/credits',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Credits a person on a title (last in its role)', params: idParam, body: adminCreditInput, response: { 201: single(adminTitle), ...errors } } },
    async (request, reply) => {
      await parts.addCredit(actorOf(request), request.params.id, request.body);
      return reply.code(201).send({ data: await titles.get(request.params.id) });
    },
  );
  app.patch(
    '/api/admin/titles/:id/credits/:personId/:role',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: "Edits a credit's character", params: adminCreditParams, body: adminCreditUpdate, response: titleAnswer } },
    async (request) => {
      const { id, personId, role } = request.params;
      await parts.updateCredit(actorOf(request), id, personId, role, request.body.character);
      return { data: await titles.get(id) };
    },
  );
  app.delete(
    '/api/admin/titles/:id/credits/:personId/:role',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Removes a credit', params: adminCreditParams, response: titleAnswer } },
    async (request) => {
      const { id, personId, role } = request.params;
      await parts.removeCredit(actorOf(request), id, personId, role);
      return { data: await titles.get(id) };
    },
  );
  app.put(
    '/api/admin/titles/:id/credits/order',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: "The whole new order of one role's credits", params: idParam, body: adminCreditOrder, response: titleAnswer } },
    async (request) => {
      await parts.reorderCredits(actorOf(request), request.params.id, request.body);
      return { data: await titles.get(request.params.id) };
    },
  );

  /* Dub editions */

  app.post(
    '/api/admin/titles/:id/dubs',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Adds a dub edition (studio) to a title', params: idParam, body: adminDubInput, response: { 201: single(adminTitle), ...errors } } },
    async (request, reply) => {
      await parts.addDub(actorOf(request), request.params.id, request.body);
      return reply.code(201).send({ data: await titles.get(request.params.id) });
    },
  );
  app.patch(
    '/api/admin/dubs/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Edits a dub edition', params: idParam, body: adminDubUpdate, response: titleAnswer } },
    async (request) => ({ data: await titles.get(await parts.updateDub(actorOf(request), request.params.id, request.body)) }),
  );
  app.delete(
    '/api/admin/dubs/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Removes a dub edition no video file plays', params: idParam, response: titleAnswer } },
    async (request) => ({ data: await titles.get(await parts.removeDub(actorOf(request), request.params.id)) }),
  );

  /* People */

  app.get(
    '/api/admin/people',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'People: search by name or id, newest first without a query', querystring: adminPersonQuery, response: { 200: paginated(adminPerson), ...errors } } },
    async (request) => curation.people(request.query),
  );
  app.post(
    '/api/admin/people',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Creates a person', body: adminPersonInput, response: { 201: single(adminPerson), ...errors } } },
    async (request, reply) => reply.code(201).send({ data: await curation.createPerson(actorOf(request), request.body) }),
  );
  app.get(
    '/api/admin/people/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'One person', params: idParam, response: { 200: single(adminPerson), ...errors } } },
    async (request) => ({ data: await curation.person(request.params.id) }),
  );
  app.patch(
    '/api/admin/people/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Edits a person', params: idParam, body: adminPersonUpdate, response: { 200: single(adminPerson), ...errors } } },
    async (request) => ({ data: await curation.updatePerson(actorOf(request), request.params.id, request.body) }),
  );

  /* Genres and the form's choices */

  app.get(
    '/api/admin/catalogue/options',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: "Genres, countries and languages for the title form's pickers", response: { 200: single(adminCatalogueOptions), ...errors } } },
    async () => ({ data: await curation.options() }),
  );
  app.get(
    '/api/admin/genres',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Genres with how many titles have each', response: { 200: z.object({ data: z.array(adminGenre) }), ...errors } } },
    async () => ({ data: await curation.genres() }),
  );
  app.post(
    '/api/admin/genres',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Creates a genre', body: adminGenreInput, response: { 201: single(adminGenre), ...errors } } },
    async (request, reply) => reply.code(201).send({ data: await curation.createGenre(actorOf(request), request.body) }),
  );
  app.patch(
    '/api/admin/genres/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Renames a genre (its slug stays)', params: idParam, body: adminGenreUpdate, response: { 200: single(adminGenre), ...errors } } },
    async (request) => ({ data: await curation.updateGenre(actorOf(request), request.params.id, request.body) }),
  );
  app.delete(
    '/api/admin/genres/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Removes a genre no title has', params: idParam, response: { 200: ok, ...errors } } },
    async (request) => {
      await curation.removeGenre(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  /* Collections */

  app.get(
    '/api/admin/collections',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Every collection', response: { 200: z.object({ data: z.array(adminCollection) }), ...errors } } },
    async () => ({ data: await curation.collections() }),
  );
  app.post(
    '/api/admin/collections',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Creates a collection', body: adminCollectionInput, response: { 201: single(adminCollectionDetail), ...errors } } },
    async (request, reply) => reply.code(201).send({ data: await curation.createCollection(actorOf(request), request.body) }),
  );
  app.get(
    '/api/admin/collections/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'One collection with its titles in order (hidden ones too)', params: idParam, response: { 200: single(adminCollectionDetail), ...errors } } },
    async (request) => ({ data: await curation.collection(request.params.id) }),
  );
  app.patch(
    '/api/admin/collections/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Edits a collection (its slug stays)', params: idParam, body: adminCollectionUpdate, response: { 200: single(adminCollectionDetail), ...errors } } },
    async (request) => ({ data: await curation.updateCollection(actorOf(request), request.params.id, request.body) }),
  );
  app.delete(
    '/api/admin/collections/:id',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Removes a collection (its titles stay)', params: idParam, response: { 200: ok, ...errors } } },
    async (request) => {
      await curation.removeCollection(actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/admin/collections/:id/titles',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Adds a title at the end of a collection', params: idParam, body: adminTitleRef, response: { 201: single(adminCollectionDetail), ...errors } } },
    async (request, reply) => reply.code(201).send({ data: await curation.addToCollection(actorOf(request), request.params.id, request.body.title_id) }),
  );
  app.delete(
    '/api/admin/collections/:id/titles/:titleId',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Takes a title out of a collection', params: adminCollectionTitleParams, response: { 200: single(adminCollectionDetail), ...errors } } },
    async (request) => ({ data: await curation.removeFromCollection(actorOf(request), request.params.id, request.params.titleId) }),
  );
  app.put(
    '/api/admin/collections/:id/titles',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: "A collection's whole new order", params: idParam, body: adminTitleOrder, response: { 200: single(adminCollectionDetail), ...errors } } },
    async (request) => ({ data: await curation.reorderCollection(actorOf(request), request.params.id, request.body.title_ids) }),
  );

  /* Slideshow picks */

  app.get(
    '/api/admin/slideshow',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'The slideshow picks of the home, movies and series pages', response: { 200: single(adminSlideshow), ...errors } } },
    async () => ({ data: await curation.slideshow() }),
  );
  app.post(
    '/api/admin/slideshow/:placement',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Adds a title at the end of a slideshow', params: adminSlideshowPlacementParam, body: adminTitleRef, response: { 201: single(adminSlideshow), ...errors } } },
    async (request, reply) => reply.code(201).send({ data: await curation.addPick(actorOf(request), request.params.placement, request.body.title_id) }),
  );
  app.delete(
    '/api/admin/slideshow/:placement/:titleId',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: 'Takes a title out of a slideshow', params: adminSlideshowPickParams, response: { 200: single(adminSlideshow), ...errors } } },
    async (request) => ({ data: await curation.removePick(actorOf(request), request.params.placement, request.params.titleId) }),
  );
  app.put(
    '/api/admin/slideshow/:placement',
    { config: editorOnly, schema: { tags, security: adminSecurity, summary: "A slideshow's whole new order", params: adminSlideshowPlacementParam, body: adminTitleOrder, response: { 200: single(adminSlideshow), ...errors } } },
    async (request) => ({ data: await curation.reorderPicks(actorOf(request), request.params.placement, request.body.title_ids) }),
  );
};
