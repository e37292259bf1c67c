import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressBar, type ProgressStream } from './progress';

function fakeStream(isTTY: boolean, columns?: number) {
  const writes: string[] = [];
  const stream: ProgressStream = { isTTY, columns, write: (text: string) => writes.push(text) };
  return { stream, writes };
}

describe('createProgressBar', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('redraws one line in place on a TTY', () => {
    const { stream, writes } = fakeStream(true);
    const bar = createProgressBar('title.basics', stream);
    vi.advanceTimersByTime(2000);
    bar.update({ bytesRead: 42, totalBytes: 100, rows: 170_000 });
    expect(writes).toEqual([`\rtitle.basics [#############.................]  42% 170,000 rows 85,000 rows/s\x1b[K`]);

    // Too soon after the last draw: nothing.
    vi.advanceTimersByTime(10);
    bar.update({ bytesRead: 50, totalBytes: 100, rows: 180_000 });
    expect(writes).toHaveLength(1);

    vi.advanceTimersByTime(200);
    bar.done();
    expect(writes.at(-2)).toMatch(/^\rtitle\.basics \[#{15}\.{15}\] {2}50% 180,000 rows /);
    expect(writes.at(-1)).toBe('\n');
    bar.update({ bytesRead: 100, totalBytes: 100, rows: 1 });
    expect(writes.at(-1)).toBe('\n');
  });

  it('fits the terminal width', () => {
    const { stream, writes } = fakeStream(true, 40);
    createProgressBar('a-rather-long-label', stream).update({ bytesRead: 1, totalBytes: 2, rows: 3 });
    expect(writes[0]!.replace('\r', '').replace('\x1b[K', '').length).toBe(39);
  });

  it('prints plain lines every few seconds when not a TTY', () => {
    const { stream, writes } = fakeStream(false);
    const bar = createProgressBar('name.basics', stream);
    bar.update({ bytesRead: 0, totalBytes: 1000, rows: 0 });
    for (let s = 1; s <= 12; s++) {
      vi.advanceTimersByTime(1000);
      bar.update({ bytesRead: s * 50, totalBytes: 1000, rows: s * 1000 });
    }
    bar.done();
    expect(writes.every((w) => !w.includes('\r') && w.endsWith('\n'))).toBe(true);
    // One at the start, then at 5 s and 10 s, then the final line.
    expect(writes).toHaveLength(4);
    expect(writes[1]).toBe('name.basics  25% 5,000 rows 1,000 rows/s\n');
    expect(writes.at(-1)).toBe('name.basics  60% 12,000 rows 1,000 rows/s (done in 12.0 s)\n');
  });

  it('copes with an unknown total', () => {
    const { stream, writes } = fakeStream(false);
    createProgressBar('x', stream).update({ bytesRead: 10, totalBytes: 0, rows: 5 });
    expect(writes[0]).toBe('x   0% 5 rows 0 rows/s\n');
  });
});
