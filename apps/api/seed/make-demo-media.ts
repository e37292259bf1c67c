/**
 * `npm run media:demo -w apps/api`: makes the demo titles' media, kept in the repository so a
 * fresh `npm start` has something to play on a machine without ffmpeg. Short generated videos —
 * colour bars and a test pattern with tones, a beeping "dub", Persian subtitles with punctuation
 * and numbers (one file in Windows-1256, as old Persian subtitles come) — packaged by the same
 * packager as `npm run media:ingest`. Writes `seed/media/{key}/` and `seed/media/index.json`.
 *
 * `--text` re-writes only the words of the media already here, with the packager's own code and
 * no ffmpeg: the subtitle files' cue text and the audio editions' names (master playlist,
 * manifests, index), leaving every video and audio byte as it is.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { dubLabel, localizeWebVtt, makeDownload, makeTestVideo, makeToneAudio, originalAudioLabel, packageHls, quoted, type HlsManifest } from '@parde/media';
import { ensureFfmpeg } from '../src/cli/ensure-ffmpeg';
import type { SeedMediaEntry } from '../src/modules/media/seed-media';

const here = path.dirname(fileURLToPath(import.meta.url));
const final = path.join(here, 'media');
// Made beside the served folder and swapped in at the end: a running site keeps playing the old one.
const out = process.argv.includes('--downloads') ? final : path.join(here, 'media.new');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-demo-media-'));

interface Demo {
  key: string;
  /** Which qualities get an MP4 to download: a moving pattern costs bytes, bars almost none. */
  downloads: 'all' | 'lowest';
  tconst: string;
  episode?: { season: number; episode: number };
  seconds: number;
  pattern: 'testsrc2' | 'smptebars';
  tone: number;
  dub?: string;
  intro?: { start: number; end: number };
  subtitleEncoding: 'utf-8' | 'windows-1256';
}

const demos: Demo[] = [
  { key: 'tt0111161', tconst: 'tt0111161', downloads: 'all', seconds: 24, pattern: 'smptebars', tone: 330, dub: 'سورن', intro: { start: 2, end: 8 }, subtitleEncoding: 'windows-1256' },
  { key: 'tt0038650', tconst: 'tt0038650', downloads: 'lowest', seconds: 10, pattern: 'testsrc2', tone: 392, subtitleEncoding: 'utf-8' },
  { key: 'tt990010101', tconst: 'tt0903747', episode: { season: 1, episode: 1 }, downloads: 'all', seconds: 16, pattern: 'smptebars', tone: 440, intro: { start: 1, end: 5 }, subtitleEncoding: 'utf-8' },
  { key: 'tt990010102', tconst: 'tt0903747', episode: { season: 1, episode: 2 }, downloads: 'all', seconds: 16, pattern: 'smptebars', tone: 494, subtitleEncoding: 'utf-8' },
];

/** The supplement's languages and titles: where the catalogue itself gets a title's original language. */
const supplement = JSON.parse(fs.readFileSync(path.join(here, 'supplement.json'), 'utf8')) as {
  languages: Record<string, { nameFa: string }>;
  titles: Record<string, { languages?: string[] }>;
};

/** The audio editions of a demo, named as `media:ingest` names them. */
function editionsOf(d: Demo): { id: string; label: string; language: string; default?: boolean; studio: string | null }[] {
  const language = supplement.titles[d.tconst]?.languages?.[0] ?? null;
  const original = { id: 'orig', label: originalAudioLabel(language ? supplement.languages[language]?.nameFa : null), language: language ?? 'und', default: true, studio: null };
  return d.dub ? [original, { id: 'dub1', label: dubLabel(d.dub), language: 'fa', studio: d.dub }] : [original];
}

/** Every file's bytes under `dir` but its manifest.json and the downloads made after it, as the packager counts them. */
function folderBytes(dir: string): number {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !(e.parentPath === dir && e.name === 'manifest.json') && e.parentPath !== path.join(dir, 'dl'))
    .reduce((n, e) => n + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
}

// `--text`: the subtitles' cue text and the editions' names of the media already here.
if (process.argv.includes('--text')) {
  const index = JSON.parse(fs.readFileSync(path.join(final, 'index.json'), 'utf8')) as SeedMediaEntry[];
  for (const d of demos) {
    const dir = path.join(final, d.key);
    for (const sub of fs.readdirSync(dir).filter((n) => n.startsWith('s-'))) {
      for (const name of fs.readdirSync(path.join(dir, sub)).filter((n) => n.endsWith('.vtt'))) {
        const file = path.join(dir, sub, name);
        fs.writeFileSync(file, localizeWebVtt(fs.readFileSync(file, 'utf8'), sub.slice(2)));
      }
    }
    const names = new Map(editionsOf(d).map((e) => [e.id, e.label]));
    const manifestFile = path.join(dir, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as HlsManifest;
    const masterFile = path.join(dir, 'master.m3u8');
    let master = fs.readFileSync(masterFile, 'utf8');
    for (const a of manifest.audio) {
      const label = names.get(a.id) ?? a.label;
      master = master.replace(`NAME=${quoted(a.label)},LANGUAGE="${a.language}"`, `NAME=${quoted(label)},LANGUAGE="${a.language}"`);
      a.label = label;
    }
    fs.writeFileSync(masterFile, master);
    manifest.totalBytes = folderBytes(dir);
    fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2) + '\n');
    const entry = index.find((e) => e.key === d.key)!;
    for (const a of entry.audio) a.label = names.get(a.id) ?? a.label;
    entry.totalBytes = manifest.totalBytes;
  }
  fs.writeFileSync(path.join(final, 'index.json'), `${JSON.stringify(index, null, 1)}\n`);
  console.log('demo media: subtitle text and edition names rewritten');
  process.exit(0);
}

ensureFfmpeg();

const srtTime = (s: number) => `00:00:${String(Math.floor(s)).padStart(2, '0')},${String(Math.round((s % 1) * 1000)).padStart(3, '0')}`;

/** Persian lines whose punctuation and digits a right-to-left reader checks first. */
function subtitles(seconds: number): string {
  const lines = ['سلام، دنیا!', 'این یک آزمایش است: ۱۲ ثانیه، نه بیشتر.', 'آیا صدای دوبله را می‌شنوید؟', 'قیمت: ۴۹٬۰۰۰ تومان (با تخفیف ۱۵٪).', '«پرده» — تماشا به زبان فارسی.'];
  const cues: string[] = [];
  for (let i = 0, t = 0.5; t + 2 < seconds; i++, t += 3) cues.push(`${i + 1}\n${srtTime(t)} --> ${srtTime(t + 2.5)}\n${lines[i % lines.length]}\n`);
  return cues.join('\n');
}

/** As old Persian subtitle files were written: Windows-1256 has no Farsi yeh, Persian digits or ٬ ٪. */
const asLegacyPersian = (text: string) =>
  text
    .replace(/ی/g, 'ي')
    .replace(/[۰-۹]/g, (c) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(c)))
    .replace(/٬/g, ',')
    .replace(/٪/g, '%');

/** One MP4 per quality (all, or the lowest) and audio edition, as `media:ingest` makes them. */
async function addDownloads(d: Demo, manifest: Pick<HlsManifest, 'renditions' | 'audio'>) {
  const heights = manifest.renditions.map((r) => Number.parseInt(r.label, 10)).sort((a, b) => a - b);
  for (const height of d.downloads === 'all' ? heights : heights.slice(0, 1)) {
    for (const a of manifest.audio) await makeDownload({ hlsDir: path.join(out, d.key), height, audioId: a.id, out: path.join(out, d.key, 'dl', `${height}-${a.id}.mp4`) });
  }
}

// `--downloads`: only (re)make the download files of the media already here.
if (process.argv.includes('--downloads')) {
  for (const d of demos) await addDownloads(d, JSON.parse(fs.readFileSync(path.join(out, d.key, 'manifest.json'), 'utf8')) as HlsManifest);
  console.log('demo downloads made');
  process.exit(0);
}

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const index: SeedMediaEntry[] = [];
for (const d of demos) {
  const video = path.join(work, `${d.key}.mp4`);
  await makeTestVideo({ out: video, seconds: d.seconds, width: 1280, height: 720, tone: d.tone, pattern: d.pattern, frameRate: 24 });
  const audio: { id: string; label: string; language: string; default?: boolean; file?: string }[] = [];
  for (const e of editionsOf(d)) {
    const { studio, ...edition } = e;
    if (!studio) {
      audio.push(edition);
      continue;
    }
    const dub = path.join(work, `${d.key}-dub.m4a`);
    await makeToneAudio({ out: dub, seconds: d.seconds, frequency: d.tone * 1.5, beepEvery: 1 });
    audio.push({ ...edition, file: dub });
  }
  const srt = path.join(work, `${d.key}.srt`);
  fs.writeFileSync(srt, d.subtitleEncoding === 'windows-1256' ? iconv.encode(asLegacyPersian(subtitles(d.seconds)), 'win1256') : subtitles(d.seconds));
  const manifest: HlsManifest = await packageHls({
    video,
    audio,
    subtitles: [{ language: 'fa', label: 'فارسی', file: srt }],
    outDir: path.join(out, d.key),
    screenshots: 4,
    onProgress: (p) => process.stdout.write(`\r${d.key}: ${p}%   `),
  });
  process.stdout.write('\n');
  await addDownloads(d, manifest);
  index.push({
    key: d.key,
    tconst: d.tconst,
    episode: d.episode ?? null,
    durationSec: manifest.durationSeconds,
    renditions: manifest.renditions.map((r) => ({ height: r.height, width: r.width, label: r.label, bandwidth: r.averageBandwidth, bytes: r.bytes })),
    audio: manifest.audio.map((a) => ({ id: a.id, label: a.label, language: a.language, default: a.default, studio: a.id === 'dub1' ? d.dub! : null, bytes: a.bytes })),
    subtitles: manifest.subtitles.map((s) => ({ language: s.language, label: s.label })),
    screenshots: manifest.screenshotFiles.length,
    intro: d.intro ?? null,
    totalBytes: manifest.totalBytes,
  });
}
fs.writeFileSync(path.join(out, 'index.json'), `${JSON.stringify(index, null, 1)}\n`);
fs.rmSync(work, { recursive: true, force: true });
const old = path.join(here, 'media.old');
fs.rmSync(old, { recursive: true, force: true });
if (fs.existsSync(final)) fs.renameSync(final, old);
fs.renameSync(out, final);
fs.rmSync(old, { recursive: true, force: true });
const total = index.reduce((n, e) => n + e.totalBytes, 0);
console.log(`demo media: ${index.length} assets, ${(total / 1e6).toFixed(1)} MB in ${final}`);
