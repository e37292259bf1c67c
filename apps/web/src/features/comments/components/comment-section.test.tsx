import type { Comment, TopComment } from '@parde/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpError, type Adapter, type RequestConfig } from '../../../lib/api-client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { api } from '../../../lib/api-client';
import { useNoticeStore } from '../../../lib/notifications';
import { createQueryClient } from '../../../lib/query-client';
import { CommentSection } from './comment-section';

/** Which of the parts that use MUI (loaded on demand) this file has loaded so far. */
const loadedParts = vi.hoisted(() => new Set<string>());
vi.mock('./comment-form', async (importOriginal) => {
  loadedParts.add('comment-form');
  return importOriginal();
});
vi.mock('./comment-member', async (importOriginal) => {
  loadedParts.add('comment-member');
  return importOriginal();
});
vi.mock('./delete-comment-dialog', async (importOriginal) => {
  loadedParts.add('delete-comment-dialog');
  return importOriginal();
});
vi.mock('./report-comment-dialog', async (importOriginal) => {
  loadedParts.add('report-comment-dialog');
  return importOriginal();
});

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const comment = (id: number, extra: Partial<Comment> = {}): Comment => ({
  id,
  titleId: 7,
  parentId: null,
  body: `دیدگاه ${id}`,
  spoiler: false,
  likes: 0,
  author: { id: 2, name: 'بهرام' },
  createdAt: ago(3 * HOUR),
  editedAt: null,
  ...extra,
});
const thread = (c: Comment, replies: Comment[] = []): TopComment => ({ ...c, replies, replyCount: replies.length });

type Call = { method: string; url: string; body: unknown };
type Handler = (call: Call, config: RequestConfig) => Promise<unknown> | unknown;

let calls: Call[] = [];
let routes: Record<string, Handler> = {};
const originalAdapter = api.defaults.adapter;

/** An answer the test holds until it has seen the optimistic state. */
function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((r) => (release = r));
  return { promise, release };
}
function httpError(config: RequestConfig, status: number, data: object): HttpError {
  return new HttpError('fail', config, { data, status });
}

beforeEach(() => {
  calls = [];
  routes = {};
  useNoticeStore.setState({ current: null });
  const adapter: Adapter = async (config) => {
    const call = { method: (config.method ?? 'get').toUpperCase(), url: config.url ?? '', body: config.data ? JSON.parse(String(config.data)) : undefined };
    calls.push(call);
    const handler = routes[`${call.method} ${call.url}`];
    if (!handler) throw httpError(config, 404, { message: 'پیدا نشد', code: 'NOT_FOUND' });
    const data = await handler(call, config);
    return { data, status: call.method === 'POST' ? 201 : 200, headers: new Headers(), config };
  };
  api.defaults.adapter = adapter;
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

const page = (data: TopComment[], currentPage = 1, lastPage = 1, total = data.length) => ({ data, meta: { currentPage, lastPage, perPage: 10, total } });
const listAnswers = (...pages: ReturnType<typeof page>[]) => {
  routes['GET /api/titles/7/topcomments'] = (_c, config) => pages[Number((config.params as { page: number }).page) - 1];
};

const member = { id: 1, name: 'سارا' };

function renderSection(viewer: { id: number; name: string } | null = null) {
  const router = createMemoryRouter(
    [{ path: '/titles/:id/:slug', element: <CommentSection titleId={7} viewer={viewer} loginHref="/auth/login?redirect=%2Ftitles%2F7%2Fthe-matrix%23comments" /> }],
    { initialEntries: ['/titles/7/the-matrix'] },
  );
  render(
    <AppProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProvider>,
  );
}

const commentEl = async (id: number) => {
  await screen.findByTestId('comment-list');
  return document.querySelector<HTMLElement>(`[data-testid="comment"][data-comment-id="${id}"]`)!;
};
const notice = () => useNoticeStore.getState().current?.message;

describe('comments for a visitor', () => {
  it('reads a 404 as no comments, and offers to sign in and come back to the section', async () => {
    renderSection();
    expect(await screen.findByText('هنوز دیدگاهی برای این عنوان ثبت نشده است.')).toBeTruthy();
    const login = screen.getByRole('link', { name: 'ورود به حساب' });
    expect(login.getAttribute('href')).toBe('/auth/login?redirect=%2Ftitles%2F7%2Fthe-matrix%23comments');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/user/'))).toBe(false);
  });

  it('shows bodies as text (never HTML), Persian dates and counts, replies, and spoilers on request', async () => {
    const html = '<img src=x onerror="alert(1)"><b>پایان</b>';
    listAnswers(
      page([
        thread(comment(10, { body: html, likes: 1234, editedAt: ago(HOUR) }), [comment(11, { parentId: 10, author: { id: 3, name: 'مینا' }, createdAt: ago(30 * 24 * HOUR) })]),
        thread(comment(12, { body: 'آخرش همه می‌میرند', spoiler: true })),
      ]),
    );
    renderSection();
    const first = await screen.findByText(html);
    expect(first.querySelector('img, b')).toBeNull();
    const c10 = first.closest<HTMLElement>('[data-testid="comment"]')!;
    expect(within(c10).getByTestId('comment-likes').textContent).toBe('۱٬۲۳۴ پسند');
    expect(within(c10).getByTestId('comment-date').textContent).toBe('۳ ساعت پیش');
    expect(within(c10).getByTestId('comment-date').getAttribute('title')).toMatch(/^[۰-۹]+ [آ-ی]+ [۰-۹]{4}، ساعت [۰-۹]{2}:[۰-۹]{2}$/);
    expect(within(c10).getByTestId('comment-edited').textContent).toContain('ویرایش‌شده');
    // No actions for a visitor beyond reading.
    expect(within(c10).queryByRole('button')).toBeNull();
    const replies = screen.getByRole('list', { name: 'پاسخ‌ها به دیدگاه بهرام' });
    expect(within(replies).getByTestId('comment-date').textContent).toMatch(/^[۰-۹]+ [آ-ی]+ [۰-۹]{4}$/);

    const spoiler = await commentEl(12);
    const text = within(spoiler).getByTestId('comment-text');
    expect(text.hidden).toBe(true);
    const toggle = within(spoiler).getByRole('button', { name: 'نمایش دیدگاه' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(text.id);
    fireEvent.click(toggle);
    expect(text.hidden).toBe(false);
    expect(within(spoiler).getByRole('button', { name: 'پنهان کردن دیدگاه' }).getAttribute('aria-expanded')).toBe('true');
    // A visitor reads: the member's part (actions, the form, the dialogs) is never loaded.
    expect([...loadedParts]).toEqual([]);
  });

  it('loads the next page on request, without showing a thread twice', async () => {
    listAnswers(page([thread(comment(9)), thread(comment(8))], 1, 2, 3), page([thread(comment(8)), thread(comment(7))], 2, 2, 3));
    renderSection();
    await screen.findByText('دیدگاه 9');
    expect(screen.getByTestId('comments-count').textContent).toBe('۳ دیدگاه');
    fireEvent.click(screen.getByRole('button', { name: 'دیدگاه‌های بیشتر' }));
    await screen.findByText('دیدگاه 7');
    expect([...document.querySelectorAll('[data-testid="comment"]')].map((e) => e.getAttribute('data-comment-id'))).toEqual(['9', '8', '7']);
    expect(screen.queryByRole('button', { name: 'دیدگاه‌های بیشتر' })).toBeNull();
  });
});

describe('comments for a member', () => {
  // The form and the dialogs (MUI) are loaded when a member needs them; their code is fetched
  // once here, so the waits below measure the section, not the runner compiling MUI.
  beforeAll(async () => {
    await Promise.all([import('./comment-form'), import('./delete-comment-dialog'), import('./report-comment-dialog')]);
  });
  beforeEach(() => {
    routes['GET /api/user/titles/7/comment-likes'] = () => ({ data: [] });
  });

  it('asks which comments the member liked only once there are comments', async () => {
    listAnswers(page([]));
    routes['POST /api/user/comment'] = (call) => ({ data: comment(6, { body: (call.body as { body: string }).body, author: { id: 1, name: 'سارا' } }) });
    renderSection(member);
    await screen.findByText('هنوز دیدگاهی برای این عنوان ثبت نشده است.');
    expect(calls.some((c) => c.url.endsWith('/comment-likes'))).toBe(false);
    // The form's code (MUI's text field) loads on its own, for members only.
    fireEvent.change(await screen.findByRole('textbox', { name: 'دیدگاه شما' }), { target: { value: 'اولین دیدگاه' } });
    fireEvent.click(screen.getByRole('button', { name: 'ارسال دیدگاه' }));
    await screen.findByTestId('comment-list');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/user/titles/7/comment-likes')).toBe(true));
  });

  it('checks the text first, shows the server’s 422 under it, then adds the comment on top', async () => {
    listAnswers(page([thread(comment(5, { likes: 3 }))]));
    let reject = true;
    routes['POST /api/user/comment'] = (call, config) => {
      if (reject) throw httpError(config, 422, { message: 'اطلاعات واردشده معتبر نیست.', code: 'VALIDATION_FAILED', errors: { body: ['این متن پذیرفته نیست.'] } });
      const body = call.body as { body: string; spoiler: boolean };
      return { data: comment(6, { body: body.body, spoiler: body.spoiler, author: { id: 1, name: 'سارا' }, createdAt: new Date().toISOString() }) };
    };
    renderSection(member);
    const box = await screen.findByRole('textbox', { name: 'دیدگاه شما' });
    expect(screen.getByTestId('comment-counter').textContent).toBe('۰ از ۲۰۰۰ نویسه');
    fireEvent.change(box, { target: { value: ' ب ' } });
    expect(screen.getByTestId('comment-counter').textContent).toBe('۱ از ۲۰۰۰ نویسه');
    fireEvent.click(screen.getByRole('button', { name: 'ارسال دیدگاه' }));
    expect(screen.getByTestId('comment-body-error').textContent).toBe('دست‌کم ۲ نویسه وارد کنید.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByTestId('comment-body-help').id);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(box, { target: { value: '  فیلم خوبی بود  ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'داستان را لو می‌دهد' }));
    fireEvent.click(screen.getByRole('button', { name: 'ارسال دیدگاه' }));
    await waitFor(() => expect(screen.getByTestId('comment-body-error').textContent).toBe('این متن پذیرفته نیست.'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title_id: 7, body: 'فیلم خوبی بود', spoiler: true });
    expect((box as HTMLTextAreaElement).value).toBe('  فیلم خوبی بود  ');

    reject = false;
    fireEvent.click(screen.getByRole('button', { name: 'ارسال دیدگاه' }));
    await waitFor(() => expect(document.querySelector('[data-testid="comment"]')?.getAttribute('data-comment-id')).toBe('6'));
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByTestId('comments-count').textContent).toBe('۲ دیدگاه');
    expect(notice()).toBe('دیدگاه شما ثبت شد.');
    const mine = document.querySelector<HTMLElement>('[data-comment-id="6"]')!;
    expect(mine.getAttribute('data-own')).toBe('true');
    expect(within(mine).getByTestId('spoiler-toggle')).toBeTruthy();
  });

  it('likes at once and settles on the server’s count; a failure puts the like back', async () => {
    listAnswers(page([thread(comment(5, { likes: 3 }))]));
    let gate = deferred();
    let fail = false;
    routes['POST /api/user/comments/5/like'] = async (_c, config) => {
      await gate.promise;
      if (fail) throw httpError(config, 500, { message: 'خطای سرور', code: 'INTERNAL' });
      return { data: { liked: true, likes: 10 } };
    };
    renderSection(member);
    const like = await screen.findByRole('button', { name: 'پسندیدن دیدگاه بهرام، ۳ پسند' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(like.textContent).toBe('۴');
    gate.release();
    await waitFor(() => expect(like.textContent).toBe('۱۰'));
    expect(like.getAttribute('aria-pressed')).toBe('true');

    gate = deferred();
    fail = true;
    routes['POST /api/user/comments/5/like'] = async (_c, config) => {
      await gate.promise;
      throw httpError(config, 500, { message: 'خطای سرور', code: 'INTERNAL' });
    };
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(like.textContent).toBe('۹');
    gate.release();
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(like.textContent).toBe('۱۰');
    expect(notice()).toBe('خطای سرور');
    expect(document.activeElement === like || document.activeElement === document.body).toBe(true);
  });

  it('replies under the thread, edits and deletes the member’s own comment after asking', async () => {
    listAnswers(page([thread(comment(5)), thread(comment(8, { author: { id: 1, name: 'سارا' }, body: 'نظر اول من' }), [comment(81, { parentId: 8 })])]));
    routes['POST /api/user/comment'] = (call) => ({ data: comment(51, { parentId: 5, body: (call.body as { body: string }).body, author: { id: 1, name: 'سارا' } }) });
    routes['PATCH /api/user/comments/8'] = (call) => ({ data: comment(8, { author: { id: 1, name: 'سارا' }, ...(call.body as object), editedAt: new Date().toISOString() }) });
    routes['DELETE /api/user/comments/8'] = () => null;
    renderSection(member);

    // Someone else's comment: reply and report, no edit or delete.
    const other = await commentEl(5);
    expect(within(other).queryByRole('button', { name: 'ویرایش دیدگاه خودتان' })).toBeNull();
    fireEvent.click(within(other).getByRole('button', { name: 'پاسخ به دیدگاه بهرام' }));
    const reply = await screen.findByRole('textbox', { name: 'پاسخ به بهرام' });
    expect(document.activeElement).toBe(reply);
    fireEvent.change(reply, { target: { value: 'موافقم' } });
    fireEvent.click(screen.getByRole('button', { name: 'ارسال پاسخ' }));
    const replies = await screen.findByRole('list', { name: 'پاسخ‌ها به دیدگاه بهرام' });
    expect(within(replies).getByTestId('comment-text').textContent).toBe('موافقم');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title_id: 7, body: 'موافقم', spoiler: false, parent_id: 5 });
    expect(screen.queryByRole('textbox', { name: 'پاسخ به بهرام' })).toBeNull();
    expect(notice()).toBe('پاسخ شما ثبت شد.');

    // The member's own comment: edit in place…
    const mine = document.querySelector<HTMLElement>('[data-comment-id="8"]')!;
    expect(within(mine).queryByRole('button', { name: /گزارش/ })).toBeNull();
    fireEvent.click(within(mine).getByRole('button', { name: 'ویرایش دیدگاه خودتان' }));
    const edit = await within(mine).findByRole('textbox', { name: 'متن دیدگاه' });
    expect((edit as HTMLTextAreaElement).value).toBe('نظر اول من');
    fireEvent.change(edit, { target: { value: 'نظر دوم من' } });
    fireEvent.click(within(mine).getByRole('button', { name: 'ذخیرهٔ تغییرها' }));
    await within(mine).findByTestId('comment-edited');
    expect(within(mine).getByTestId('comment-text').textContent).toBe('نظر دوم من');
    expect(within(mine).queryByRole('textbox')).toBeNull();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ body: 'نظر دوم من', spoiler: false });
    expect(notice()).toBe('دیدگاه ویرایش شد.');

    // …and delete, only after saying yes (its reply goes with it).
    fireEvent.click(within(mine).getByRole('button', { name: 'حذف دیدگاه خودتان' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف دیدگاه' });
    expect(dialog.textContent).toContain('پاسخ‌های آن هم حذف می‌شوند.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(mine).getByRole('button', { name: 'حذف دیدگاه خودتان' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'حذف دیدگاه' })).getByRole('button', { name: 'حذف شود' }));
    await waitFor(() => expect(document.querySelector('[data-comment-id="8"]')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/user/comments/8')).toBe(true);
    expect(document.querySelector('[data-comment-id="81"]')).toBeNull();
    expect(notice()).toBe('دیدگاه حذف شد.');
  });

  it('reports a comment with a reason and confirms in Persian', async () => {
    listAnswers(page([thread(comment(5))]));
    routes['POST /api/user/comments/5/report'] = () => ({ data: { reported: true } });
    renderSection(member);
    const other = await commentEl(5);
    fireEvent.click(within(other).getByRole('button', { name: 'گزارش دیدگاه بهرام' }));
    const dialog = await screen.findByRole('dialog', { name: 'گزارش دیدگاه' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ارسال گزارش' }));
    expect(within(dialog).getByTestId('report-reason-error').textContent).toBe('یکی از دلیل‌ها را انتخاب کنید.');
    expect(calls.some((c) => c.url.endsWith('/report'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'توهین یا بی‌احترامی' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'توضیح (اختیاری)' }), { target: { value: 'به بازیگر فحش داده' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ارسال گزارش' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.url === '/api/user/comments/5/report')?.body).toEqual({ reason: 'توهین یا بی‌احترامی: به بازیگر فحش داده' });
    expect(notice()).toBe('گزارش شما ثبت شد؛ همکاران ما آن را بررسی می‌کنند.');
  });
});
