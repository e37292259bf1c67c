import { QueryClientProvider } from '@tanstack/react-query';
import type { DownloadItem, MediaFile, TitleAccess } from '@parde/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { api, type Adapter, type RequestConfig } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { FilesScreen } from './files-screen';
import { matrixDetail } from './title-fixtures';

/**
 * The files page's rows tell each visitor what they lack: a free title asks a visitor to sign in,
 * any other title asks for premium, and a member on a free title (or with premium) downloads.
 */
const files: MediaFile[] = [
  { id: 1, seasonNumber: null, episodeNumber: null, quality: '720p', sizeMb: 40, codec: 'H.264', source: 'HLS', audio: { kind: 'original', studio: null }, subtitles: ['fa'], durationSec: 24, episodeName: null },
  { id: 2, seasonNumber: null, episodeNumber: null, quality: '720p', sizeMb: 41, codec: 'H.264', source: 'HLS', audio: { kind: 'dub', studio: 'سورن' }, subtitles: ['fa'], durationSec: 24, episodeName: null },
];
const downloads: DownloadItem[] = [
  { episode: null, quality: '720p', height: 720, audio: { id: 'orig', kind: 'original', studio: null, label: 'صدای اصلی — انگلیسی' }, bytes: 423_012, url: 'http://localhost/media/x/dl/720-orig.mp4' },
  { episode: null, quality: '720p', height: 720, audio: { id: 'dub1', kind: 'dub', studio: 'سورن', label: 'دوبلهٔ فارسی — سورن' }, bytes: 433_012, url: 'http://localhost/media/x/dl/720-dub1.mp4' },
];

let isFree = false;
let access: TitleAccess = { canWatch: false, reason: 'UNAUTHENTICATED' };
let seen: RequestConfig[] = [];
const originalAdapter = api.defaults.adapter;
beforeEach(() => {
  seen = [];
  const adapter: Adapter = async (config) => {
    seen.push(config);
    const ok = (data: unknown) => ({ data, status: 200, headers: new Headers(), config });
    const url = config.url ?? '';
    if (url === '/api/titles/7') return ok({ data: { ...matrixDetail('http://localhost:8000'), isFree } });
    if (url === '/api/titles/7/files') return ok({ data: files });
    if (url === '/api/titles/7/access') return ok({ data: access });
    if (url === '/api/titles/7/downloads') return ok({ data: downloads, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    throw new Error(`unexpected request ${url}`);
  };
  api.defaults.adapter = adapter;
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function renderFiles(isMember: boolean) {
  const router = createMemoryRouter([{ path: '/titles/:id/files', element: <FilesScreen id={7} isMember={isMember} /> }], { initialEntries: ['/titles/7/files'] });
  render(
    <AppProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProvider>,
  );
}

const rows = async () => {
  await waitFor(() => expect(screen.getAllByTestId('media-file')).toHaveLength(2));
  return screen.getAllByTestId('media-file');
};

describe('the files page', () => {
  it('asks a visitor to sign in for a free title, and to come back here', async () => {
    isFree = true;
    renderFiles(false);
    for (const row of await rows()) {
      const link = within(row).getByTestId('download-sign-in');
      expect(link.textContent).toBe('برای دانلود وارد شوید');
      expect(link.getAttribute('href')).toBe('/auth/login?redirect=%2Ftitles%2F7%2Ffiles');
      expect(row.textContent).not.toContain('ویژهٔ مشترکان');
    }
    expect(screen.getByTestId('files-note').textContent).toContain('این عنوان رایگان است');
    expect(screen.getByTestId('files-note').textContent).not.toContain('اشتراک ویژه');
    expect(screen.queryByTestId('premium-gate')).toBeNull();
    expect(seen.some((c) => c.url === '/api/titles/7/downloads')).toBe(false);
  });

  it('tells a visitor that a premium title needs premium, with the plans link', async () => {
    isFree = false;
    access = { canWatch: false, reason: 'UNAUTHENTICATED' };
    renderFiles(false);
    await screen.findByTestId('premium-gate');
    for (const row of await rows()) {
      const link = within(row).getByTestId('download-premium');
      expect(link.textContent).toBe('دانلود ویژهٔ مشترکان');
      expect(link.getAttribute('href')).toBe('/premium/plans');
      expect(within(row).queryByTestId('download-sign-in')).toBeNull();
    }
  });

  it('tells a member without premium the same about a premium title', async () => {
    isFree = false;
    access = { canWatch: false, reason: 'SUBSCRIPTION_REQUIRED' };
    renderFiles(true);
    await screen.findByTestId('premium-gate');
    for (const row of await rows()) expect(within(row).getByTestId('download-premium').getAttribute('href')).toBe('/premium/plans');
  });

  it('lets a signed-in member download a free title, each row named as the player names it', async () => {
    isFree = true;
    renderFiles(true);
    await waitFor(() => expect(screen.getAllByTestId('download-link')).toHaveLength(2));
    const [original, dub] = await rows();
    expect(original!.textContent).toContain('صدای اصلی — انگلیسی');
    expect(dub!.textContent).toContain('دوبلهٔ فارسی — سورن');
    expect(within(original!).getByTestId('download-link').getAttribute('href')).toBe(downloads[0]!.url);
    expect(screen.queryByTestId('download-sign-in')).toBeNull();
    expect(screen.queryByTestId('download-premium')).toBeNull();
    expect(screen.getByTestId('files-note').textContent).toBe('این عنوان رایگان است؛ هر کیفیت و نسخهٔ صدا را از همین‌جا دانلود کنید. لینک‌ها تا چند ساعت معتبرند.');
  });

  it('lets a premium member download a premium title', async () => {
    isFree = false;
    access = { canWatch: true, reason: 'premium' };
    renderFiles(true);
    await waitFor(() => expect(screen.getAllByTestId('download-link')).toHaveLength(2));
    expect(screen.getByTestId('files-note').textContent).toContain('اشتراک ویژهٔ شما فعال است');
  });
});
