/**
 * One progress reporter for every long job run from the command line (import, ingest, synthetic
 * data, …): on a terminal a single line redrawn in place with a bar, the stage, the percentage,
 * the rate and the time left; in a log (CI, a file, a pipe) a plain line every few seconds, at
 * every change of stage and at the end. The jobs report their fraction done; the admin panel
 * shows the same fraction as a percentage.
 */

/** Where the reporter writes: a TTY gets a live line, anything else plain lines. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressUpdate {
  /** What the job is doing now: `title.basics`, `encoding`. */
  stage: string;
  /** From 0 to 1; 0 while unknown. */
  fraction: number;
  /** Things done so far, with their rate: `170,000 rows 85,000 rows/s`. */
  count?: { value: number; unit: string };
}

export interface ProgressReporter {
  update(p: ProgressUpdate): void;
  /** Draws the final state (`last`, when given, in place of the last update) and ends the line; later updates are ignored. */
  done(last?: ProgressUpdate): void;
}

const BAR_WIDTH = 30;
/** A TTY redraw costs a write; more than ~10 a second is invisible anyway. */
const TTY_INTERVAL_MS = 100;
/** Often enough to show life in a CI log, rarely enough not to flood it. */
const LOG_INTERVAL_MS = 5000;
/** Below this much measured time, a time left is a guess not worth printing. */
const ETA_AFTER_MS = 1000;

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** `42s`, `3m 05s`, `1h 02m`. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/**
 * `stage [#####.....]  42% 1,234,567 rows 85,000 rows/s, 1m 05s left`, redrawn in place on a TTY
 * and printed as a plain line (no bar) every few seconds and at each new stage elsewhere.
 *
 * The time left is the pace since the first step past 0 (a queued job's wait does not count),
 * shown once a second of that pace has been seen.
 */
export function createProgressReporter(stream: ProgressStream = process.stderr): ProgressReporter {
  const tty = stream.isTTY === true;
  const started = performance.now();
  /** When and where the job was first seen moving. */
  let base: { at: number; fraction: number } | undefined;
  let last: ProgressUpdate | undefined;
  let lastDraw = -Infinity;
  let finished = false;

  const render = (withBar: boolean): string => {
    const p = last!;
    const fraction = Math.min(1, Math.max(0, p.fraction));
    const now = performance.now();
    let stats = `${Math.floor(fraction * 100)}%`.padStart(4);
    if (p.count) {
      const seconds = (now - started) / 1000;
      const rate = seconds > 0 ? p.count.value / seconds : 0;
      stats += ` ${count.format(p.count.value)} ${p.count.unit} ${count.format(rate)} ${p.count.unit}/s`;
    }
    if (!finished && base && fraction < 1 && fraction > base.fraction && now - base.at >= ETA_AFTER_MS) {
      stats += `, ${formatTimeLeft(((now - base.at) * (1 - fraction)) / (fraction - base.fraction))} left`;
    }
    if (!withBar) return `${p.stage} ${stats}`;
    const filled = Math.round(fraction * BAR_WIDTH);
    return `${p.stage} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${stats}`;
  };

  const draw = () => {
    lastDraw = performance.now();
    if (tty) {
      const line = render(true);
      const width = stream.columns;
      // \x1b[K clears what a longer previous line left behind.
      stream.write(`\r${width && line.length >= width ? line.slice(0, width - 1) : line}\x1b[K`);
    } else {
      stream.write(`${render(false)}\n`);
    }
  };

  return {
    update(p) {
      if (finished) return;
      const newStage = last?.stage !== p.stage;
      if (!(p.fraction > 0)) base = undefined;
      else base ??= { at: performance.now(), fraction: p.fraction };
      last = { stage: p.stage, fraction: p.fraction, ...(p.count ? { count: { ...p.count } } : {}) };
      if (newStage || performance.now() - lastDraw >= (tty ? TTY_INTERVAL_MS : LOG_INTERVAL_MS)) draw();
    },
    done(final) {
      if (finished) return;
      finished = true;
      if (final) last = { ...final };
      if (!last) return;
      if (tty) {
        draw();
        stream.write('\n');
      } else {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        stream.write(`${render(false)} (done in ${seconds} s)\n`);
      }
    },
  };
}
