import { avatarKeys } from '@parde/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { answerApiWith, renderAppAt } from '../../../test/app';
import { useAuthStore } from '../../auth';
import { PROFILE_STORAGE_KEY, useProfileStore } from '../stores/profile-store';
import { matrixDetail } from '../../titles/components/title-fixtures';
import { lockTime } from '../messages';
import { householdApi, makeProfile } from '../test/household-api';
import { avatarPalette, ProfileAvatar } from './profile-avatar';

let household = householdApi();
answerApiWith((config) => household.adapter(config));

const HEADING = 'چه کسی تماشا می‌کند؟';
const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });

function signIn() {
  document.cookie = 'token=tok; path=/';
  useAuthStore.setState({ token: 'tok', user: { id: 7, name: 'مریم', newNotifications: false }, isLoading: false, hasTriedFetchingUser: true });
}

const lastCall = (pred: (c: (typeof household.state.calls)[number]) => boolean) => [...household.state.calls].reverse().find(pred);

beforeEach(() => {
  household = householdApi();
  queryClient.clear();
  useProfileStore.setState({ userId: null, profile: null, pickNeeded: false });
  useAuthStore.setState({ token: null, user: null, isLoading: false, isError: false, hasTriedFetchingUser: false });
});

describe('choosing who watches', () => {
  it('opens the picker after sign-in when the account has two profiles, then goes back with the chosen one', async () => {
    signIn();
    const router = renderAppAt('/user/watchlist');
    expect(await findHeading(HEADING)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profiles');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/user/watchlist');

    fireEvent.click(await screen.findByRole('button', { name: /^تماشا با نمایهٔ آرش/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/watchlist'));
    expect(useProfileStore.getState().profile?.id).toBe(2);
    expect(household.state.currentId).toBe(2);
    // Remembered beside the auth store, whose fields stay the spec's.
    expect(JSON.parse(localStorage.getItem(PROFILE_STORAGE_KEY)!).state).toMatchObject({ userId: 7, profile: { id: 2, name: 'آرش' } });
    const auth = JSON.parse(localStorage.getItem('auth-storage')!).state as Record<string, unknown>;
    expect(Object.keys(auth).sort()).toEqual(['token', 'user']);
    // Every later call names the profile.
    await waitFor(() => expect(lastCall((c) => c.url === '/api/user/watchlist')?.profileHeader).toBe('2'));
  });

  it('remembers the only profile without asking', async () => {
    household = householdApi({ profiles: [makeProfile({ id: 1, name: 'مریم', main: true })] });
    signIn();
    const router = renderAppAt('/user/watchlist');
    expect(await findHeading('لیست تماشا')).toBeTruthy();
    await waitFor(() => expect(useProfileStore.getState().profile?.id).toBe(1));
    expect(router.state.location.pathname).toBe('/user/watchlist');
  });

  it('sends no profile for a visitor', async () => {
    useProfileStore.setState({ userId: 7, profile: makeProfile({ id: 2, name: 'آرش' }) });
    renderAppAt('/contact');
    expect(await findHeading('پشتیبانی و تماس با ما')).toBeTruthy();
    // Signed out: the remembered profile goes, and nothing was sent with a profile.
    await waitFor(() => expect(useProfileStore.getState().profile).toBeNull());
    expect(household.state.calls.every((c) => c.profileHeader === null)).toBe(true);
  });

  it('asks for the PIN in Persian digits, says the tries left, then the lock with its time', async () => {
    household = householdApi({ pins: { 2: '1234' } });
    signIn();
    useProfileStore.setState({ userId: 7, profile: makeProfile({ id: 1, name: 'مریم', main: true }) });
    renderAppAt('/profiles?redirect=/user/history');
    // The picker's code may still be on its way on a busy machine: its heading gets the long wait.
    expect(await findHeading(HEADING)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /^تماشا با نمایهٔ آرش/ }));
    const dialog = await screen.findByRole('dialog', { name: 'رمز نمایهٔ «آرش»' });
    const input = within(dialog).getByLabelText(/رمز چهاررقمی/) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1111' } });
    expect(input.value).toBe('۱۱۱۱');
    fireEvent.click(within(dialog).getByRole('button', { name: 'ورود' }));
    expect(await within(dialog).findByText('رمز نادرست است؛ ۴ بار دیگر می‌توانید امتحان کنید.')).toBeTruthy();
    expect(lastCall((c) => c.url === '/api/user/profiles/2/select')?.body).toEqual({ pin: '1111' });
    // Each try is typed once the answer to the last one is on screen, as a person can: while a try
    // is on its way the field is disabled, and the refusal empties it for the next one.
    const tryPin = (pin: string) => {
      const field = within(screen.getByTestId('unlock-dialog')).getByLabelText(/رمز چهاررقمی/) as HTMLInputElement;
      expect(field.value).toBe('');
      fireEvent.change(field, { target: { value: pin } });
      fireEvent.click(within(screen.getByTestId('unlock-dialog')).getByRole('button', { name: 'ورود' }));
      expect(field.disabled).toBe(true);
    };
    for (const left of ['۳', '۲', '۱']) {
      tryPin('۹۹۹۹');
      expect(await within(screen.getByTestId('unlock-dialog')).findByText(`رمز نادرست است؛ ${left} بار دیگر می‌توانید امتحان کنید.`)).toBeTruthy();
    }
    tryPin('۹۹۹۹');
    expect((await screen.findByTestId('profile-locked')).textContent).toContain('۵ آذر ۱۴۰۵، ساعت ۱۴:۳۰');
    expect(household.state.failures[2]).toBe(5);
    expect(household.state.currentId).toBe(1);
    // Persian digits typed reach the API as Latin ones.
    expect(lastCall((c) => c.url === '/api/user/profiles/2/select')?.body).toEqual({ pin: '9999' });
  });

  it('enters with the right PIN typed in Persian digits', async () => {
    household = householdApi({ pins: { 2: '1234' } });
    signIn();
    useProfileStore.setState({ userId: 7, profile: makeProfile({ id: 1, name: 'مریم', main: true }) });
    const router = renderAppAt('/profiles?redirect=/user/history');
    fireEvent.click(await screen.findByRole('button', { name: /^تماشا با نمایهٔ آرش/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/رمز چهاررقمی/), { target: { value: '۱۲۳۴' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ورود' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/history'));
    expect(useProfileStore.getState().profile?.id).toBe(2);
  });

  it('leaving a kids profile for one without a PIN asks for the main PIN or the password', async () => {
    household = householdApi({
      profiles: [makeProfile({ id: 1, name: 'مریم', main: true }), makeProfile({ id: 2, name: 'آرش' }), makeProfile({ id: 3, name: 'نیلو', kids: true, avatar: 'cat' })],
      currentId: 3,
      mainPin: '4321',
    });
    signIn();
    useProfileStore.setState({ userId: 7, profile: makeProfile({ id: 3, name: 'نیلو', kids: true, avatar: 'cat' }) });
    const router = renderAppAt('/profiles');
    expect(await screen.findByTestId('kids-badge')).toBeTruthy();
    // A kids profile may not manage profiles.
    expect(screen.queryByTestId('to-manage')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /^تماشا با نمایهٔ آرش/ }));
    const dialog = await screen.findByRole('dialog', { name: 'خروج از نمایهٔ کودک' });
    fireEvent.click(within(dialog).getByLabelText('رمز نمایهٔ اصلی', { selector: 'input[type="radio"]' }));
    fireEvent.change(within(dialog).getByTestId('proof-main-pin-input'), { target: { value: '۱۱۱۱' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ورود' }));
    expect(await within(dialog).findByText('رمز نمایهٔ اصلی نادرست است.')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('proof-main-pin-input'), { target: { value: '۴۳۲۱' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ورود' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(lastCall((c) => c.url === '/api/user/profiles/2/select')?.body).toEqual({ main_pin: '4321' });
    expect(useProfileStore.getState().profile?.kids).toBe(false);
  });

  it('on a kids device, a profile this device may not try yet says so with its time, before asking anything', async () => {
    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    household = householdApi({
      profiles: [makeProfile({ id: 1, name: 'مریم', main: true, lockedUntil: until }), makeProfile({ id: 3, name: 'نیلو', kids: true, avatar: 'cat' })],
      currentId: 3,
      pins: { 1: '4321' },
    });
    signIn();
    useProfileStore.setState({ userId: 7, profile: makeProfile({ id: 3, name: 'نیلو', kids: true, avatar: 'cat' }) });
    renderAppAt('/profiles');
    expect(await findHeading(HEADING)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /^تماشا با نمایهٔ مریم/ }));
    const locked = (await screen.findByTestId('profile-locked')).textContent;
    expect(locked).toContain('در این دستگاه');
    expect(locked).toContain(lockTime(until));
    expect(household.state.calls.some((c) => c.url.endsWith('/select'))).toBe(false);
  });

  it('a 409 PROFILE_CHANGED re-reads the profiles and opens the picker', async () => {
    household.state.staleProfile = 2;
    signIn();
    useProfileStore.setState({ userId: 7, profile: makeProfile({ id: 2, name: 'آرش' }) });
    const router = renderAppAt('/user/watchlist');
    expect(await findHeading(HEADING)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profiles');
    // The session's profile (1) is the one drawn now, and the re-read named no stale profile.
    expect(useProfileStore.getState().profile?.id).toBe(1);
    expect(household.state.calls.find((c) => c.url === '/api/user/profiles')?.profileHeader).toBeNull();
  });
});

describe('managing profiles', () => {
  beforeEach(() => {
    signIn();
    useProfileStore.setState({ userId: 7, profile: makeProfile({ id: 1, name: 'مریم', main: true }) });
  });

  it('creates a kids profile with a PIN after the password, then deletes it after a confirmation', async () => {
    renderAppAt('/profiles/manage');
    expect(await findHeading('مدیریت نمایه‌ها')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('add-profile'));
    const form = await screen.findByRole('dialog', { name: 'نمایهٔ تازه' });
    fireEvent.click(within(form).getByTestId('profile-save'));
    expect(await within(form).findByText('نام نمایه را بنویسید.')).toBeTruthy();
    expect(within(form).getByText('گذرواژه یا رمز را وارد کنید.')).toBeTruthy();

    fireEvent.change(within(form).getByTestId('profile-name-input'), { target: { value: 'نیلو' } });
    fireEvent.click(within(form).getByLabelText('گربه'));
    fireEvent.click(within(form).getByRole('switch', { name: 'نمایهٔ کودک' }));
    fireEvent.change(within(form).getByTestId('profile-pin-input'), { target: { value: '۵۶۷' } });
    fireEvent.change(within(form).getByTestId('proof-password-input'), { target: { value: 'secret-pass' } });
    fireEvent.click(within(form).getByTestId('profile-save'));
    expect(await within(form).findByText('رمز باید ۴ رقم باشد.')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('profile-pin-input'), { target: { value: '۵۶۷۸' } });
    fireEvent.click(within(form).getByTestId('profile-save'));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastCall((c) => c.method === 'post' && c.url === '/api/user/profiles')?.body).toEqual({ name: 'نیلو', avatar: 'cat', kids: true, pin: '5678', password: 'secret-pass' });
    const row = (await screen.findByText('نیلو')).closest('li')!;
    expect(within(row).getByText('کودک')).toBeTruthy();
    expect(within(row).getByText('رمز دارد')).toBeTruthy();

    // The proof given once on this screen is not asked again.
    fireEvent.click(within(row).getByRole('button', { name: 'حذف نیلو' }));
    const confirm = await screen.findByRole('dialog', { name: 'حذف نمایهٔ «نیلو»؟' });
    expect(within(confirm).queryByTestId('proof-fields')).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'حذف نمایه' }));
    await waitFor(() => expect(screen.queryByText('نیلو')).toBeNull());
    expect(lastCall((c) => c.method === 'delete')).toMatchObject({ url: '/api/user/profiles/10', body: { password: 'secret-pass' } });
  });

  it("shows the API's field errors in Persian: a wrong password asks again", async () => {
    renderAppAt('/profiles/manage');
    const row = (await screen.findByText('آرش')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'ویرایش آرش' }));
    const form = await screen.findByRole('dialog', { name: 'ویرایش نمایهٔ «آرش»' });
    fireEvent.change(within(form).getByTestId('profile-name-input'), { target: { value: 'آرش کوچک' } });
    fireEvent.change(within(form).getByTestId('proof-password-input'), { target: { value: 'wrong' } });
    fireEvent.click(within(form).getByTestId('profile-save'));
    expect(await within(form).findByText('گذرواژهٔ حساب نادرست است.')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('proof-password-input'), { target: { value: 'secret-pass' } });
    fireEvent.click(within(form).getByTestId('profile-save'));
    expect(await screen.findByText('آرش کوچک')).toBeTruthy();
    expect(lastCall((c) => c.method === 'patch')?.body).toEqual({ name: 'آرش کوچک', password: 'secret-pass' });
  });

  it('allows at most five profiles and never deletes the main one', async () => {
    household = householdApi({ profiles: [1, 2, 3, 4, 5].map((id) => makeProfile({ id, name: `نمایه ${id}`, main: id === 1 })) });
    renderAppAt('/profiles/manage');
    expect(await screen.findByTestId('profiles-full')).toBeTruthy();
    expect((screen.getByTestId('add-profile') as HTMLButtonElement).disabled).toBe(true);
    const main = screen.getByText('نمایه 1').closest('li')!;
    expect(within(main).queryByRole('button', { name: /^حذف/ })).toBeNull();
  });
});

describe('kids mode on the screens', () => {
  it('shows the kids badge and no buying', async () => {
    household = householdApi({ profiles: [makeProfile({ id: 1, name: 'مریم', main: true }), makeProfile({ id: 3, name: 'نیلو', kids: true })], currentId: 3 });
    signIn();
    useProfileStore.setState({ userId: 7, profile: makeProfile({ id: 3, name: 'نیلو', kids: true }) });
    renderAppAt('/premium/plans');
    expect(await screen.findByTestId('kids-no-buying', {}, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByTestId('kids-badge')).toBeTruthy();
  });
});

describe('kids mode on the title page', () => {
  const detail = matrixDetail('http://localhost:8000');
  const titleApi = (kids: boolean) =>
    householdApi({
      profiles: [makeProfile({ id: 1, name: 'مریم', main: true }), makeProfile({ id: 3, name: 'نیلو', kids: true })],
      currentId: kids ? 3 : 1,
      extra: (config) => {
        const ok = (data: unknown) => ({ data, status: 200, headers: new Headers(), config });
        if (config.url === '/api/titles/7') return ok({ data: { ...detail, isFree: false } });
        if (config.url === '/api/titles/7/access') return ok({ data: { canWatch: false, canDownload: false, reason: 'SUBSCRIPTION_REQUIRED' } });
        if (config.url === '/api/user/titles/7/state') return ok({ data: { inWatchlist: false, liked: false, likes: 0, rating: null } });
        return undefined;
      },
    });

  it.each([
    ['a grown-up profile sees the comments and the way to premium', false],
    ['a kids profile sees neither', true],
  ])('%s', async (_name, kids) => {
    household = titleApi(kids);
    signIn();
    useProfileStore.setState({ userId: 7, profile: kids ? makeProfile({ id: 3, name: 'نیلو', kids: true }) : makeProfile({ id: 1, name: 'مریم', main: true }) });
    renderAppAt('/titles/7/the-matrix');
    await screen.findByRole('heading', { level: 1, name: /ماتریکس|Matrix/ }, { timeout: 15_000 });
    await screen.findByTestId('files-link');
    if (kids) {
      // The premium button goes once the access answer says the title is locked.
      await screen.findByTestId('kids-badge');
      await waitFor(() => expect(screen.queryByTestId('watch-button')).toBeNull());
      expect(household.state.calls.some((c) => c.url === '/api/titles/7/access')).toBe(true);
      expect(document.getElementById('comments')).toBeNull();
    } else {
      await waitFor(() => expect(screen.getByTestId('watch-button').getAttribute('data-locked')).toBe('true'));
      expect(document.getElementById('comments')).not.toBeNull();
    }
  });
});

describe('avatars', () => {
  it('draws each key as its own figure and colours', () => {
    const palettes = new Set(avatarKeys.map((k) => avatarPalette(k).from));
    expect(palettes.size).toBe(avatarKeys.length);
    const { container } = render(
      <>
        {avatarKeys.map((k) => (
          <ProfileAvatar key={k} avatar={k} />
        ))}
      </>,
    );
    const svgs = [...container.querySelectorAll('svg')];
    expect(svgs.map((s) => s.getAttribute('data-avatar'))).toEqual([...avatarKeys]);
    // Each gradient has its own id: two avatars in a page never borrow each other's colours.
    expect(new Set(svgs.map((s) => s.querySelector('linearGradient')?.id)).size).toBe(avatarKeys.length);
  });
});
