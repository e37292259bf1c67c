/**
 * The router state of a link pressed to watch (the title page's «تماشا», a continue-watching
 * card, the next episode): the player starts on arrival. A navigation inside the app keeps the
 * press's user activation, so the browser lets `play()` run without a second press; an address
 * opened from outside carries no such state and waits for the viewer's press.
 */
export const PLAY_ON_ARRIVAL: { play: true } = { play: true };

export const wantsPlay = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as { play?: unknown }).play === true;

/**
 * Runs `task` once the page has finished loading and the main thread is idle, unless the
 * connection is metered or asks to save data (then only a hover, focus or press loads it).
 * Returns a cancel function.
 */
export function whenIdle(task: () => void): () => void {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; type?: string } }).connection;
  if (c?.saveData || c?.type === 'cellular') return () => {};
  let cancelled = false;
  let handle: number | undefined;
  const hasIdle = typeof window.requestIdleCallback === 'function';
  const run = () => {
    if (!cancelled) task();
  };
  const idle = () => {
    if (!cancelled) handle = hasIdle ? window.requestIdleCallback(run, { timeout: 4000 }) : window.setTimeout(run, 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
    if (handle === undefined) return;
    if (hasIdle) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}
