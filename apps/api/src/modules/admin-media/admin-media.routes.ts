/**
 * The panel's media and import area (editors): resumable uploads (./tus.ts), a title's video
 * and its packaging jobs, and IMDb dataset imports run as jobs.
 */
import fs from 'node:fs';
import {
  adminImport,
  adminIngest,
  adminTitleMedia,
  adminUpload,
  errorResponse,
  importCreateBody,
  importIdParam,
  importsQuery,
  ingestsQuery,
  paginated,
  single,
  titleMediaParam,
  uploadsQuery,
} from '@parde/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { allowedOrigins } from '../../plugins/security';
import { adminErrors, adminSecurity, adminTags, editorOnly } from '../admin/admin.routes';
import { actorOf, defineAuditLabels } from '../admin/audit';
import { startImport } from './imports';
import { listImports, listIngests, listUploads, oneImport, titleMedia } from './queries';
import { queueSender } from './queue-sender';
import { tusUploads } from './tus';
import { UploadService } from './uploads';

defineAuditLabels({
  'media.ingest_start': 'بارگذاری ویدیو و شروع آماده‌سازی',
  'media.subtitle_attach': 'افزودن زیرنویس',
  'import.start': 'شروع ورود از IMDb',
});

export const adminMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const queue = queueSender(database, (err) => app.log.warn({ err }, 'job queue'));
  app.addHook('onClose', async () => queue.stop());
  const service = new UploadService({ database, dataDir: config.DATA_DIR, maxBytes: config.UPLOAD_MAX_BYTES, queue, log: app.log, catalogue: app.catalogue });
  const origins = allowedOrigins(config);
  const uploads = tusUploads(service, { allowedOrigin: (o) => origins.has(o), maxBytes: config.UPLOAD_MAX_BYTES, log: app.log });
  await app.register(uploads.plugin);
  const limits = { maxUploadBytes: config.UPLOAD_MAX_BYTES, maxSubtitleBytes: service.limitOf('subtitle') };

  app.get(
    '/api/admin/titles/:id/media',
    {
      config: editorOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: "A title's packaged video (each episode's for a series): qualities, audio editions, subtitles, size; and its latest packaging jobs",
        params: titleMediaParam,
        response: { 200: single(adminTitleMedia), 404: errorResponse, ...adminErrors },
      },
    },
    async (request) => {
      const data = await titleMedia(database.db, request.params.id, limits);
      if (!data) throw AppError.notFound('عنوانی با این شناسه پیدا نشد.');
      return { data };
    },
  );

  app.get(
    '/api/admin/ingests',
    {
      config: editorOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: "A title's packaging jobs, newest first: state, progress in percent, and why one failed (Persian)",
        querystring: ingestsQuery,
        response: { 200: paginated(adminIngest), ...adminErrors },
      },
    },
    async (request) => listIngests(database.db, request.query),
  );

  app.get(
    '/api/admin/uploads',
    {
      config: editorOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Files uploaded through the panel (videos, subtitles, IMDb datasets), newest first, with how much of each arrived',
        querystring: uploadsQuery,
        response: { 200: paginated(adminUpload), ...adminErrors },
      },
    },
    async (request) =>
      listUploads(database.db, request.query, async (id) => {
        const stat = await fs.promises.stat(service.fileOf(id)).catch(() => null);
        return stat?.size ?? 0;
      }),
  );

  app.get(
    '/api/admin/imports',
    {
      config: editorOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'IMDb imports, newest first: state, phase, rows read, counts, why one failed (Persian)',
        querystring: importsQuery,
        response: { 200: paginated(adminImport), ...adminErrors },
      },
    },
    async (request) => listImports(database.db, request.query),
  );

  app.get(
    '/api/admin/imports/:id',
    {
      config: editorOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'One IMDb import and how far it got',
        params: importIdParam,
        response: { 200: single(adminImport), 404: errorResponse, ...adminErrors },
      },
    },
    async (request) => {
      const data = await oneImport(database.db, request.params.id);
      if (!data) throw AppError.notFound('ورودی با این شناسه پیدا نشد.');
      return { data };
    },
  );

  app.post(
    '/api/admin/imports',
    {
      config: editorOnly,
      schema: {
        tags: adminTags,
        security: adminSecurity,
        summary: 'Starts an IMDb import of uploaded dataset files (a job; one import at a time runs)',
        body: importCreateBody,
        response: { 202: single(adminImport), 409: errorResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      const data = await startImport({ database, dataDir: config.DATA_DIR, queue }, actorOf(request), request.body.upload_ids);
      return reply.code(202).send({ data });
    },
  );
};
