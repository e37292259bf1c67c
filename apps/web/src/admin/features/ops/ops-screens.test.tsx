import type { AdminRequestGroup, AdminStats, AdminTitlePick } from '@parde/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MuiScope } from '../../../components/mui-scope';
import { api, HttpError, type Adapter, type RequestConfig } from '../../../lib/api-client';
import { useNoticeStore } from '../../../lib/notifications';
import { createQueryClient } from '../../../lib/query-client';
import { CommentsScreen } from './comments-screen';
import { DashboardScreen } from './dashboard-screen';
import { axisNumber, dayLabel } from './lib';
import { NotificationsScreen } from './notifications-screen';
import { RequestsScreen } from './requests-screen';

// jsdom draws no canvas: the charts are replaced by what they are given.
vi.mock('./dashboard-charts', () => ({
  default: ({ days }: { days: { day: string }[] }) => <div data-testid="admin-dashboard-chart">{days.length}</div>,
}));

type Call = { method: string; url: string; body: unknown; params: unknown };
let calls: Call[] = [];
let routes: Record<string, (call: Call, config: RequestConfig) => unknown> = {};
const originalAdapter = api.defaults.adapter;

beforeEach(() => {
  calls = [];
  routes = {};
  useNoticeStore.setState({ current: null });
  const adapter: Adapter = async (config) => {
    const call = { method: config.method.toUpperCase(), url: config.url, body: config.data ? JSON.parse(config.data) : undefined, params: config.params };
    calls.push(call);
    const handler = routes[`${call.method} ${call.url}`];
    if (!handler) throw new HttpError('fail', config, { status: 404, data: { message: 'پیدا نشد.', code: 'NOT_FOUND' } });
    return { data: await handler(call, config), status: 200, headers: new Headers(), config };
  };
  api.defaults.adapter = adapter;
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function renderAt(element: ReactNode, url = '/admin') {
  const router = createMemoryRouter([{ path: '*', element: <MuiScope>{element}</MuiScope> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
const notice = () => useNoticeStore.getState().current?.message;
const meta = (total: number) => ({ currentPage: 1, lastPage: 1, perPage: 20, total });

const pick = (id: number, titleEn: string): AdminTitlePick => ({
  id,
  path: `/titles/${id}/x`,
  poster: `/p/${id}.png`,
  titleEn,
  titleFa: null,
  year: 2008,
  genres: [],
  rating: null,
  rottenTomatoes: { rtMeter: null, rtStatus: null },
  type: 'movie',
  votes: 1,
  endYear: null,
  hasDub: false,
  isFree: false,
  comingSoon: false,
  expectedDate: null,
  imdbId: `tt000000${id}`,
  published: true,
});

const group: AdminRequestGroup = {
  id: 41,
  key: 'imdb:tt0468569',
  title: 'The Dark Knight',
  year: 2008,
  imdbId: 'tt0468569',
  imdbUrl: 'https://www.imdb.com/title/tt0468569/',
  status: 'pending',
  statusLabel: 'در انتظار پاسخ',
  members: 3,
  requests: 3,
  firstAt: '2026-11-20T10:00:00Z',
  lastAt: '2026-11-25T10:00:00Z',
  notes: [{ note: 'با زیرنویس', memberName: 'سارا', createdAt: '2026-11-20T10:00:00Z' }],
  response: null,
  answeredAt: null,
  catalogueTitle: null,
};

describe('requests screen', () => {
  it('fulfils a group with a title picked by name, and says how many members heard', async () => {
    routes['GET /api/admin/requests'] = () => ({ data: [group], meta: meta(1) });
    routes['GET /api/admin/title-picker'] = (c) => ((c.params as { q: string }).q === 'dark' ? { data: [pick(3, 'The Dark Knight'), pick(9, 'Dark')] } : { data: [] });
    routes['POST /api/admin/requests/41/fulfil'] = () => ({ data: { status: 'fulfilled', requests: 3, members: 3, titleId: 3 } });
    renderAt(<RequestsScreen />, '/admin/requests');
    const card = await screen.findByTestId('admin-request-group');
    expect(within(card).getByTestId('admin-request-members').textContent).toBe('۳ عضو');
    expect(within(card).getByText('با زیرنویس')).toBeTruthy();
    fireEvent.click(within(card).getByTestId('admin-request-fulfil'));
    const dialog = await screen.findByTestId('admin-request-fulfil-dialog');
    // Nothing picked: the dialog asks for a title and sends nothing.
    fireEvent.click(within(dialog).getByTestId('admin-request-fulfil-confirm'));
    expect(await within(dialog).findByText('یک عنوان انتخاب کنید.')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('admin-request-title-picker'), { target: { value: 'dark' } });
    const options = await within(dialog).findAllByTestId('admin-request-title-option');
    expect(options).toHaveLength(2);
    fireEvent.click(options[0]!);
    expect(options[0]!.getAttribute('aria-checked')).toBe('true');
    fireEvent.change(within(dialog).getByTestId('admin-request-response'), { target: { value: 'با کیفیت بالا' } });
    fireEvent.click(within(dialog).getByTestId('admin-request-fulfil-confirm'));
    await waitFor(() => expect(notice()).toBe('درخواست انجام شد و به ۳ عضو خبر داده شد.'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/admin/requests/41/fulfil', body: { title_id: 3, response: 'با کیفیت بالا' } });
    await waitFor(() => expect(screen.queryByTestId('admin-request-fulfil-dialog')).toBeNull());
  });

  it('declines with a reason and shows the server’s Persian field message', async () => {
    routes['GET /api/admin/requests'] = () => ({ data: [group], meta: meta(1) });
    routes['POST /api/admin/requests/41/decline'] = (_c, config) => {
      throw new HttpError('fail', config, { status: 422, data: { message: 'نامعتبر', code: 'VALIDATION_FAILED', errors: { reason: ['دست‌کم ۳ نویسه وارد کنید.'] } } });
    };
    renderAt(<RequestsScreen />, '/admin/requests');
    fireEvent.click(await screen.findByTestId('admin-request-decline'));
    const dialog = await screen.findByTestId('admin-request-decline-dialog');
    fireEvent.change(within(dialog).getByTestId('admin-request-decline-reason'), { target: { value: 'نه' } });
    fireEvent.click(within(dialog).getByTestId('admin-request-decline-confirm'));
    expect(await within(dialog).findByText('دست‌کم ۳ نویسه وارد کنید.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'نه' });
  });
});

describe('correcting an answered request', () => {
  it('reopens an answered group with a reason the members read, then shows it waiting in the queue', async () => {
    const answered: AdminRequestGroup = { ...group, status: 'fulfilled', statusLabel: 'انجام شد', response: 'اضافه شد', answeredAt: '2026-11-26T10:00:00Z', catalogueTitle: pick(9, 'Dark') };
    routes['GET /api/admin/requests'] = (c) => {
      const p = c.params as { status?: string };
      return { data: p.status === 'fulfilled' ? [answered] : [{ ...group, id: 41 }], meta: meta(1) };
    };
    routes['POST /api/admin/requests/41/reopen'] = () => ({ data: { status: 'pending', previous: 'fulfilled', requests: 3, members: 3, watchlistRemoved: 2 } });
    renderAt(<RequestsScreen />, '/admin/requests?status=fulfilled');
    const card = await screen.findByTestId('admin-request-group');
    // Answered: no fulfil or decline, but a way to correct it.
    expect(within(card).queryByTestId('admin-request-fulfil')).toBeNull();
    fireEvent.click(within(card).getByTestId('admin-request-reopen'));
    const dialog = await screen.findByTestId('admin-request-reopen-dialog');
    expect(dialog.textContent).toContain('به فهرست تماشای اعضا افزوده بود، از آن برداشته می‌شود');
    expect(dialog.textContent).toContain('۳ عضو');
    fireEvent.change(within(dialog).getByTestId('admin-request-reopen-reason'), { target: { value: 'عنوان اشتباهی انتخاب شده بود.' } });
    fireEvent.click(within(dialog).getByTestId('admin-request-reopen-confirm'));
    await waitFor(() => expect(notice()).toBe('درخواست به صف انتظار برگشت و به ۳ عضو خبر داده شد؛ اکنون پاسخ درست را بدهید.'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/admin/requests/41/reopen', body: { reason: 'عنوان اشتباهی انتخاب شده بود.' } });
    // The queue, filtered to this title: the group can be answered again at once.
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && (c.params as { status?: string; q?: string }).status === 'pending' && (c.params as { q?: string }).q === 'tt0468569')).toBe(true));
    expect(await screen.findByTestId('admin-request-fulfil')).toBeTruthy();
  });

  it('does not fulfil with a title members cannot see yet, and says why', async () => {
    routes['GET /api/admin/requests'] = () => ({ data: [{ ...group, catalogueTitle: { ...pick(3, 'The Dark Knight'), published: false } }], meta: meta(1) });
    routes['GET /api/admin/title-picker'] = () => ({ data: [] });
    renderAt(<RequestsScreen />, '/admin/requests');
    fireEvent.click(await screen.findByTestId('admin-request-fulfil'));
    const dialog = await screen.findByTestId('admin-request-fulfil-dialog');
    expect(await within(dialog).findByText(/هنوز منتشر نشده است/)).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('admin-request-fulfil-confirm'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('comments screen', () => {
  it('hides a reported comment with a reason', async () => {
    const c = {
      id: 5,
      parentId: null,
      body: 'متن گزارش‌شده',
      spoiler: false,
      likes: 0,
      createdAt: '2026-11-25T10:00:00Z',
      editedAt: null,
      title: { id: 1, path: '/titles/1/x', titleEn: 'X', titleFa: 'ایکس' },
      author: { id: 9, name: 'بهرام', email: 'b@example.com', mutedUntil: null },
      state: 'visible',
      stateLabel: 'نمایش داده می‌شود',
      hiddenAt: null,
      hiddenReason: null,
      deletedAt: null,
      reviewedAt: null,
      parentRemoved: false,
      openReports: 2,
      reports: [{ reason: 'فحاشی', memberName: 'سارا', createdAt: '2026-11-25T11:00:00Z' }],
      reportCount: 2,
    };
    routes['GET /api/admin/comments'] = () => ({ data: [c], meta: meta(1) });
    routes['POST /api/admin/comments/5/hide'] = () => ({ data: { ...c, state: 'hidden', openReports: 0 } });
    renderAt(<CommentsScreen />, '/admin/comments');
    const card = await screen.findByTestId('admin-comment');
    expect(within(card).getByTestId('admin-comment-open-reports').textContent).toBe('۲ گزارش بررسی‌نشده');
    fireEvent.click(within(card).getByTestId('admin-comment-hide'));
    const dialog = await screen.findByTestId('admin-comment-hide-dialog');
    fireEvent.change(within(dialog).getByTestId('admin-comment-hide-reason'), { target: { value: 'توهین به دیگران' } });
    fireEvent.click(within(dialog).getByTestId('admin-comment-hide-confirm'));
    await waitFor(() => expect(calls.find((x) => x.method === 'POST')).toMatchObject({ url: '/api/admin/comments/5/hide', body: { reason: 'توهین به دیگران' } }));
  });
});

describe('notifications screen', () => {
  it('previews live with the recipient count, asks to confirm, and sends with one key (a retry reuses it)', async () => {
    routes['POST /api/admin/notifications/preview'] = (call) => ({
      data: { notification: { kind: 'announcement', title: 'x', body: 'y', link: null, read: false, createdAt: '2026-11-25T10:00:00Z' }, recipients: (call.body as { audience: string }).audience === 'premium' ? 12 : 340, member: null },
    });
    let attempts = 0;
    routes['POST /api/admin/notifications'] = (call, config) => {
      attempts++;
      if (attempts === 1) throw new HttpError('fail', config, { status: 503, data: { message: 'سرویس موقتاً در دسترس نیست.', code: 'SERVICE_UNAVAILABLE' } });
      return { data: { key: (call.body as { idempotency_key: string }).idempotency_key, recipients: 340, replayed: false, sentAt: '2026-11-25T10:00:00Z' } };
    };
    renderAt(<NotificationsScreen />, '/admin/notifications');
    const send = await screen.findByTestId('admin-notify-send');
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('admin-notify-title'), { target: { value: 'جشنوارهٔ پاییزی' } });
    fireEvent.change(screen.getByTestId('admin-notify-body'), { target: { value: 'فیلم‌های تازه این هفته' } });
    fireEvent.change(screen.getByTestId('admin-notify-link'), { target: { value: '/collections' } });
    // The preview is the member's own list item with these words.
    const preview = screen.getByTestId('admin-notify-preview');
    expect(within(preview).getByText('جشنوارهٔ پاییزی')).toBeTruthy();
    expect(within(preview).getByRole('link').getAttribute('href')).toBe('/collections');
    await waitFor(() => expect(screen.getByTestId('admin-notify-recipients').textContent).toBe('۳۴۰ گیرنده'));
    await waitFor(() => expect((screen.getByTestId('admin-notify-send') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('admin-notify-send'));
    expect(await screen.findByText('این اعلان برای ۳۴۰ عضو فرستاده می‌شود و پس گرفتنی نیست.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('admin-notify-confirm'));
    expect(await screen.findByText('سرویس موقتاً در دسترس نیست.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('admin-notify-send'));
    fireEvent.click(await screen.findByTestId('admin-notify-confirm'));
    expect(await screen.findByTestId('admin-notify-sent')).toBeTruthy();
    const sends = calls.filter((c) => c.url === '/api/admin/notifications');
    expect(sends).toHaveLength(2);
    const keys = sends.map((c) => (c.body as { idempotency_key: string }).idempotency_key);
    expect(keys[0]).toBe(keys[1]);
    expect(sends[1]!.body).toMatchObject({ audience: 'all', title: 'جشنوارهٔ پاییزی', body: 'فیلم‌های تازه این هفته', link: '/collections' });
  });
});

describe('dashboard', () => {
  const stats = (revenue: number | null): AdminStats => ({
    from: '2026-11-20',
    to: '2026-11-26',
    days: Array.from({ length: 7 }, (_, i) => ({ day: `2026-11-2${i}`, signups: i, premium: 2, plays: 3, searches: 4, revenue, paid: revenue, refunded: revenue === null ? null : 0 })),
    totals: { signups: 21, plays: 1234, searches: 28, revenue: revenue === null ? null : revenue * 7, paid: null, refunded: null },
    premiumNow: 2,
    misses: [{ query: 'qwzxv film', count: 4, lastDay: '2026-11-26' }],
    openRequests: { requests: 5, groups: 3 },
    reportedComments: 2,
  });

  it('shows stat cards in Persian digits, links to what waits, the misses with their actions, and the charts', async () => {
    routes['GET /api/admin/stats'] = () => ({ data: stats(10_000) });
    routes['POST /api/user/request'] = () => ({ data: { id: 1 } });
    renderAt(<DashboardScreen />);
    expect((await screen.findByTestId('admin-stat-plays')).textContent).toContain('۱٬۲۳۴');
    expect(screen.getByTestId('admin-stat-revenue').textContent).toContain('۷۰٬۰۰۰ تومان');
    expect(screen.getByTestId('admin-dashboard-requests-link').getAttribute('href')).toBe('/admin/requests');
    expect(screen.getByTestId('admin-dashboard-comments-link').getAttribute('href')).toBe('/admin/comments?filter=reported');
    expect((await screen.findByTestId('admin-dashboard-chart')).textContent).toBe('7');
    const miss = screen.getByTestId('admin-dashboard-miss');
    expect(within(miss).getByTestId('admin-dashboard-miss-titles').getAttribute('href')).toBe('/admin/titles?q=qwzxv+film');
    fireEvent.click(within(miss).getByTestId('admin-dashboard-miss-request'));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/user/request', body: { title: 'qwzxv film' } }));
  });

  it('has no revenue card for an editor', async () => {
    routes['GET /api/admin/stats'] = () => ({ data: stats(null) });
    renderAt(<DashboardScreen />);
    await screen.findByTestId('admin-stat-plays');
    expect(screen.queryByTestId('admin-stat-revenue')).toBeNull();
  });

  it('labels days in the Jalali calendar and axes in Persian digits', () => {
    expect(dayLabel('2026-11-23')).toBe('۲ آذر');
    expect(axisNumber(950)).toBe('۹۵۰');
    expect(axisNumber(25_000)).toBe('۲۵ هزار');
    expect(axisNumber(1_500_000)).toBe('۱٫۵ میلیون');
  });
});
