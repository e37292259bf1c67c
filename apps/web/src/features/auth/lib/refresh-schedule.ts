/** How often an open, visible page asks again for the member (the notification dot). */
export const USER_REFRESH_INTERVAL_MS = 60_000;
/** Coming back to the page refreshes at once, but not more often than this. */
export const USER_REFRESH_MIN_GAP_MS = 15_000;

export type RefreshScheduleOptions = {
  refresh: () => unknown;
  intervalMs?: number;
  minGapMs?: number;
  /** Injected in tests; the page's own otherwise. */
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  now?: () => number;
};

/**
 * Calls `refresh` every `intervalMs` while the page is visible, and when the visitor comes back
 * to it (tab shown, window focused, back online) if the last call is `minGapMs` old or more.
 * A hidden tab makes no calls at all: its timer stops and restarts when it is shown again.
 * The caller has just loaded the member, so the first call is one interval away.
 * Answers the function that stops it.
 */
export function startRefreshSchedule({
  refresh,
  intervalMs = USER_REFRESH_INTERVAL_MS,
  minGapMs = USER_REFRESH_MIN_GAP_MS,
  win = window,
  doc = document,
  now = () => Date.now(),
}: RefreshScheduleOptions): () => void {
  let last = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hidden = () => doc.visibilityState === 'hidden';

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(onTimer, intervalMs);
  };
  const refreshNow = () => {
    last = now();
    schedule();
    refresh();
  };
  function onTimer() {
    timer = undefined;
    // Hidden: nothing until the page is shown again (onWake).
    if (!hidden()) refreshNow();
  }
  const onWake = () => {
    if (hidden()) return;
    if (now() - last >= minGapMs) refreshNow();
    else if (timer === undefined) schedule();
  };

  schedule();
  doc.addEventListener('visibilitychange', onWake);
  win.addEventListener('focus', onWake);
  win.addEventListener('online', onWake);
  return () => {
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', onWake);
    win.removeEventListener('focus', onWake);
    win.removeEventListener('online', onWake);
  };
}
