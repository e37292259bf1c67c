import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPageViewBody, sendPageView } from './send-page-view';

const view = { url: '/tv?page=2', title: 'سریال‌ها | پرده', referrer: '' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('page views (Umami /api/send)', () => {
  it('builds the Umami event body', () => {
    expect(buildPageViewBody('site-1', view)).toEqual({
      type: 'event',
      payload: {
        website: 'site-1',
        url: '/tv?page=2',
        hostname: 'localhost',
        language: navigator.language,
        screen: `${screen.width}x${screen.height}`,
        title: 'سریال‌ها | پرده',
        referrer: '',
      },
    });
  });

  it('sends nothing when the tracker is not configured', () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    expect(sendPageView({ url: null, siteId: 'x' }, view)).toBe(false);
    expect(sendPageView({ url: 'https://stats.example', siteId: null }, view)).toBe(false);
    expect(beacon).not.toHaveBeenCalled();
  });

  it('uses sendBeacon, and fetch keepalive when the beacon is refused', async () => {
    const beacon = vi.fn(() => false);
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null)));
    vi.stubGlobal('navigator', { ...navigator, language: 'fa-IR', sendBeacon: beacon });
    vi.stubGlobal('fetch', fetchMock);
    sendPageView({ url: 'https://stats.example', siteId: 's' }, view);
    expect(beacon).toHaveBeenCalledWith('https://stats.example/api/send', expect.any(Blob));
    expect(fetchMock).toHaveBeenCalledWith(
      'https://stats.example/api/send',
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(init.body as string)).toMatchObject({ type: 'event', payload: { website: 's', url: '/tv?page=2' } });
  });
});
