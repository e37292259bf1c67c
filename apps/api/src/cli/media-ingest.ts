/**
 * `npm run media:ingest -- --title tt… [--season S --episode E] [--audio original|dub:STUDIO [FILE]]…
 *   [--subs LANG=FILE.srt]… [--intro START-END] [--no-wait] VIDEO`
 *
 * Queues a video for packaging (HLS ladder, one audio rendition per edition, subtitles, poster,
 * screenshots) and follows its progress. Beside a running site the site's worker does the work;
 * otherwise this command works the queue itself until its job is done.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openForCommand } from '../db/backup';
import { ensureFfmpeg } from './ensure-ffmpeg';
import { createProgressReporter } from '../lib/progress';
import { ingestStage, type IngestRequest } from '../modules/media/ingest';
import { IngestsRepository } from '../modules/media/media.repository';
import { startQueue } from '../modules/media/queue';
import { enqueueIngest, startMediaWorker } from '../modules/media/worker';

const usage = `usage: npm run media:ingest -- --title tt… [--season S --episode E] [--audio original|dub:STUDIO [FILE]]… [--subs LANG=FILE.srt]… [--intro START-END] [--no-wait] VIDEO
  --audio original          the video's own soundtrack (or a separate FILE)
  --audio "dub:STUDIO" FILE a Persian dub by STUDIO
  --subs fa=FILE.srt        subtitles (UTF-8, UTF-16 or Windows-1256)
  --intro 5-32              the opening titles, in seconds (for "skip intro")`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const cwd = process.env.INIT_CWD ?? process.cwd();
const file = (p: string, what: string) => {
  const abs = path.resolve(cwd, p);
  if (!fs.existsSync(abs) || !fs.statSync(abs).isFile()) fail(`${what} not found: ${abs}`);
  return abs;
};

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(usage);
  process.exit(0);
}
let title: string | undefined;
let season: number | undefined;
let episode: number | undefined;
let wait = true;
let intro: IngestRequest['intro'];
const audio: IngestRequest['audio'] = [];
const subtitles: IngestRequest['subtitles'] = [];
const positionals: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  const next = () => args[++i] ?? fail(`${a} needs a value`);
  if (a === '--title') title = next();
  else if (a === '--season') season = Number(next());
  else if (a === '--episode') episode = Number(next());
  else if (a === '--no-wait') wait = false;
  else if (a === '--intro') {
    const m = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(next());
    if (!m || Number(m[1]) >= Number(m[2])) fail('--intro takes START-END in seconds, START before END');
    intro = { start: Number(m[1]), end: Number(m[2]) };
  } else if (a === '--subs') {
    const m = /^([a-z]{2,3})=(.+)$/i.exec(next());
    if (!m) fail('--subs takes LANG=FILE');
    subtitles.push({ language: m[1]!.toLowerCase(), file: file(m[2]!, 'subtitle file') });
  } else if (a === '--audio') {
    const spec = next();
    // A FILE follows unless the next word is an option or the video (the last word).
    const hasFile = i + 1 < args.length - 1 && !args[i + 1]!.startsWith('--');
    if (spec === 'original') audio.push({ kind: 'original', ...(hasFile ? { file: file(next(), 'audio file') } : {}) });
    else if (spec.startsWith('dub:') && spec.length > 4) {
      if (!hasFile) fail(`--audio ${spec} needs its FILE`);
      audio.push({ kind: 'dub', studio: spec.slice(4).trim(), file: file(next(), 'audio file') });
    } else fail(`--audio takes "original" or "dub:STUDIO", not "${spec}"`);
  } else if (a.startsWith('--')) fail(`unknown option ${a}`);
  else positionals.push(a);
}
if (!title || !/^tt\d{1,10}$/.test(title)) fail('--title tt… is required');
if ((season === undefined) !== (episode === undefined) || [season, episode].some((n) => n !== undefined && !(Number.isInteger(n) && n > 0))) fail('--season and --episode go together, as whole numbers');
if (positionals.length !== 1) fail('one VIDEO file is required');
const request: IngestRequest = { video: file(positionals[0]!, 'video'), audio, subtitles, ...(intro ? { intro } : {}) };

const config = loadConfig();
const database = await openForCommand(config);
// The site's worker packages it when the site runs; otherwise this process does.
if (!database.guest) ensureFfmpeg();
let code = 0;
try {
  const repo = new IngestsRepository();
  const target = await repo.titleByImdb(database.db, title, season ?? null, episode ?? null);
  if (!target) throw new Error(`no title ${title} in the catalogue`);
  if (season !== undefined && target.episode_id === null) throw new Error(`${title} has no season ${season} episode ${episode}`);

  // Beside a running site its worker takes the job; otherwise this process works the queue until
  // its job is done (on PostgreSQL a site's worker may take it first: either finishes it). With
  // --no-wait the job waits for a site's worker.
  // The worker's own notes wait for the end: on a terminal they would break into the progress line.
  const notes: string[] = [];
  const worker = database.guest || !wait ? undefined : await startMediaWorker({ database, dataDir: config.DATA_DIR, embeddedMaxTitles: config.IMPORT_EMBEDDED_MAX_TITLES, log: (m) => notes.push(m), onError: (e) => console.error(e) });
  const boss = worker?.boss ?? (await startQueue(database, (e) => console.error(e)));
  const id = await enqueueIngest(database, boss, { titleId: target.title_id, episodeId: target.episode_id }, request);
  console.log(`ingest ${id} queued${database.guest ? ': the running site packages it' : worker ? '' : ": a running site's worker packages it"}`);
  if (!worker) await boss.stop({ graceful: false, wait: true });
  if (wait) {
    // One line redrawn in place on a terminal; in a log, a line every few seconds and at each stage.
    const progress = createProgressReporter(process.stdout);
    for (;;) {
      const s = (await repo.state(database.db, id))!;
      if (s.status === 'done') {
        progress.done({ stage: ingestStage(s.status, 100), fraction: 1 });
        break;
      }
      if (s.status === 'failed') {
        // A failure that will be tried again stays 'failed' only until the next try starts.
        const jobState = await repo.jobState(database.db, id);
        if (!jobState || jobState === 'failed') {
          progress.done();
          console.error(`ingest ${id} failed:\n${s.error}`);
          code = 1;
          break;
        }
      } else {
        progress.update({ stage: ingestStage(s.status, s.progress), fraction: s.progress / 100 });
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  await worker?.stop();
  for (const note of notes) console.error(note);
} catch (err) {
  console.error(`media:ingest: ${(err as Error).message}`);
  code = 1;
} finally {
  await database.close();
}
process.exit(code);
