/**
 * @parde/media — turning uploaded films and series into what Parde (پرده) streams: HLS
 * renditions in several qualities and audio editions, Persian-safe WebVTT subtitles, posters
 * and screenshots, and downloadable MP4s. Runs ffmpeg 5.1+ as a child process (server side only).
 */

export * from './errors';
export * from './messages';
export { ffmpegPath, ffprobePath } from './ffmpeg';
export * from './subtitles';
export * from './editions';
export * from './probe';
export * from './ladder';
export * from './package-hls';
export { parseMediaPlaylist, quoted, vodPlaylist, type PlaylistSegment } from './hls-playlist';
export * from './download';
export * from './test-pattern';
