/**
 * What a viewer chose, remembered on this device: the audio edition per title (a series keeps
 * its dub from episode to episode), the subtitle language and size, and data saving.
 */
export interface PlayerPrefs {
  subtitle: string | null;
  size: 's' | 'm' | 'l';
  dataSaver: boolean | null;
}

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

export const loadPrefs = (): PlayerPrefs => ({ subtitle: 'fa', size: 'm', dataSaver: null, ...read<Partial<PlayerPrefs>>(KEY) });
export const savePrefs = (prefs: PlayerPrefs) => write(KEY, prefs);

/** The audio edition last chosen for a title (a series: for all its episodes). */
export const loadAudio = (titleId: number): string | null => read<string>(audioKey(titleId));
export const saveAudio = (titleId: number, editionId: string) => write(audioKey(titleId), editionId);

/** A metered or save-data connection, as the browser reports it (Chromium's Network Information). */
export function meteredConnection(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; type?: string } }).connection;
  return Boolean(c?.saveData || c?.type === 'cellular');
}
