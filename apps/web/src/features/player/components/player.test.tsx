import type { PlayInfo } from '@parde/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFS } from '../lib/prefs';
import { Player } from './player';

/**
 * The player's start, alone: hls.js stands aside (the browser's own HLS path), and the video
 * element's play() answers as a browser would. A refused autoplay (no press came with the
 * address) must leave the large play button, never an error; a press then plays.
 */
vi.mock('../lib/load-hls', () => ({ loadHls: async () => ({ default: { isSupported: () => false } }) }));

const info: PlayInfo = {
  titleId: 7,
  episode: null,
  masterUrl: '/media/7/master.m3u8',
  expiresAt: '2030-01-01T00:00:00Z',
  durationSec: 24,
  posterUrl: '/media/7/poster.jpg',
  qualities: [],
  audio: [{ id: 'orig', label: 'صدای اصلی', language: 'en', kind: 'original', studio: null, default: true }],
  subtitles: [],
  resumeSec: 0,
  intro: null,
  next: null,
};

let refuse = true;
const play = vi.fn(function (this: HTMLMediaElement) {
  if (refuse) return Promise.reject(new DOMException('play() failed because the user did not interact with the document first.', 'NotAllowedError'));
  this.dispatchEvent(new Event('play'));
  return Promise.resolve();
});

beforeEach(() => {
  refuse = true;
  play.mockClear();
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

const renderPlayer = (autoplay: boolean) => render(<Player info={info} isMember={false} preferDub={false} choices={{ prefs: DEFAULT_PREFS, audio: null }} title="فیلم" autoplay={autoplay} />);

describe('starting playback', () => {
  it('plays on arrival after a press: play() is asked for at once, and no large button shows', async () => {
    refuse = false;
    renderPlayer(true);
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('player').getAttribute('data-playing')).toBe('true'));
    expect(screen.queryByTestId('play-start')).toBeNull();
  });

  it('a refused autoplay shows the large play button, and its press plays', async () => {
    renderPlayer(true);
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    const start = await screen.findByTestId('play-start');
    expect(start.getAttribute('aria-label')).toBe('پخش');
    expect(screen.queryByRole('alert')).toBeNull();
    refuse = false;
    fireEvent.click(start);
    await waitFor(() => expect(screen.queryByTestId('play-start')).toBeNull());
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('an address opened from outside waits for the press', async () => {
    renderPlayer(false);
    expect(await screen.findByTestId('play-start')).toBeTruthy();
    expect(play).not.toHaveBeenCalled();
  });
});
