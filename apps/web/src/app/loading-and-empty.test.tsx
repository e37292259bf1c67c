import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../features/auth';
import { matrixDetail } from '../features/titles/components/title-fixtures';
import { answerApiWith, renderAppAt as renderAt } from '../test/app';

/**
 * Every public screen while its data is on the way (a skeleton shaped like what comes) and
 * once it has come back empty (a Persian sentence, never a blank area or an English word).
 */

const ORIGIN = 'http://localhost:8000';
const emptyPage = { data: [], meta: { currentPage: 1, lastPage: 1, perPage: 24, total: 0 } };
// A title with nothing around it yet: no cast, crew, dubs or seasons, and no files.
const bareSeries = { ...matrixDetail(ORIGIN), type: 'series', cast: [], directors: [], writers: [], dubs: [], seasons: [], trailer: null, fileCount: 0 };
const barePerson = {
  id: 5,
  path: '/people/actor/5/nobody',
  slug: 'nobody',
  image: null,
  fullnameEn: 'Nobody Yet',
  fullnameFa: 'هنوز کسی',
  job: 'actor',
  bestStarred: null,
  bestDirected: null,
  imdbId: 'nm0000000',
  birthYear: null,
  deathYear: null,
  bioFa: null,
  bioEn: null,
  professions: ['actor'],
  filmography: { actor: [], director: [], writer: [] },
  filmographyCounts: { actor: 0, director: 0, writer: 0 },
};
const bareCollection = {
  id: 3,
  path: '/collections/3/soon',
  slug: 'soon',
  titleFa: 'به‌زودی',
  titleEn: 'Soon',
  descriptionFa: null,
  listing: 'grid',
  titleCount: 0,
  posters: [],
};

let mode: 'hold' | 'empty' = 'hold';
answerApiWith((config) => {
  const url = config.url ?? '';
  if (mode === 'hold') return new Promise(() => {});
  const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers(), config });
  if (/^\/api\/titles\/\d+$/.test(url)) return ok({ data: bareSeries });
  if (/^\/api\/people\/\d+$/.test(url)) return ok({ data: barePerson });
  if (/^\/api\/collections\/\d+$/.test(url)) return ok({ data: bareCollection });
  if (url === '/api/titles' || url === '/api/titles/comingsoon' || /^\/api\/collections\/\d+\/titles$/.test(url)) return ok(emptyPage);
  return ok({ data: [] });
});
beforeEach(() => {
  useAuthStore.setState({ token: null, user: null, isLoading: false, isError: false, hasTriedFetchingUser: true });
});

/** The screen's own part of the page (its chunk is transformed on first import: slow on a busy machine). */
const main = () => document.querySelector('main') as HTMLElement;
const count = (selector: string) => main().querySelectorAll(selector).length;

describe('while the data is on the way, each screen shows a skeleton of what comes', () => {
  const cases: [string, string, () => void][] = [
    ['/', 'the picks and a grid of cards', () => {
      expect(count('[data-testid="slideshow-skeleton"]')).toBe(1);
      expect(count('[data-testid="title-grid-skeleton"].p-grid [data-testid="title-card-skeleton"]')).toBeGreaterThanOrEqual(12);
    }],
    ['/tv', 'the picks and a grid of cards', () => {
      expect(count('[data-testid="slideshow-skeleton"]')).toBe(1);
      expect(count('[data-testid="title-card-skeleton"]')).toBeGreaterThanOrEqual(12);
    }],
    ['/titles/7/the-matrix', 'backdrop, poster, names and buttons', () => {
      for (const part of ['backdrop', 'poster', 'name', 'en', 'facts']) expect(count(`[data-testid="title-skeleton"] .p-title-skel__${part}`), part).toBe(1);
      expect(count('[data-testid="title-skeleton"] .p-title-skel__button')).toBe(4);
    }],
    ['/titles/7/files', 'rows of files', () => expect(count('[data-testid="files-skeleton"] .p-skel')).toBeGreaterThan(3)],
    ['/people/actor/5/nobody', 'portrait, names and a grid of works', () => {
      expect(count('[data-testid="person-skeleton"] .p-skel')).toBeGreaterThan(3);
    }],
    ['/collections', 'collection tiles of posters', () => expect(count('[data-testid="collections-skeleton"] .p-skel')).toBeGreaterThanOrEqual(8)],
    ['/collections/3/soon', 'the heading and a grid of cards', () => expect(count('[data-testid="title-card-skeleton"]')).toBe(12)],
    ['/categories', 'tiles of genres and countries', () => expect(count('.p-tile-skel')).toBeGreaterThanOrEqual(6)],
    ['/comingsoon', 'a grid of cards', () => expect(count('[data-testid="title-card-skeleton"]')).toBe(12)],
  ];
  it.each(cases)('%s: %s', async (path, _what, expectShape) => {
    mode = 'hold';
    renderAt(path);
    await waitFor(() => expectShape(), { timeout: 15_000 });
    expect(main().querySelector('[data-testid="empty-state"]')).toBeNull();
  });
});

describe('an empty answer is said in Persian', () => {
  const cases: [string, string[]][] = [
    ['/', ['عنوانی با این فیلترها پیدا نشد.']],
    // (A title without dubs has no dubs section at all: most titles have none.)
    ['/titles/7/the-matrix', ['فهرست بازیگران هنوز ثبت نشده است.', 'هنوز قسمتی برای این سریال ثبت نشده است.', 'عنوان مشابهی پیدا نشد.']],
    ['/titles/7/files', ['هنوز فایلی برای این عنوان ثبت نشده است.']],
    ['/people/actor/5/nobody', ['اثری در این نقش ثبت نشده است.']],
    ['/collections', ['هنوز مجموعه‌ای ساخته نشده است.']],
    ['/collections/3/soon', ['این مجموعه هنوز عنوانی ندارد.']],
    ['/categories', ['ژانری برای نمایش نیست.', 'کشوری برای نمایش نیست.']],
    ['/comingsoon', ['فعلاً عنوانی در راه نیست.']],
  ];
  it.each(cases)('%s', async (path, sentences) => {
    mode = 'empty';
    renderAt(path);
    for (const sentence of sentences) expect(await screen.findByText(sentence, {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(count('[data-testid="title-card-skeleton"], [data-testid="title-skeleton"]')).toBe(0));
    // Said to screen readers too: each empty state is a status.
    for (const el of main().querySelectorAll('[data-testid="empty-state"]')) expect(el.getAttribute('role')).toBe('status');
    expect(main().textContent).not.toMatch(/\b(empty|no results|not found|loading)\b/i);
  });
});
