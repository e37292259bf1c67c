import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError, type ApiResponse, type RequestConfig } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { answerApiWith, renderAppAt } from '../../../test/app';
import { useAuthStore } from '../../auth';

/** The screenshots page in the whole app (router, guard, layout), its API answered at the edge. */

const ORIGIN = 'http://localhost:8000';
// Only what the page reads of a title's detail.
const title = { id: 7, path: '/titles/7/the-matrix', slug: 'the-matrix', titleFa: 'ماتریکس', titleEn: 'The Matrix', poster: `${ORIGIN}/p.svg`, backdrop: `${ORIGIN}/b.svg` };
const shot = (n: number) => ({ url: `${ORIGIN}/media/7/shots/${n}.jpg`, thumbUrl: `${ORIGIN}/media/7/shots/${n}-thumb.jpg` });
const SIX = [1, 2, 3, 4, 5, 6].map(shot);

let shots: unknown[] = SIX;
let mode: 'answer' | 'hold' | 'unknown-title' = 'answer';
answerApiWith((config: RequestConfig): Promise<ApiResponse> => {
  const ok = (data: unknown) => Promise.resolve({ data, status: 200, headers: new Headers(), config });
  if (mode === 'hold') return new Promise(() => {});
  if (mode === 'unknown-title' && config.url.startsWith('/api/titles/')) {
    const response = { status: 404, data: { message: 'عنوان پیدا نشد.', code: 'NOT_FOUND' } };
    return Promise.reject(new HttpError('Request failed with status code 404', config, response));
  }
  if (config.url === '/api/titles/7') return ok({ data: title });
  if (config.url === '/api/titles/7/screenshots') return ok({ data: shots });
  if (config.url === '/api/user') return ok({ data: { id: 1, name: 'عضو' } });
  return ok({ data: [] });
});

function signIn() {
  document.cookie = 'token=tok; path=/';
  useAuthStore.setState({ token: 'tok', user: { id: 1, name: 'عضو' }, isLoading: false, isError: false, hasTriedFetchingUser: true });
}

beforeEach(() => {
  shots = SIX;
  mode = 'answer';
  // The page's one query cache outlives a test: each starts from nothing fetched.
  queryClient.clear();
  useAuthStore.setState({ token: null, user: null, isLoading: false, isError: false, hasTriedFetchingUser: true });
});

/** The screen's chunk is transformed on first import: slow on a busy machine. */
const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });
const thumbs = () => screen.getAllByTestId('screenshot-thumb');
const counter = () => within(screen.getByRole('dialog')).getByTestId('screenshot-counter').textContent;

async function openGallery() {
  signIn();
  renderAppAt('/screenshots/7');
  await findHeading('تصاویر ماتریکس');
  await waitFor(() => expect(thumbs()).toHaveLength(6));
  return userEvent.setup();
}

describe('the screenshots page', () => {
  it('shows a grid of lazy 16:9 thumbnails named in Persian, and the way back to the title', async () => {
    await openGallery();
    const images = thumbs().map((b) => within(b).getByRole('img') as HTMLImageElement);
    expect(images.map((img) => img.alt)).toEqual(['تصویر ۱ از ۶', 'تصویر ۲ از ۶', 'تصویر ۳ از ۶', 'تصویر ۴ از ۶', 'تصویر ۵ از ۶', 'تصویر ۶ از ۶']);
    expect(images.every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
    expect(images[2]!.getAttribute('src')).toBe(SIX[2]!.thumbUrl);
    // The box holds its ratio before the image comes.
    expect(images[0]!.parentElement!.className).toContain('p-art--backdrop');
    // Each thumbnail is a button, named by its image.
    expect(screen.getByRole('button', { name: 'تصویر ۳ از ۶' })).toBe(thumbs()[2]);
    expect(screen.getByText('۶ تصویر')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'بازگشت به صفحهٔ عنوان' }).getAttribute('href')).toBe('/titles/7/the-matrix');
    await waitFor(() => expect(document.title).toBe('تصاویر ماتریکس | پرده'));
  });

  it('opens the large view of a thumbnail: a labelled modal dialog with the counter, focus inside', async () => {
    const user = await openGallery();
    await user.click(thumbs()[2]!);
    const dialog = screen.getByRole('dialog', { name: 'نمای بزرگ تصاویر ماتریکس' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(counter()).toBe('۳ از ۶');
    const large = within(dialog).getByRole('img', { name: 'تصویر ۳ از ۶' });
    expect(large.getAttribute('src')).toBe(SIX[2]!.url);
    expect(dialog.contains(document.activeElement)).toBe(true);
    // The page behind is out of reach while it is open.
    expect(document.querySelector('main')!.closest('[inert]')).not.toBeNull();
  });

  it('right to left: ArrowLeft goes to the next image and ArrowRight to the previous, round the ends', async () => {
    const user = await openGallery();
    await user.click(thumbs()[2]!);
    await user.keyboard('{ArrowLeft}');
    expect(counter()).toBe('۴ از ۶');
    expect(within(screen.getByRole('dialog')).getByRole('img').getAttribute('src')).toBe(SIX[3]!.url);
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(counter()).toBe('۱ از ۶');
    await user.keyboard('{ArrowRight}');
    expect(counter()).toBe('۶ از ۶');
    await user.keyboard('{ArrowLeft}');
    expect(counter()).toBe('۱ از ۶');
  });

  it('has previous and next buttons', async () => {
    const user = await openGallery();
    await user.click(thumbs()[0]!);
    await user.click(screen.getByRole('button', { name: 'تصویر بعدی' }));
    await user.click(screen.getByRole('button', { name: 'تصویر بعدی' }));
    expect(counter()).toBe('۳ از ۶');
    await user.click(screen.getByRole('button', { name: 'تصویر قبلی' }));
    expect(counter()).toBe('۲ از ۶');
  });

  it('Escape closes and focus returns to the thumbnail', async () => {
    const user = await openGallery();
    await user.click(thumbs()[2]!);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(thumbs()[2]));
    expect(document.querySelector('[inert]')).toBeNull();
    // Opened by keyboard, moved on, closed by the button: back on the image last seen.
    thumbs()[0]!.focus();
    await user.keyboard('{Enter}');
    expect(counter()).toBe('۱ از ۶');
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'بستن' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(thumbs()[1]));
  });

  it('shows a skeleton of the grid while the data is on the way', async () => {
    mode = 'hold';
    signIn();
    renderAppAt('/screenshots/7');
    const skeleton = await screen.findByTestId('screenshots-skeleton', {}, { timeout: 15_000 });
    expect(skeleton.querySelectorAll('.p-shots__skel').length).toBe(8);
    expect(screen.queryByTestId('empty-state')).toBeNull();
  });

  it('says in Persian that a title has no screenshots yet', async () => {
    shots = [];
    signIn();
    renderAppAt('/screenshots/7');
    await findHeading('تصاویر ماتریکس');
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toBe('هنوز تصویری برای این عنوان ثبت نشده است.');
    expect(empty.getAttribute('role')).toBe('status');
    expect(screen.getByText('۰ تصویر')).toBeTruthy();
    expect(screen.queryAllByTestId('screenshot-thumb')).toHaveLength(0);
  });

  it('shows the not-found page for an unknown title', async () => {
    mode = 'unknown-title';
    signIn();
    renderAppAt('/screenshots/7');
    expect(await findHeading('صفحه پیدا نشد')).toBeTruthy();
    expect(screen.getByText('عنوان پیدا نشد.')).toBeTruthy();
  });

  it('sends a visitor to login, remembering the page', async () => {
    const router = renderAppAt('/screenshots/7');
    expect(await findHeading('ورود')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/screenshots/7');
  });
});
