/**
 * Short-lived media URLs, bound to the member and to the title's media, that nginx can check too.
 *
 * A URL signs a folder, not a file: `/media/{expires}/{member}/{signature}/{asset}/…`. Every file
 * of a title's HLS folder (playlists name their segments relatively) is reached through the same
 * prefix, so one signature serves a whole playback. The signature is nginx's `secure_link_md5`
 * form — base64url of MD5 over `"{expires}/{member}/{asset} {secret}"` — so in production nginx
 * checks it and serves the bytes itself:
 *
 *     location ~ ^/media/(?<exp>\d+)/(?<uid>\d+)/(?<sig>[\w-]+)/(?<asset>[\w-]+)/(?<file>.+)$ {
 *         secure_link $sig,$exp;
 *         secure_link_md5 "$exp/$uid/$asset $media_secret";
 *         if ($secure_link = "")  { return 403; }
 *         if ($secure_link = "0") { return 403; }
 *         alias /srv/parde/data/media/$asset/$file;
 *     }
 *
 * (MD5 with a secret is what nginx's module can compute; the secret is long and random and each
 * URL lives hours, so forging one means a preimage attack on a keyed digest within that time.)
 * Member 0 is a visitor: only free titles and trailers are ever signed for it.
 */
import crypto from 'node:crypto';

export interface MediaGrant {
  expires: number;
  member: number;
  asset: string;
}

const ASSET = /^[A-Za-z0-9_-]{1,64}$/;

export function mediaSignature(grant: MediaGrant, secret: string): string {
  return crypto.createHash('md5').update(`${grant.expires}/${grant.member}/${grant.asset} ${secret}`).digest('base64url');
}

/** The URL prefix (ending in `/`) under which every file of `asset` is served to `member` until `expires`. */
export function signedMediaPrefix(grant: MediaGrant, secret: string): string {
  if (!ASSET.test(grant.asset)) throw new Error(`not an asset key: ${grant.asset}`);
  return `/media/${grant.expires}/${grant.member}/${mediaSignature(grant, secret)}/${grant.asset}/`;
}

export type MediaCheck = { ok: true; grant: MediaGrant; file: string } | { ok: false; reason: 'malformed' | 'expired' | 'forged' };

/**
 * Checks `/media/{expires}/{member}/{signature}/{asset}/{file}`: the file part must stay inside the
 * folder (no `..`, no absolute or backslashed parts), the time must not have passed, and the
 * signature must be this secret's for exactly these expires, member and asset.
 */
export function checkMediaPath(pathname: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): MediaCheck {
  const m = /^\/media\/(\d{1,12})\/(\d{1,12})\/([A-Za-z0-9_-]{22})\/([A-Za-z0-9_-]{1,64})\/(.+)$/.exec(pathname);
  if (!m) return { ok: false, reason: 'malformed' };
  let file: string;
  try {
    file = decodeURIComponent(m[5]!);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parts = file.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\') || p.includes('\0'))) return { ok: false, reason: 'malformed' };
  const grant: MediaGrant = { expires: Number(m[1]), member: Number(m[2]), asset: m[4]! };
  const expected = Buffer.from(mediaSignature(grant, secret));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
  if (grant.expires < nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, grant, file };
}
