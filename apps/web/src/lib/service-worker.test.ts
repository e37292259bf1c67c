import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

/** A service worker container as far as the page uses it. */
function container(controlled: boolean) {
  const target = new EventTarget();
  const update = vi.fn(() => Promise.resolve());
  const c = Object.assign(target, {
    controller: controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(() => Promise.resolve({ update } as unknown as ServiceWorkerRegistration)),
  });
  return { c: c as unknown as ServiceWorkerContainer, register: c.register, update };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the offline worker', () => {
  it('registers /sw.js and checks for a new version every hour', async () => {
    vi.useFakeTimers();
    const { c, register, update } = container(false);
    registerServiceWorker(c, () => undefined);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('reloads once when a new version takes over a page a worker already controlled', () => {
    const { c } = container(true);
    const reload = vi.fn();
    registerServiceWorker(c, reload);
    c.dispatchEvent(new Event('controllerchange'));
    c.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the first worker starts controlling the page', () => {
    const { c } = container(false);
    const reload = vi.fn();
    registerServiceWorker(c, reload);
    c.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });
});
