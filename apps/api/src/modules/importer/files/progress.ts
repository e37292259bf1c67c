/** Where the bar draws: a TTY gets a live bar, anything else (CI logs, a file) plain lines. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressUpdate {
  bytesRead: number;
  totalBytes: number;
  rows: number;
}

export interface ProgressBar {
  update(p: ProgressUpdate): void;
  /** Draws the final state and ends the line; later updates are ignored. */
  done(): void;
}

const BAR_WIDTH = 30;
/** A TTY redraw costs a write; more than ~10 a second is invisible anyway. */
const TTY_INTERVAL_MS = 100;
/** Often enough to show life in a CI log, rarely enough not to flood it. */
const LOG_INTERVAL_MS = 5000;

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * `label [#####.....] 42% 1,234,567 rows 85,000 rows/s`, redrawn in place on a TTY and
 * printed as a plain line every few seconds elsewhere.
 */
export function createProgressBar(label: string, stream: ProgressStream = process.stderr): ProgressBar {
  const tty = stream.isTTY === true;
  const started = performance.now();
  let last: ProgressUpdate = { bytesRead: 0, totalBytes: 0, rows: 0 };
  let lastDraw = -Infinity;
  let finished = false;

  const render = (withBar: boolean): string => {
    const fraction = last.totalBytes > 0 ? Math.min(1, last.bytesRead / last.totalBytes) : 0;
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? last.rows / seconds : 0;
    const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
    const stats = `${percent} ${count.format(last.rows)} rows ${count.format(rate)} rows/s`;
    if (!withBar) return `${label} ${stats}`;
    const filled = Math.round(fraction * BAR_WIDTH);
    return `${label} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${stats}`;
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
      last = { bytesRead: p.bytesRead, totalBytes: p.totalBytes, rows: p.rows };
      if (performance.now() - lastDraw >= (tty ? TTY_INTERVAL_MS : LOG_INTERVAL_MS)) draw();
    },
    done() {
      if (finished) return;
      finished = true;
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
