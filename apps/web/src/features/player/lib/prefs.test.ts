import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, type Adapter, type RequestConfig } from '../../../lib/api-client';
import { getProfileChoices, getPlayerChoicesQueryOptions, loadLocalPrefs, saveAudio, savePrefs } from './prefs';

const calls: { method: string; url: string; body: unknown }[] = [];
const original = api.defaults.adapter;
const answer: Adapter = async (config: RequestConfig) => {
  calls.push({ method: config.method, url: config.url, body: config.data ? JSON.parse(config.data) : undefined });
  const data =
    config.url === '/api/user/profile/prefs'
      ? { data: { subtitle: 'en', size: 'l', dataSaver: true, quality: 720 } }
      : config.url.startsWith('/api/user/profile/audio/')
        ? { data: { edition: 'dub-fa' } }
        : { data: null };
  return { data, status: 200, headers: new Headers(), config };
};

beforeEach(() => {
  calls.length = 0;
  api.defaults.adapter = answer;
});
afterEach(() => {
  api.defaults.adapter = original;
});

describe("the player's choices", () => {
  it("a member's come from the profile: prefs and the title's audio edition", async () => {
    expect(await getProfileChoices(12)).toEqual({ prefs: { subtitle: 'en', size: 'l', dataSaver: true, quality: 720 }, audio: 'dub-fa' });
    expect(calls.map((c) => c.url).sort()).toEqual(['/api/user/profile/audio/12', '/api/user/profile/prefs']);
  });

  it("a member's are saved to the profile, nothing on the device", async () => {
    savePrefs({ subtitle: null, size: 's', dataSaver: false, quality: 480 }, true);
    saveAudio(12, 'orig', true);
    await Promise.resolve();
    expect(calls).toEqual([
      { method: 'put', url: '/api/user/profile/prefs', body: { subtitle: null, size: 's', dataSaver: false, quality: 480 } },
      { method: 'put', url: '/api/user/profile/audio/12', body: { edition: 'orig' } },
    ]);
    expect(localStorage.getItem('parde-player')).toBeNull();
  });

  it("a visitor's (free titles) stay on the device and never call the API", async () => {
    savePrefs({ subtitle: 'en', size: 'l', dataSaver: null, quality: null }, false);
    saveAudio(12, 'dub-fa', false);
    const choices = await new QueryClient().fetchQuery(getPlayerChoicesQueryOptions(12, false));
    expect(choices).toEqual({ prefs: { subtitle: 'en', size: 'l', dataSaver: null, quality: null }, audio: 'dub-fa' });
    expect(loadLocalPrefs().size).toBe('l');
    expect(calls).toEqual([]);
  });
});
