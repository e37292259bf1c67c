/**
 * YouTube's privacy-enhanced player for a video id (nothing is loaded from YouTube until the
 * viewer presses play, and no cookies before they watch). Ids are 11 URL-safe characters; anything
 * else yields null rather than a frame pointing somewhere unexpected.
 */
export function trailerEmbedUrl(youtubeId: string): string | null {
  if (!/^[A-Za-z0-9_-]{11}$/.test(youtubeId)) return null;
  return `https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0&hl=fa&cc_lang_pref=fa`;
}
