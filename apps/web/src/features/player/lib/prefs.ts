import type { PlayerPrefsData } from '@parde/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * What a viewer chose: the audio edition per title (a series keeps its dub from episode to
 * episode), the subtitle language and size, data saving and a fixed quality. A member's belong
 * to the profile watching (`/api/user/profile/prefs`, `/api/user/profile/audio/{titleId}`), so
 * each person of the household keeps theirs on every device; a visitor's (free titles) stay on
 * this device.
 */
export type PlayerPrefs = PlayerPrefsData;

export const DEFAULT_PREFS: PlayerPrefs = { subtitle: 'fa', size: 'm', dataSaver: null, quality: null };

export type PlayerChoices = { prefs: PlayerPrefs; audio: string | null };

// --- A visitor's, on this device ---------------------------------------------------------------

const KEY = 'parde-player';
const audioKey = (titleId: number) => `parde-audio:${titleId}`;

function read<T>(key: string): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: not remembered */
  }
}

export const loadLocalPrefs = (): PlayerPrefs => ({ ...DEFAULT_PREFS, ...read<Partial<PlayerPrefs>>(KEY) });
const loadLocalAudio = (titleId: number): string | null => read<string>(audioKey(titleId));

// --- A member's, the profile's -----------------------------------------------------------------

/** `GET /api/user/profile/prefs` and `GET /api/user/profile/audio/{titleId}`, together. */
export async function getProfileChoices(titleId: number, signal?: AbortSignal): Promise<PlayerChoices> {
  const [prefs, audio] = await Promise.all([
    api.get('/api/user/profile/prefs', { signal }),
    api.get('/api/user/profile/audio/{titleId}', { path: { titleId }, signal }),
  ]);
  return { prefs: { ...DEFAULT_PREFS, ...prefs.data.data }, audio: audio.data.data.edition };
}

export const playerChoicesKeys = {
  all: ['player-choices'] as const,
  title: (titleId: number, isMember: boolean) => [...playerChoicesKeys.all, titleId, isMember] as const,
};

export const getPlayerChoicesQueryOptions = (titleId: number, isMember: boolean) =>
  queryOptions({
    queryKey: playerChoicesKeys.title(titleId, isMember),
    queryFn: ({ signal }): Promise<PlayerChoices> =>
      isMember ? getProfileChoices(titleId, signal) : Promise.resolve({ prefs: loadLocalPrefs(), audio: loadLocalAudio(titleId) }),
    // Another device of the same profile may have changed them.
    staleTime: 0,
    retry: false,
  });

/** The choices the player starts with; the player waits for them (a failure starts it with the defaults). */
export const usePlayerChoices = (titleId: number, isMember: boolean) => useQuery(getPlayerChoicesQueryOptions(titleId, isMember));

/** Saved where they belong; a failed save only costs the choice next time, never the playback. */
export function savePrefs(prefs: PlayerPrefs, isMember: boolean): void {
  if (!isMember) return write(KEY, prefs);
  void api.put('/api/user/profile/prefs', { body: prefs }).catch(() => undefined);
}

export function saveAudio(titleId: number, edition: string, isMember: boolean): void {
  if (!isMember) return write(audioKey(titleId), edition);
  void api.put('/api/user/profile/audio/{titleId}', { path: { titleId }, body: { edition } }).catch(() => undefined);
}

/** A metered or save-data connection, as the browser reports it (Chromium's Network Information). */
export function meteredConnection(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; type?: string } }).connection;
  return Boolean(c?.saveData || c?.type === 'cellular');
}
