/**
 * Running ffmpeg and ffprobe as child processes: locating the binaries, turning exits,
 * aborts and a missing binary into {@link MediaError}s, and reading `-progress` output.
 */
import { spawn } from 'node:child_process';
import { MediaError } from './errors';

/** The ffmpeg binary: `FFMPEG_PATH` when set, else the Debian package's `/usr/bin/ffmpeg`. */
export function ffmpegPath(): string {
  return process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';
}

/** The ffprobe binary: `FFPROBE_PATH` when set, else the Debian package's `/usr/bin/ffprobe`. */
export function ffprobePath(): string {
  return process.env.FFPROBE_PATH || '/usr/bin/ffprobe';
}

/** How much of stderr a failure keeps: enough for ffmpeg's closing complaint, not a whole log. */
const STDERR_TAIL_LINES = 20;

interface RunOptions {
  signal?: AbortSignal | undefined;
  /** Called with each complete line of stdout (used for `-progress pipe:1`). */
  onStdoutLine?: (line: string) => void;
  /** Keep stdout and return it (ffprobe's JSON, a raw bitstream). */
  collectStdout?: boolean;
}

/** Throws the abort as a MediaError, so callers handle one error type. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new MediaError('ABORTED');
}

/**
 * Runs a binary to completion. Resolves with stdout (empty unless collected); rejects with
 * FFMPEG_MISSING, ABORTED or FFMPEG_FAILED. On abort the child is killed and awaited, so no
 * file is still open when the caller deletes its temp directory.
 */
export function runTool(bin: string, args: readonly string[], options: RunOptions = {}): Promise<Buffer> {
  const { signal, onStdoutLine, collectStdout = false } = options;
  throwIfAborted(signal);
  return new Promise<Buffer>((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdoutChunks: Buffer[] = [];
    let pendingLine = '';
    let stderr = '';
    let aborted = false;
    let spawnError: NodeJS.ErrnoException | undefined;

    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (collectStdout) stdoutChunks.push(chunk);
      if (onStdoutLine) {
        const lines = (pendingLine + chunk.toString('utf8')).split('\n');
        pendingLine = lines.pop() ?? '';
        for (const line of lines) onStdoutLine(line.trimEnd());
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the tail is ever reported; trimming as we go keeps a chatty run from growing memory.
      stderr = (stderr + chunk.toString('utf8')).slice(-16_384);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      spawnError = error;
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (onStdoutLine && pendingLine) onStdoutLine(pendingLine);
      if (aborted) return reject(new MediaError('ABORTED'));
      if (spawnError) {
        return reject(
          spawnError.code === 'ENOENT'
            ? new MediaError('FFMPEG_MISSING', { detail: bin, cause: spawnError })
            : new MediaError('FFMPEG_FAILED', { detail: bin, cause: spawnError }),
        );
      }
      if (code !== 0) {
        const stderrTail = stderr.trimEnd().split('\n').slice(-STDERR_TAIL_LINES).join('\n');
        return reject(new MediaError('FFMPEG_FAILED', { detail: `${bin} exited with ${code}`, stderrTail }));
      }
      resolve(Buffer.concat(stdoutChunks));
    });
  });
}

/** Arguments every ffmpeg run starts with: quiet except errors, never prompt, overwrite. */
const COMMON_ARGS = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];

/**
 * Runs ffmpeg. With `onTime`, adds `-progress pipe:1` and reports the output position in
 * seconds as ffmpeg advances (about twice a second), for callers to turn into a percentage.
 */
export async function runFfmpeg(
  args: readonly string[],
  options: { signal?: AbortSignal | undefined; onTime?: (seconds: number) => void } = {},
): Promise<void> {
  const { signal, onTime } = options;
  const progressArgs = onTime ? ['-progress', 'pipe:1', '-nostats'] : [];
  await runTool(ffmpegPath(), [...COMMON_ARGS, ...progressArgs, ...args], {
    signal,
    onStdoutLine: onTime
      ? (line) => {
          // out_time_us is the one field in microseconds in every ffmpeg since 4.x
          // (out_time_ms is microseconds too, by an old mistake); "N/A" until output starts.
          const match = /^out_time_us=(\d+)$/.exec(line);
          if (match) onTime(Number(match[1]) / 1e6);
        }
      : undefined,
  });
}

/** Runs ffmpeg and returns what it wrote to stdout (for `-f … pipe:1` outputs). */
export function ffmpegOutput(args: readonly string[], signal?: AbortSignal): Promise<Buffer> {
  return runTool(ffmpegPath(), [...COMMON_ARGS, ...args], { signal, collectStdout: true });
}

/** Runs ffprobe and returns its stdout as text. */
export async function runFfprobe(args: readonly string[], signal?: AbortSignal): Promise<string> {
  const out = await runTool(ffprobePath(), ['-hide_banner', '-loglevel', 'error', ...args], {
    signal,
    collectStdout: true,
  });
  return out.toString('utf8');
}
