import { z } from 'zod';

/** One rung of the ladder: what the quality menu offers, with the data it uses per hour. */
export const playQuality = z
  .object({
    height: z.number().int(),
    label: z.string(),
    /** Average bits per second, video and audio. */
    bandwidth: z.number().int(),
    /** Bytes an hour of watching at this quality uses. */
    bytesPerHour: z.number().int(),
  })
  .meta({ id: 'PlayQuality' });

export const playAudio = z
  .object({
    /** The HLS audio rendition's name in the master playlist is `label`; `id` is stable. */
    id: z.string(),
    label: z.string(),
    language: z.string(),
    kind: z.enum(['original', 'dub']),
    studio: z.string().nullable(),
    default: z.boolean(),
  })
  .meta({ id: 'PlayAudio' });

export const playSubtitle = z
  .object({
    language: z.string(),
    label: z.string(),
    /** The whole WebVTT file (signed), for players that draw cues themselves. */
    url: z.string(),
  })
  .meta({ id: 'PlaySubtitle' });

export const playEpisodeRef = z
  .object({ id: z.number().int(), seasonNumber: z.number().int(), episodeNumber: z.number().int(), nameFa: z.string().nullable(), nameEn: z.string().nullable() })
  .meta({ id: 'PlayEpisodeRef' });

/** Everything a player needs to start: signed addresses, editions, resume point, what comes next. */
export const playInfo = z
  .object({
    titleId: z.number().int(),
    episode: playEpisodeRef.nullable(),
    /** The master playlist (signed; every file of the title's media is reached through its folder). */
    masterUrl: z.string(),
    /** When the signed addresses stop working (ISO); ask again after. */
    expiresAt: z.string(),
    durationSec: z.number(),
    posterUrl: z.string(),
    qualities: z.array(playQuality),
    audio: z.array(playAudio),
    subtitles: z.array(playSubtitle),
    /** Seconds to resume from (0: from the start). */
    resumeSec: z.number(),
    intro: z.object({ startSec: z.number(), endSec: z.number() }).nullable(),
    next: playEpisodeRef.nullable(),
  })
  .meta({ id: 'PlayInfo' });
export type PlayInfo = z.infer<typeof playInfo>;
export const playInfoResponse = z.object({ data: playInfo });

export const playQuery = z.object({
  /** An episode of a series; without it, the series' first episode (or the movie). */
  episode: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const screenshotsResponse = z.object({ data: z.array(z.object({ url: z.string(), thumbUrl: z.string() }).meta({ id: 'Screenshot' })) });

/** One file a premium member may download: a quality and an audio edition of the title or an episode. */
export const downloadItem = z
  .object({
    episode: playEpisodeRef.nullable(),
    quality: z.string(),
    height: z.number().int(),
    audio: z.object({ id: z.string(), kind: z.enum(['original', 'dub']), studio: z.string().nullable(), label: z.string() }),
    bytes: z.number().int(),
    /** Signed; works until `expiresAt` of the answer. */
    url: z.string(),
  })
  .meta({ id: 'DownloadItem' });
export type DownloadItem = z.infer<typeof downloadItem>;
export const downloadsResponse = z.object({ data: z.array(downloadItem), expiresAt: z.string() });
