import type { Profile } from '@parde/contract';
import { HttpError, type Adapter, type ApiResponse, type RequestConfig } from '../../../lib/api-client';

export type Call = { method: string; url: string; profileHeader: string | null; body: Record<string, unknown> | undefined };

const profile = (p: Partial<Profile> & Pick<Profile, 'id' | 'name'>): Profile => ({
  avatar: 'sun',
  kids: false,
  main: false,
  hasPin: false,
  lockedUntil: null,
  ...p,
});

/**
 * One household at the HTTP edge, as the contract describes it: the profiles, the session's
 * profile, PINs (5 wrong tries lock), leaving kids, the holder's proof and the five-profile limit.
 */
export function householdApi(
  opts: {
    profiles?: Profile[];
    currentId?: number;
    pins?: Record<number, string>;
    password?: string;
    mainPin?: string;
    /** Other answers of the page (a title…), or undefined to fall through. */
    extra?: (config: RequestConfig) => ApiResponse | undefined;
  } = {},
) {
  const state = {
    profiles: opts.profiles ?? [profile({ id: 1, name: 'مریم', main: true }), profile({ id: 2, name: 'آرش', avatar: 'moon' })],
    currentId: opts.currentId ?? 1,
    pins: { ...(opts.pins ?? {}) } as Record<number, string>,
    failures: {} as Record<number, number>,
    password: opts.password ?? 'secret-pass',
    mainPin: opts.mainPin ?? null,
    nextId: 10,
    calls: [] as Call[],
    /** Answer a 409 PROFILE_CHANGED to the next call naming this stale profile. */
    staleProfile: null as number | null,
  };

  const fail = (config: RequestConfig, status: number, data: unknown): never => {
    throw new HttpError(`Request failed with status code ${status}`, config, { status, data });
  };
  const ok = (config: RequestConfig, data: unknown, status = 200) => ({ data, status, headers: new Headers(), config });
  const view = (p: Profile) => ({ ...p, hasPin: Boolean(state.pins[p.id]) });
  const proofOk = (body: Record<string, unknown> | undefined) => body?.password === state.password || (state.mainPin !== null && body?.main_pin === state.mainPin);

  const adapter: Adapter = async (config) => {
    const body = config.data ? (JSON.parse(config.data) as Record<string, unknown>) : undefined;
    const profileHeader = config.headers.get('X-Profile');
    state.calls.push({ method: config.method, url: config.url, profileHeader, body });
    if (profileHeader !== null && state.staleProfile !== null && Number(profileHeader) === state.staleProfile) {
      state.staleProfile = null;
      fail(config, 409, { message: 'نمایهٔ این دستگاه در زبانهٔ دیگری عوض شده است.', code: 'PROFILE_CHANGED' });
    }
    const { url, method } = config;
    const answered = opts.extra?.(config);
    if (answered) return answered;
    if (url === '/api/user/profiles' && method === 'get') return ok(config, { data: { profiles: state.profiles.map(view), currentId: state.currentId, max: 5 } });

    const select = /^\/api\/user\/profiles\/(\d+)\/select$/.exec(url);
    if (select && method === 'post') {
      const id = Number(select[1]);
      const target = state.profiles.find((p) => p.id === id);
      if (!target) return fail(config, 404, { message: 'نمایه‌ای با این شناسه در حساب شما پیدا نشد.', code: 'PROFILE_NOT_FOUND' });
      if (target.lockedUntil && Date.parse(target.lockedUntil) > Date.now())
        return fail(config, 423, { message: 'این نمایه تا ۵ آذر ۱۴۰۵، ساعت ۱۴:۳۰ قفل است.', code: 'PROFILE_LOCKED' });
      const pin = state.pins[id];
      if (pin) {
        if (!body?.pin) return fail(config, 403, { message: 'این نمایه رمز چهاررقمی دارد.', code: 'PIN_REQUIRED' });
        if (body.pin !== pin) {
          state.failures[id] = (state.failures[id] ?? 0) + 1;
          if (state.failures[id] >= 5) {
            target.lockedUntil = new Date(Date.now() + 15 * 60_000).toISOString();
            return fail(config, 423, { message: 'این نمایه تا ۵ آذر ۱۴۰۵، ساعت ۱۴:۳۰ قفل است.', code: 'PROFILE_LOCKED' });
          }
          const left = 5 - state.failures[id];
          return fail(config, 422, { message: 'رمز نادرست است.', errors: { pin: [`رمز نادرست است؛ ${'۰۱۲۳۴۵۶۷۸۹'[left]} بار دیگر می‌توانید امتحان کنید.`] } });
        }
      } else {
        const current = state.profiles.find((p) => p.id === state.currentId);
        if (current?.kids && !target.kids && !proofOk(body)) {
          if (body?.main_pin !== undefined || body?.password !== undefined) return fail(config, 422, { message: 'نادرست است.', errors: { main_pin: ['رمز نمایهٔ اصلی نادرست است.'] } });
          return fail(config, 403, { message: 'برای خروج از نمایهٔ کودک، رمز را وارد کنید.', code: 'KIDS_EXIT_LOCKED' });
        }
      }
      state.currentId = id;
      return ok(config, { data: view(target) });
    }

    if (url === '/api/user/profiles' && method === 'post') {
      if (!proofOk(body)) return fail(config, 403, { message: 'برای این کار گذرواژهٔ حساب یا رمز نمایهٔ اصلی را وارد کنید.', code: 'HOLDER_PROOF_REQUIRED' });
      if (state.profiles.length >= 5) return fail(config, 422, { message: 'حداکثر ۵ نمایه.', errors: { name: ['هر حساب حداکثر ۵ نمایه دارد.'] } });
      const created = profile({ id: state.nextId++, name: String(body?.name), avatar: (body?.avatar as Profile['avatar']) ?? 'sun', kids: Boolean(body?.kids) });
      state.profiles.push(created);
      if (typeof body?.pin === 'string') state.pins[created.id] = body.pin;
      return ok(config, { data: view(created) }, 201);
    }

    const one = /^\/api\/user\/profiles\/(\d+)$/.exec(url);
    if (one && (method === 'patch' || method === 'delete')) {
      if (!proofOk(body)) return fail(config, 422, { message: 'گذرواژه نادرست است.', errors: { password: ['گذرواژهٔ حساب نادرست است.'] } });
      const id = Number(one[1]);
      if (method === 'delete') {
        state.profiles = state.profiles.filter((p) => p.id !== id);
        return ok(config, '', 204);
      }
      const target = state.profiles.find((p) => p.id === id)!;
      Object.assign(target, Object.fromEntries(Object.entries(body ?? {}).filter(([k]) => ['name', 'avatar', 'kids'].includes(k))));
      if (body && 'pin' in body) {
        if (body.pin === null) delete state.pins[id];
        else state.pins[id] = String(body.pin);
      }
      return ok(config, { data: view(target) });
    }

    if (url === '/api/user') return ok(config, { data: { id: 7, name: 'مریم', newNotifications: false } });
    if (url === '/api/user/profile/prefs' && method === 'get') return ok(config, { data: { subtitle: 'en', size: 'l', dataSaver: true, quality: 720 } });
    if (url.startsWith('/api/user/profile/audio/') && method === 'get') return ok(config, { data: { edition: 'dub-fa' } });
    if (method === 'put') return ok(config, { data: body });
    return ok(config, { data: [], meta: { currentPage: 1, lastPage: 1, perPage: 24, total: 0 } });
  };

  return { state, adapter, profile };
}

export { profile as makeProfile };
