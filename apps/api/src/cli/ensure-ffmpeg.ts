import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ffmpegPath, ffprobePath } from '@parde/media';

/**
 * Packaging needs ffmpeg: Debian's package, installed here as `npm test` installs Chromium (when
 * running as root with apt), or a plain message saying how. FFMPEG_PATH/FFPROBE_PATH point
 * elsewhere when it lives elsewhere.
 */
export function ensureFfmpeg(): void {
  if (fs.existsSync(ffmpegPath()) && fs.existsSync(ffprobePath())) return;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.error('• installing ffmpeg from Debian (apt-get install ffmpeg) …');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'ffmpeg'], { stdio: 'inherit' });
    if (r.status === 0 && fs.existsSync(ffmpegPath())) return;
  }
  console.error(`Packaging video needs ffmpeg at ${ffmpegPath()}. Install it with:\n  sudo apt-get install -y ffmpeg\n(or set FFMPEG_PATH and FFPROBE_PATH)\nبرای آماده‌سازی ویدیو ffmpeg لازم است.`);
  process.exit(2);
}
