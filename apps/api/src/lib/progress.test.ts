import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressReporter, formatTimeLeft, type ProgressStream } from './progress';

function fakeStream(isTTY: boolean, columns?: number) {
  const writes: string[] = [];
  const stream: ProgressStream = { isTTY, columns, write: (text: string) => writes.push(text) };
  return { stream, writes };
}

describe('createProgressReporter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('redraws one line in place on a TTY, with the rate and the time left', () => {
    const { stream, writes } = fakeStream(true);
    const bar = createProgressReporter(stream);
    bar.update({ stage: 'title.basics', fraction: 0.02, count: { value: 8_000, unit: 'rows' } });
    vi.advanceTimersByTime(2000);
    bar.update({ stage: 'title.basics', fraction: 0.42, count: { value: 170_000, unit: 'rows' } });
    expect(writes).toEqual([
      `\rtitle.basics [#.............................]   2% 8,000 rows 0 rows/s\x1b[K`,
      `\rtitle.basics [#############.................]  42% 170,000 rows 85,000 rows/s, 3s left\x1b[K`,
    ]);

    // Too soon after the last draw: nothing.
    vi.advanceTimersByTime(10);
    bar.update({ stage: 'title.basics', fraction: 0.5, count: { value: 180_000, unit: 'rows' } });
    expect(writes).toHaveLength(2);

    vi.advanceTimersByTime(200);
    bar.done();
    expect(writes.at(-2)!.endsWith('\x1b[K')).toBe(true);
    expect(writes.at(-2)).toMatch(/^\rtitle\.basics \[#{15}\.{15}\] {2}50% 180,000 rows [\d,]+ rows\/s/);
    expect(writes.at(-1)).toBe('\n');
    bar.update({ stage: 'title.basics', fraction: 1, count: { value: 1, unit: 'rows' } });
    expect(writes.at(-1)).toBe('\n');
  });

  it('keeps one line on a TTY through a job of a hundred percents and its stages', () => {
    const { stream, writes } = fakeStream(true);
    const job = createProgressReporter(stream);
    job.update({ stage: 'queued', fraction: 0 });
    for (let percent = 1; percent <= 100; percent++) {
      vi.advanceTimersByTime(240); // a 24-second clip
      job.update({ stage: percent < 90 ? 'encoding' : 'downloads', fraction: percent / 100 });
    }
    job.done();
    expect(writes.join('').split('\n')).toEqual([expect.any(String), '']);
    expect(writes.every((w) => w === '\n' || w.startsWith('\r'))).toBe(true);
    expect(writes.some((w) => /^\rencoding \[#+\.*\] +\d+%, \d+s left/.test(w) && w.endsWith('\x1b[K'))).toBe(true);
    expect(writes.at(-2)).toBe(`\rdownloads [${'#'.repeat(30)}] 100%\x1b[K`);
  });

  it('fits the terminal width', () => {
    const { stream, writes } = fakeStream(true, 40);
    createProgressReporter(stream).update({ stage: 'a-rather-long-label', fraction: 0.5, count: { value: 3, unit: 'rows' } });
    expect(writes[0]!.replace('\r', '').replace('\x1b[K', '').length).toBe(39);
  });

  it('prints plain lines every few seconds when not a TTY', () => {
    const { stream, writes } = fakeStream(false);
    const bar = createProgressReporter(stream);
    bar.update({ stage: 'name.basics', fraction: 0, count: { value: 0, unit: 'rows' } });
    for (let s = 1; s <= 12; s++) {
      vi.advanceTimersByTime(1000);
      bar.update({ stage: 'name.basics', fraction: s * 0.05, count: { value: s * 1000, unit: 'rows' } });
    }
    bar.done();
    expect(writes.every((w) => !w.includes('\r') && w.endsWith('\n'))).toBe(true);
    // One at the start, then at 5 s and 10 s, then the final line.
    expect(writes).toHaveLength(4);
    expect(writes[1]).toBe('name.basics  25% 5,000 rows 1,000 rows/s, 15s left\n');
    expect(writes.at(-1)).toBe('name.basics  60% 12,000 rows 1,000 rows/s (done in 12.0 s)\n');
  });

  it('logs a job of a hundred percents in a few lines: every few seconds, each new stage, the end', () => {
    const { stream, writes } = fakeStream(false);
    const job = createProgressReporter(stream);
    job.update({ stage: 'queued', fraction: 0 });
    vi.advanceTimersByTime(3000); // waiting in the queue is not counted in the time left
    for (let percent = 1; percent <= 99; percent++) {
      vi.advanceTimersByTime(240);
      job.update({ stage: percent < 90 ? 'encoding' : 'downloads', fraction: percent / 100 });
    }
    job.done({ stage: 'packaged', fraction: 1 });
    expect(writes).toEqual([
      'queued   0%\n',
      'encoding   1%\n',
      'encoding  22%, 19s left\n',
      'encoding  43%, 14s left\n',
      'encoding  64%, 9s left\n',
      'encoding  85%, 4s left\n',
      'downloads  90%, 2s left\n',
      'packaged 100% (done in 26.8 s)\n',
    ]);
  });

  it('copes with an unknown total and draws nothing for a job that never reported', () => {
    const { stream, writes } = fakeStream(false);
    createProgressReporter(stream).update({ stage: 'x', fraction: 0, count: { value: 5, unit: 'rows' } });
    expect(writes[0]).toBe('x   0% 5 rows 0 rows/s\n');
    const silent = fakeStream(true);
    createProgressReporter(silent.stream).done();
    expect(silent.writes).toEqual([]);
  });
});

describe('formatTimeLeft', () => {
  it.each([
    [0, '0s'],
    [42_400, '42s'],
    [185_000, '3m 05s'],
    [3_720_000, '1h 02m'],
  ])('%d ms is %s', (ms, text) => {
    expect(formatTimeLeft(ms)).toBe(text);
  });
});
