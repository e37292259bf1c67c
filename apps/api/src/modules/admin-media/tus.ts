/**
 * Resumable uploads (the tus protocol, https://tus.io) under `/api/admin/uploads`, served by
 * `@tus/server` with its file store in DATA_DIR/uploads. Fastify checks who is calling first
 * (editors, on every request: create, HEAD, PATCH, DELETE; the CSRF rule as everywhere), then
 * hands the untouched request to the tus server: the body is never parsed or buffered here.
 */
import type { IncomingMessage } from 'node:http';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server, type ServerOptions } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorMessages } from '../../errors/messages';
import { actorOf } from '../admin/audit';
import { adminErrors, adminSecurity, adminTags, editorOnly } from '../admin/admin.routes';
import { UploadError } from './upload-errors';
import type { UploadService } from './uploads';

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];

export const UPLOADS_PATH = '/api/admin/uploads';

/** The tus server for the panel, and the Fastify plugin that mounts it. */
export function tusUploads(service: UploadService, opts: { allowedOrigin: (origin: string) => boolean; maxBytes: number; log: FastifyRequest['log'] }) {
  // The Fastify request behind each tus request: who is uploading, for the audit entry.
  const requests = new WeakMap<IncomingMessage, FastifyRequest>();
  const requestOf = (req: TusRequest): FastifyRequest => {
    const raw = req.runtime?.node?.req as IncomingMessage | undefined;
    const request = raw && requests.get(raw);
    if (!request) throw new UploadError(401, 'UNAUTHENTICATED');
    return request;
  };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: new FileStore({ directory: service.dir }),
    // The largest any kind may be; a subtitle's smaller limit is checked on creation.
    maxSize: opts.maxBytes,
    relativeLocation: true,
    allowedOrigins: opts.allowedOrigin,
    allowedCredentials: true,
    // What a finished upload started, for the panel to follow.
    exposedHeaders: ['Parde-Ingest-Id', 'Parde-Asset-Id'],
    // Done while the tus lock is held: a client that resumes waits for the ingest to be queued.
    async onUploadCreate(req, upload) {
      await service.create(upload, actorOf(requestOf(req)));
      return {};
    },
    async onUploadFinish(req, upload) {
      const headers = await service.finish(upload, actorOf(requestOf(req)));
      return { headers };
    },
    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return;
      await service.checkExisting(id, req.method);
      // Marked before tus removes the bytes and answers 204, so whoever reads the upload after the
      // answer sees it cancelled (an event after the answer raced the operator's next look).
      if (req.method === 'DELETE') await service.cancelled(id);
    },
    async onResponseError(req, err) {
      if (err instanceof UploadError) return { status_code: err.status_code, body: err.body };
      const toBody = (e: UploadError) => ({ status_code: e.status_code, body: e.body });
      if (err === ERRORS.FILE_WRITE_ERROR) {
        opts.log.error({ url: req.url }, 'upload: writing to DATA_DIR/uploads failed');
        return toBody(await service.writeFailure());
      }
      if (err === ERRORS.ERR_MAX_SIZE_EXCEEDED || err === ERRORS.ERR_SIZE_EXCEEDED) return toBody(new UploadError(413, 'UPLOAD_TOO_LARGE'));
      if (err === ERRORS.FILE_NOT_FOUND || err === ERRORS.FILE_NO_LONGER_EXISTS) return toBody(new UploadError(err.status_code, 'UPLOAD_NOT_FOUND'));
      if (err === ERRORS.INVALID_OFFSET) return toBody(new UploadError(409, 'UPLOAD_OFFSET_MISMATCH'));
      if (err === ERRORS.ABORTED) return undefined;
      const status = 'status_code' in err ? err.status_code : 500;
      if (status >= 500) {
        opts.log.error({ err, url: req.url }, 'upload failed');
        return toBody(new UploadError(500, 'INTERNAL'));
      }
      return toBody(new UploadError(status, 'UPLOAD_INVALID', `${errorMessages.UPLOAD_INVALID} (${'body' in err ? err.body.trim() : ''})`));
    },
  });

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    requests.set(request.raw, request);
    // Headers set so far (the request id, no caching) go out with tus's answer.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  const plugin: FastifyPluginAsync = async (app) => {
    // tus reads the request body itself, as a stream: nothing is parsed or limited here.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const schema = (summary: string, withId: boolean) => ({
      tags: adminTags,
      security: adminSecurity,
      summary,
      ...(withId ? { params: z.object({ id: z.string().max(64) }) } : {}),
      response: adminErrors,
    });
    app.post(UPLOADS_PATH, { config: editorOnly, schema: schema('tus: start an upload (Upload-Length, Upload-Metadata: kind, filename, title_id, episode_id, edition, studio, language)', false) }, handle);
    app.route({ method: 'HEAD', url: `${UPLOADS_PATH}/:id`, config: editorOnly, schema: schema('tus: how many bytes of the upload the server has (Upload-Offset)', true), handler: handle });
    app.patch(`${UPLOADS_PATH}/:id`, { config: editorOnly, schema: schema('tus: the next bytes of the upload, from Upload-Offset (application/offset+octet-stream)', true) }, handle);
    app.delete(`${UPLOADS_PATH}/:id`, { config: editorOnly, schema: schema('tus: cancel an upload and delete what arrived', true) }, handle);
  };
  return { tus, plugin };
}
