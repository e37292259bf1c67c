import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';

/**
 * The secret that signs media addresses (nginx's `secure_link_md5` shares it). MEDIA_SECRET when
 * set — every process and nginx must have the same one; otherwise one made once and kept in
 * `DATA_DIR/media-secret`, so addresses survive a restart of a single-process site.
 */
export function mediaSecretOf(config: Pick<Config, 'MEDIA_SECRET' | 'DATA_DIR'>): string {
  if (config.MEDIA_SECRET) return config.MEDIA_SECRET;
  const file = path.join(config.DATA_DIR, 'media-secret');
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {
    /* first start */
  }
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const made = crypto.randomBytes(32).toString('base64url');
  try {
    // Exclusive: two processes starting together keep the first one's.
    fs.writeFileSync(file, made, { mode: 0o600, flag: 'wx' });
    return made;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}
