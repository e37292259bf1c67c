/**
 * A subtitle added to a title that is already packaged: its WebVTT rendition written beside the
 * others (cut on the video's own segment boundaries, timed against the first segment's clock,
 * as the packager does it in @parde/media's package-hls.ts) and the master playlist naming it.
 * Written in a hidden folder and renamed into place; `undo()` puts the folder as it was.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffprobePath, formatWebVtt, parseMediaPlaylist, parseWebVttCues, quoted, vodPlaylist, type PlaylistSegment } from '@parde/media';

const run = promisify(execFile);

/** The first presentation time of a TS segment, in 90 kHz ticks (X-TIMESTAMP-MAP's MPEGTS). */
async function firstPts(segment: string): Promise<number> {
  const { stdout } = await run(ffprobePath(), ['-v', 'error', '-print_format', 'json', '-show_entries', 'format=start_time', segment]);
  const out = JSON.parse(stdout) as { format?: { start_time?: string } };
  return Math.round(Number(out.format?.start_time ?? 0) * 90_000);
}

/** The master playlist with `language`'s subtitle rendition (replacing an earlier one) and every variant in the `subs` group. */
export function withSubtitleEntry(master: string, language: string, label: string): string {
  const entry =
    `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME=${quoted(label)},LANGUAGE=${quoted(language)},` +
    `DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI=${quoted(`s-${language}/index.m3u8`)}`;
  const lines = master.replace(/\r\n?/g, '\n').split('\n');
  const kept = lines.filter((l) => !(l.startsWith('#EXT-X-MEDIA:') && l.includes('TYPE=SUBTITLES') && l.includes(`LANGUAGE="${language}"`)));
  const lastMedia = kept.reduce((at, l, i) => (l.startsWith('#EXT-X-MEDIA:') ? i : at), -1);
  const firstVariant = kept.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF:'));
  if (lastMedia >= 0) kept.splice(lastMedia + 1, 0, entry);
  else {
    // No renditions yet: after the header, with the blank line the packager leaves before variants.
    const at = firstVariant >= 0 ? firstVariant : kept.length;
    kept.splice(at, 0, entry, '');
  }
  return kept.map((l) => (l.startsWith('#EXT-X-STREAM-INF:') && !/(^|,)SUBTITLES=/.test(l.slice(18)) ? `${l},SUBTITLES="subs"` : l)).join('\n');
}

/**
 * Writes `s-{language}/` (the whole file as `subs.vtt`, segments and their playlist) into the
 * asset folder `dir` and names it in `master.m3u8` (and `manifest.json`). Returns how to undo it.
 */
export async function installSubtitle(dir: string, language: string, label: string, vtt: string): Promise<{ undo(): Promise<void>; done(): Promise<void> }> {
  const masterFile = path.join(dir, 'master.m3u8');
  const master = await fs.readFile(masterFile, 'utf8');
  const firstVariant = master.split(/\r?\n/).findIndex((l) => l.startsWith('#EXT-X-STREAM-INF:'));
  const variantUri = master.split(/\r?\n/)[firstVariant + 1]?.trim();
  if (firstVariant < 0 || !variantUri) throw new Error(`${masterFile}: no variant stream`);
  const variantFile = path.join(dir, variantUri);
  const windows = parseMediaPlaylist(await fs.readFile(variantFile, 'utf8')).segments;
  if (windows.length === 0) throw new Error(`${variantFile}: no segments`);
  const mpegTs = await firstPts(path.join(path.dirname(variantFile), windows[0]!.uri));

  const tag = randomUUID().slice(0, 8);
  const work = path.join(dir, `.s-${language}.tmp-${tag}`);
  const target = path.join(dir, `s-${language}`);
  const aside = path.join(dir, `.s-${language}.old-${tag}`);
  const masterAside = path.join(dir, `.master.m3u8.old-${tag}`);
  await fs.mkdir(work);
  try {
    await fs.writeFile(path.join(work, 'subs.vtt'), vtt);
    const cues = parseWebVttCues(vtt);
    const header = [`X-TIMESTAMP-MAP=MPEGTS:${mpegTs},LOCAL:00:00:00.000`];
    const segments: PlaylistSegment[] = [];
    let startMs = 0;
    for (const [i, w] of windows.entries()) {
      const endMs = i === windows.length - 1 ? Number.POSITIVE_INFINITY : startMs + w.duration * 1000;
      const uri = `${String(i).padStart(5, '0')}.vtt`;
      await fs.writeFile(path.join(work, uri), formatWebVtt(cues.filter((c) => c.startMs < endMs && c.endMs > startMs), header));
      segments.push({ uri, duration: w.duration });
      startMs = endMs;
    }
    await fs.writeFile(path.join(work, 'index.m3u8'), vodPlaylist(segments));
    const nextMaster = path.join(dir, `.master.m3u8.new-${tag}`);
    await fs.writeFile(nextMaster, withSubtitleEntry(master, language, label));

    let hadOld = false;
    try {
      await fs.rename(target, aside);
      hadOld = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    await fs.rename(work, target);
    await fs.copyFile(masterFile, masterAside);
    await fs.rename(nextMaster, masterFile);
    const manifestFile = path.join(dir, 'manifest.json');
    const manifestAside = path.join(dir, `.manifest.json.old-${tag}`);
    const manifestKept = await fs.copyFile(manifestFile, manifestAside).then(
      () => true,
      () => false,
    );
    if (manifestKept) await updateManifest(manifestFile, language, label).catch(() => {});
    return {
      async undo() {
        await fs.rename(masterAside, masterFile).catch(() => {});
        if (manifestKept) await fs.rename(manifestAside, manifestFile).catch(() => {});
        await fs.rm(target, { recursive: true, force: true });
        if (hadOld) await fs.rename(aside, target).catch(() => {});
      },
      async done() {
        await Promise.all([fs.rm(aside, { recursive: true, force: true }), fs.rm(masterAside, { force: true }), fs.rm(manifestAside, { force: true })]);
      },
    };
  } catch (err) {
    await fs.rm(work, { recursive: true, force: true });
    await fs.rm(path.join(dir, `.master.m3u8.new-${tag}`), { force: true });
    throw err;
  }
}

/** `manifest.json` describes the folder: its subtitle list follows. */
async function updateManifest(file: string, language: string, label: string) {
  const manifest = JSON.parse(await fs.readFile(file, 'utf8')) as { subtitles?: { language: string; label: string; playlist: string; file: string }[] };
  manifest.subtitles = [...(manifest.subtitles ?? []).filter((s) => s.language !== language), { language, label, playlist: `s-${language}/index.m3u8`, file: `s-${language}/subs.vtt` }];
  await fs.writeFile(`${file}.tmp`, JSON.stringify(manifest, null, 2) + '\n');
  await fs.rename(`${file}.tmp`, file);
}
