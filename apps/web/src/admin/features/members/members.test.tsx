import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MuiScope } from '../../../components/mui-scope';
import { useNoticeStore } from '../../../lib/notifications';
import { useAuthStore } from '../../../features/auth';
import { body, fail, fakeApi, renderRoutes } from '../../../features/premium/test/fake-api';
import { MemberScreen } from './member-screen';
import { MembersScreen } from './members-screen';

let restore = () => {};
afterEach(() => restore());
beforeEach(() => {
  useAuthStore.setState({ token: 'tok', user: { id: 1, name: 'مدیر', role: 'admin' } as never, hasTriedFetchingUser: true });
  useNoticeStore.setState({ current: null });
});

const member = {
  id: 7,
  name: 'مریم',
  email: 'maryam@example.com',
  role: 'member',
  emailVerified: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  disabledAt: null,
  disabledReason: null,
  premium: { active: true, until: '2026-05-30T10:00:00.000Z' },
};
const subscription = { active: true, activeUntil: '2026-05-30T10:00:00.000Z', daysLeft: 30, reserved: [], premiumUntil: '2026-05-30T10:00:00.000Z' };
const detail = {
  member: { ...member, mutedUntil: null },
  subscription,
  periods: [
    {
      id: 3,
      kind: 'grant',
      kindLabel: 'هدیهٔ مدیر',
      state: 'waiting',
      planId: null,
      planName: 'اشتراک هدیه',
      days: 10,
      startsAt: '2026-05-20T10:00:00.000Z',
      endsAt: '2026-05-30T10:00:00.000Z',
      paymentId: null,
      gift: null,
      reason: 'جبران قطعی سرویس',
      grantedBy: { id: 1, name: 'مدیر' },
      revokedAt: null,
      createdAt: '2026-04-01T10:00:00.000Z',
    },
    {
      id: 2,
      kind: 'join',
      kindLabel: 'خرید اشتراک',
      state: 'revoked',
      planId: 1,
      planName: 'یک‌ماهه',
      days: 30,
      startsAt: '2026-04-20T10:00:00.000Z',
      endsAt: '2026-05-20T10:00:00.000Z',
      paymentId: 12,
      gift: null,
      reason: null,
      grantedBy: null,
      revokedAt: '2026-04-25T10:00:00.000Z',
      createdAt: '2026-04-20T10:00:00.000Z',
    },
  ],
  payments: [
    {
      id: 12,
      kind: 'join',
      kindLabel: 'خرید اشتراک',
      status: 'paid',
      statusLabel: 'بازپرداخت‌شده',
      refundedAt: '2026-04-25T10:00:00.000Z',
      refundReason: 'درخواست عضو',
      member: { id: 7, name: 'مریم', email: 'maryam@example.com' },
      plan: { id: 1, name: 'یک‌ماهه', days: 30 },
      baseAmount: 99_000,
      discountAmount: 0,
      discountCode: null,
      amount: 99_000,
      gateway: 'sandbox',
      authority: null,
      refId: '123',
      cardPan: null,
      failureReason: null,
      giftRecipientEmail: null,
      createdAt: '2026-04-20T10:00:00.000Z',
      paidAt: '2026-04-20T10:01:00.000Z',
    },
  ],
  activity: { lastSignInAt: '2026-04-28T10:00:00.000Z', lastSeenAt: '2026-04-29T10:00:00.000Z', sessions: 2, watchCount: 5, recentWatch: [], comments: 1, requests: 0, recentRequests: [] },
};

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/admin/members', element: <MembersScreen /> },
      { path: '/admin/members/:id', element: <MemberScreen /> },
    ],
    path,
    (node) => <MuiScope>{node}</MuiScope>,
  );

describe('the members list', () => {
  it('shows members with Jalali dates and premium, and searches by what is typed', async () => {
    const api = fakeApi((c) => {
      if (c.url === '/api/admin/members') return { data: [member], meta: { currentPage: 1, lastPage: 1, perPage: 25, total: 1 } };
      throw new Error(`unexpected ${c.url}`);
    });
    restore = api.restore;
    renderAt('/admin/members');
    const row = await screen.findByTestId('admin-member-row');
    expect(row.textContent).toContain('مریم');
    expect(row.textContent).toContain('maryam@example.com');
    expect(within(row).getByTestId('admin-member-premium').textContent).toBe('۱۴۰۵/۰۳/۰۹');
    expect(screen.getByTestId('admin-members-total').textContent).toBe('۱ عضو');
    fireEvent.change(screen.getByTestId('admin-members-search'), { target: { value: 'مریم' } });
    fireEvent.click(screen.getByTestId('admin-members-search-button'));
    await waitFor(() => expect(api.seen.some((c) => c.params?.q === 'مریم')).toBe(true));
  });
});

describe('a member’s page', () => {
  it('shows the timeline with sources and states, payments and activity', async () => {
    restore = fakeApi(() => ({ data: detail })).restore;
    renderAt('/admin/members/7');
    const periods = await screen.findAllByTestId('admin-period');
    expect(periods.map((p) => p.getAttribute('data-state'))).toEqual(['waiting', 'revoked']);
    expect(periods[0]!.textContent).toContain('جبران قطعی سرویس');
    expect(periods[0]!.textContent).toContain('به دست مدیر');
    expect(periods[1]!.textContent).toContain('پرداخت #۱۲');
    expect(periods[1]!.textContent).toContain('لغو شد');
    expect(screen.getByTestId('admin-member-payments').textContent).toContain('بازپرداخت‌شده');
    expect(screen.getByTestId('admin-member-payments').textContent).toContain('۹۹٬۰۰۰ تومان');
    expect(screen.getByTestId('admin-member-activity').textContent).toContain('۵');
    expect(screen.getByTestId('admin-member-premium-state').textContent).toContain('۹ خرداد ۱۴۰۵');
  });

  it('grants premium after checking the form; a retry after a failure sends the same Idempotency-Key', async () => {
    let calls = 0;
    const api = fakeApi((c) => {
      if (c.method === 'get') return { data: detail };
      if (c.url === '/api/admin/members/7/premium') {
        calls++;
        if (calls === 1) fail(c, 503, { message: 'سرویس موقتاً در دسترس نیست. کمی بعد دوباره تلاش کنید.', code: 'SERVICE_UNAVAILABLE' });
        return { data: { period: detail.periods[0], subscription, replayed: false } };
      }
      throw new Error(`unexpected ${c.url}`);
    });
    restore = api.restore;
    renderAt('/admin/members/7');
    fireEvent.click(await screen.findByTestId('admin-member-grant'));
    const dialog = await screen.findByTestId('admin-grant-dialog');
    fireEvent.click(within(dialog).getByTestId('admin-grant-dialog-confirm'));
    await waitFor(() => expect(dialog.textContent).toContain('تعداد روز را عددی از ۱ تا ۳۶۵۰ بنویسید.'));
    expect(dialog.textContent).toContain('دلیل را دست‌کم در سه نویسه بنویسید.');
    expect(calls).toBe(0);

    fireEvent.change(within(dialog).getByTestId('admin-grant-days'), { target: { value: '۱۰' } });
    fireEvent.change(within(dialog).getByTestId('admin-grant-reason'), { target: { value: 'جبران قطعی سرویس' } });
    fireEvent.click(within(dialog).getByTestId('admin-grant-dialog-confirm'));
    await waitFor(() => expect(within(dialog).getByTestId('admin-grant-dialog-error').textContent).toContain('سرویس موقتاً'));
    fireEvent.click(within(dialog).getByTestId('admin-grant-dialog-confirm'));
    await waitFor(() => expect(useNoticeStore.getState().current?.message).toBe('۱۰ روز اشتراک افزوده شد؛ اشتراک اکنون تا ۹ خرداد ۱۴۰۵ است.'));
    const sent = api.seen.filter((c) => c.method === 'post');
    expect(sent.map(body)).toEqual([
      { days: 10, reason: 'جبران قطعی سرویس' },
      { days: 10, reason: 'جبران قطعی سرویس' },
    ]);
    const keys = sent.map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^web-[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks before giving the same grant again: the server’s 409, the question, then a confirmed send; new values, a new key', async () => {
    const sent: { confirm?: unknown; key: string | null; days: unknown }[] = [];
    const api = fakeApi((c) => {
      if (c.method === 'get') return { data: detail };
      if (c.url === '/api/admin/members/7/premium') {
        const b = body(c);
        sent.push({ confirm: b.confirm, key: c.headers.get('Idempotency-Key'), days: b.days });
        if (!b.confirm) fail(c, 409, { message: 'همین اشتراک (۱۰ روز) ۲ دقیقه پیش به دست مدیر به این عضو داده شد. اگر واقعاً باید دوباره داده شود، آن را تأیید کنید.', code: 'GRANT_REPEATED' });
        return { data: { period: detail.periods[0], subscription, replayed: false } };
      }
      throw new Error(`unexpected ${c.url}`);
    });
    restore = api.restore;
    renderAt('/admin/members/7');
    fireEvent.click(await screen.findByTestId('admin-member-grant'));
    const dialog = await screen.findByTestId('admin-grant-dialog');
    fireEvent.change(within(dialog).getByTestId('admin-grant-days'), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByTestId('admin-grant-reason'), { target: { value: 'جبران قطعی سرویس' } });
    fireEvent.click(within(dialog).getByTestId('admin-grant-dialog-confirm'));
    const question = await within(dialog).findByTestId('admin-grant-repeat');
    expect(question.textContent).toContain('همین اشتراک چند دقیقه پیش داده شد؛ دوباره بدهید؟');
    expect(question.textContent).toContain('۲ دقیقه پیش به دست مدیر');
    expect(within(dialog).getByTestId('admin-grant-dialog-confirm').textContent).toBe('بله، دوباره بدهید');

    // Other days are another grant: the question goes, and the next send has a new key and no confirmation.
    fireEvent.change(within(dialog).getByTestId('admin-grant-days'), { target: { value: '11' } });
    expect(within(dialog).queryByTestId('admin-grant-repeat')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('admin-grant-dialog-confirm'));
    await within(dialog).findByTestId('admin-grant-repeat');
    fireEvent.click(within(dialog).getByTestId('admin-grant-dialog-confirm'));
    await waitFor(() => expect(useNoticeStore.getState().current?.message).toContain('روز اشتراک افزوده شد'));
    expect(sent.map((s) => [s.days, s.confirm ?? false])).toEqual([
      [10, false],
      [11, false],
      [11, true],
    ]);
    expect(sent[0]!.key).toMatch(/^web-[0-9a-f]{32}$/);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    // The confirmed send is the same submission: its key is reused.
    expect(sent[2]!.key).toBe(sent[1]!.key);
  });

  it('offers no grant to a disabled account, and says why', async () => {
    const disabled = { ...detail, member: { ...detail.member, disabledAt: '2026-04-30T10:00:00.000Z', disabledReason: 'تخلف از قوانین' } };
    restore = fakeApi(() => ({ data: disabled })).restore;
    renderAt('/admin/members/7');
    expect(((await screen.findByTestId('admin-member-grant')) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('admin-member-disabled').textContent).toContain('به حساب غیرفعال اشتراک داده نمی‌شود');
  });

  it('disables with a reason and a Persian toast; one’s own page has no disable or role button', async () => {
    const api = fakeApi((c) => {
      if (c.method === 'get') return { data: detail };
      if (c.url === '/api/admin/members/7/disable') return { data: { ...member, disabledAt: '2026-04-30T10:00:00.000Z', disabledReason: body(c).reason } };
      throw new Error(`unexpected ${c.url}`);
    });
    restore = api.restore;
    renderAt('/admin/members/7');
    fireEvent.click(await screen.findByTestId('admin-member-disable'));
    const dialog = await screen.findByTestId('admin-disable-dialog');
    fireEvent.change(within(dialog).getByTestId('admin-disable-reason'), { target: { value: 'تخلف از قوانین' } });
    fireEvent.click(within(dialog).getByTestId('admin-disable-dialog-confirm'));
    await waitFor(() => expect(useNoticeStore.getState().current).toMatchObject({ severity: 'success', message: 'حساب غیرفعال شد و همهٔ نشست‌هایش بسته شد.' }));
    expect(body(api.seen.find((c) => c.method === 'post')!)).toEqual({ reason: 'تخلف از قوانین' });

    useAuthStore.setState({ user: { id: 7, name: 'مریم', role: 'admin' } as never });
    await waitFor(() => expect(screen.queryByTestId('admin-member-disable')).toBeNull());
    expect(screen.queryByTestId('admin-member-role')).toBeNull();
    expect(screen.getByTestId('admin-member-grant')).toBeTruthy();
  });
});
