import fs from 'node:fs';
import path from 'node:path';
import send from '@fastify/send';
import { bytesPerHour } from '@parde/media';
import { downloadsResponse, errorResponse, memberIdParam, playInfoResponse, playQuery, screenshotsResponse, validationErrorResponse, type DownloadItem, type PlayInfo } from '@parde/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paths } from '../../config';
import { AppError } from '../../errors/app-error';
import { Lru } from '../../lib/lru';
import { dailyCounts } from '../daily-counts/daily-counts';
import { assertCanWatch } from '../entitlements/entitlements.service';
import { mediaSecretOf } from './media-secret';
import { MediaRepository, type AssetRow } from './media.repository';
import { checkMediaPath, signedMediaPrefix } from './signed-urls';

/** The demo titles' media, packaged by the same command and kept in the repository. */
export const SEED_MEDIA_DIR = path.join(paths.repoRoot, 'apps/api/seed/media');

/** How long a signed address works: a long film and a pause, without handing out lasting links. */
const GRANT_SECONDS = 6 * 3600;

const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
};

const noMedia = 'برای این عنوان هنوز ویدیویی آماده نشده است.';
const forbidden = (reason: string) => Object.assign(new AppError('MEDIA_LINK_INVALID', 403), { reason });

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const repo = new MediaRepository(database.pool);
  const counts = dailyCounts(database.db);
  const secret = mediaSecretOf(config);
  const dirOf = (asset: Pick<AssetRow, 'key' | 'location'>) => path.join(asset.location === 'seed' ? SEED_MEDIA_DIR : path.join(config.DATA_DIR, 'media'), asset.key);
  // Segments ask for their asset many times a second: keep where each lives for a minute.
  const assets = new Lru<Promise<AssetRow | null>>(2_000, 60_000);
  const assetByKey = (key: string) => {
    let hit = assets.get(key);
    if (!hit) assets.set(key, (hit = repo.assetByKey(key).catch((err: unknown) => (assets.delete(key), Promise.reject(err)))));
    return hit;
  };

  /**
   * The bytes of a title's media, for a signed address only: expired, tampered or another
   * member's (the browser's own sign-in says who it is) is 403. Ranges, types and caching as a
   * static file server answers them; in production nginx serves these paths itself (docs/deploy.md).
   */
  app.get('/media/*', { config: { auth: 'optional' }, schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const checked = checkMediaPath(request.url.split('?')[0]!, secret);
    if (!checked.ok) throw forbidden(checked.reason);
    const { grant, file } = checked;
    if (request.member && grant.member !== 0 && request.member.userId !== grant.member) throw forbidden('another member');
    const asset = await assetByKey(grant.asset);
    if (!asset) throw forbidden('unknown media');
    const ext = path.extname(file).toLowerCase();
    const type = TYPES[ext];
    if (!type) throw AppError.notFound('فایل پیدا نشد.');
    const result = await send(request.raw, `/${file}`, {
      root: dirOf(asset),
      dotfiles: 'deny',
      index: false,
      etag: true,
      lastModified: true,
      acceptRanges: true,
      cacheControl: false,
    });
    if (result.type === 'error') {
      const status = (result.metadata as { error?: { status?: number } }).error?.status ?? 404;
      if (status === 416) return reply.code(416).header('content-range', `bytes */${fs.statSync(path.join(dirOf(asset), file)).size}`).send();
      throw AppError.notFound('فایل پیدا نشد.');
    }
    if (result.type === 'directory') throw AppError.notFound('فایل پیدا نشد.');
    // A download is saved under a name people recognise, not `720-orig.mp4`.
    if (file.startsWith('dl/')) reply.header('content-disposition', `attachment; filename="${asset.key}-${path.basename(file)}"`);
    // Playlists may be asked again; segments never change under their name. Private: the
    // address is one member's, and no shared cache should keep it past its time.
    const maxAge = Math.max(0, grant.expires - Math.floor(Date.now() / 1000));
    reply
      .code(result.statusCode)
      .headers(result.headers as Record<string, string>)
      .header('content-type', type)
      .header('cache-control', ext === '.m3u8' ? 'private, no-cache' : `private, max-age=${Math.min(maxAge, 86_400)}, immutable`)
      .header('access-control-allow-origin', request.headers.origin && request.headers.origin === `${request.protocol}://${request.host}` ? request.headers.origin : '*');
    return reply.send(result.stream);
  });

  app.get(
    '/api/titles/:id/play',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['playback'],
        security: [{ bearer: [] }, {}],
        summary: 'Signed addresses and everything a player needs to start the title or an episode (premium, or a free title)',
        params: memberIdParam,
        querystring: playQuery,
        response: { 200: playInfoResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: validationErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const userId = request.member?.userId ?? null;
      await assertCanWatch(database.db, userId, request.params.id, new Date(), request.member?.kids === true);
      const asset = await repo.assetFor(request.params.id, request.query.episode ?? null);
      if (!asset) throw AppError.notFound(noMedia);
      const expires = Math.floor(Date.now() / 1000) + GRANT_SECONDS;
      const prefix = signedMediaPrefix({ expires, member: userId ?? 0, asset: asset.key }, secret);
      const origin = `${request.protocol}://${request.host}`;
      const url = (file: string) => `${origin}${prefix}${file}`;
      const [resumeSec, next] = await Promise.all([request.member ? repo.resumeAt(request.member.profileId, asset.titleId, asset.episodeId, asset.durationSec) : 0, asset.episodeId ? repo.nextEpisode(asset.episodeId) : null]);
      const info: PlayInfo = {
        titleId: asset.titleId,
        episode: asset.episode,
        masterUrl: url('master.m3u8'),
        expiresAt: new Date(expires * 1000).toISOString(),
        durationSec: asset.durationSec,
        posterUrl: url('poster.jpg'),
        qualities: [...asset.renditions]
          .sort((a, b) => a.height - b.height)
          .map((r) => ({ height: r.height, label: r.label, bandwidth: Math.round(r.bandwidth), bytesPerHour: Math.round(bytesPerHour(r.bandwidth)) })),
        audio: asset.audio.map((a) => ({ id: a.id, label: a.label, language: a.language, kind: a.studio ? 'dub' : 'original', studio: a.studio, default: a.default })),
        subtitles: asset.subtitles.map((s) => ({ language: s.language, label: s.label, url: url(`s-${s.language}/subs.vtt`) })),
        resumeSec,
        intro: asset.introStartSec !== null && asset.introEndSec !== null ? { startSec: asset.introStartSec, endSec: asset.introEndSec } : null,
        next,
      };
      // A play for the dashboard: counted in memory, written in batches.
      counts.add('plays');
      return { data: info };
    },
  );

  app.get(
    '/api/titles/:id/downloads',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['playback'],
        security: [{ bearer: [] }],
        summary: 'Signed download links (one MP4 per quality and audio edition, per episode) for premium members, with sizes',
        params: memberIdParam,
        response: { 200: downloadsResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: validationErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const userId = request.member!.userId;
      await assertCanWatch(database.db, userId, request.params.id, new Date(), request.member!.kids);
      const expires = Math.floor(Date.now() / 1000) + GRANT_SECONDS;
      const origin = `${request.protocol}://${request.host}`;
      const items: DownloadItem[] = [];
      for (const asset of await repo.assetsOfTitle(request.params.id)) {
        const dir = path.join(dirOf(asset), 'dl');
        const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
        const prefix = signedMediaPrefix({ expires, member: userId, asset: asset.key }, secret);
        for (const name of names.sort()) {
          const m = /^(\d+)-([a-z0-9_-]+)\.mp4$/i.exec(name);
          const audio = m && asset.audio.find((a) => a.id === m[2]);
          if (!m || !audio) continue;
          const height = Number(m[1]);
          const bytes = (await fs.promises.stat(path.join(dir, name))).size;
          items.push({
            episode: asset.episode,
            quality: `${height}p`,
            height,
            audio: { id: audio.id, kind: audio.studio ? 'dub' : 'original', studio: audio.studio, label: audio.label },
            bytes,
            url: `${origin}${prefix}dl/${name}`,
          });
        }
      }
      items.sort((a, b) => (a.episode?.seasonNumber ?? 0) - (b.episode?.seasonNumber ?? 0) || (a.episode?.episodeNumber ?? 0) - (b.episode?.episodeNumber ?? 0) || b.height - a.height);
      return { data: items, expiresAt: new Date(expires * 1000).toISOString() };
    },
  );

  app.get(
    '/api/titles/:id/screenshots',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['playback'],
        security: [{ bearer: [] }],
        summary: "The title's screenshots (signed in): full size and thumbnail addresses",
        params: memberIdParam,
        response: { 200: screenshotsResponse, 401: errorResponse, 404: errorResponse, 422: validationErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      // A hidden (unpublished) title's screenshots are not shown either.
      if (!(await repo.titleExists(request.params.id, request.member!.kids))) throw AppError.notFound('فیلم یا سریالی با این نشانی پیدا نشد.');
      const asset = await repo.assetFor(request.params.id, null);
      if (!asset) return { data: [] };
      const expires = Math.floor(Date.now() / 1000) + GRANT_SECONDS;
      const prefix = signedMediaPrefix({ expires, member: request.member!.userId, asset: asset.key }, secret);
      const origin = `${request.protocol}://${request.host}`;
      return {
        data: Array.from({ length: asset.screenshots }, (_, i) => {
          const file = `shots/${String(i + 1).padStart(2, '0')}.jpg`;
          return { url: `${origin}${prefix}${file}`, thumbUrl: `${origin}${prefix}${file}` };
        }),
      };
    },
  );
};
