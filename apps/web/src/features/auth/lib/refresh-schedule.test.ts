import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRefreshSchedule } from './refresh-schedule';

let visibility: DocumentVisibilityState = 'visible';
const doc = new EventTarget();
Object.defineProperty(doc, 'visibilityState', { get: () => visibility });
const win = new EventTarget();
const setVisibility = (v: DocumentVisibilityState) => {
  visibility = v;
  doc.dispatchEvent(new Event('visibilitychange'));
};

let stop: () => void = () => {};
let refresh: ReturnType<typeof vi.fn<() => void>>;
const start = () => {
  stop = startRefreshSchedule({ refresh, intervalMs: 60_000, minGapMs: 15_000, doc: doc as unknown as Document, win: win as unknown as Window });
};

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  refresh = vi.fn<() => void>();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('the member refresh schedule', () => {
  it('asks once a minute while the page is visible, never right at the start', () => {
    start();
    vi.advanceTimersByTime(59_999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('makes no calls while the tab is hidden, and one when it is shown again', () => {
    start();
    setVisibility('hidden');
    vi.advanceTimersByTime(10 * 60_000);
    expect(refresh).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(refresh).toHaveBeenCalledTimes(1);
    // …and the minute starts again from there.
    vi.advanceTimersByTime(59_999);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('refreshes on window focus, but not twice within the minimum gap', () => {
    start();
    win.dispatchEvent(new Event('focus'));
    expect(refresh).not.toHaveBeenCalled(); // the start-up fetch was just now
    vi.advanceTimersByTime(20_000);
    win.dispatchEvent(new Event('focus'));
    setVisibility('visible');
    win.dispatchEvent(new Event('online'));
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(15_000);
    win.dispatchEvent(new Event('focus'));
    expect(refresh).toHaveBeenCalledTimes(2);
    // The timer follows the latest call: a minute after it, not after the start.
    vi.advanceTimersByTime(59_999);
    expect(refresh).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('stops: no timer and no listeners afterwards', () => {
    start();
    stop();
    vi.advanceTimersByTime(10 * 60_000);
    win.dispatchEvent(new Event('focus'));
    setVisibility('visible');
    expect(refresh).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
