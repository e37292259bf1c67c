/**
 * Every URL of the site (spec §2). Components build links only through `getHref`; the router
 * registers `path`. Ids and slugs are encoded here, once.
 */
type Id = string | number;
const seg = (v: Id) => encodeURIComponent(String(v));

export type HomeQuery = {
  order_by?: string;
  type?: string;
  q?: string;
  is_dubbed?: string | number;
  /** A genre slug or id, a country's ISO code: the categories and title pages link to these. */
  genre?: string | number;
  country?: string;
  year_from?: number;
  year_to?: number;
  page?: number;
};

function withQuery(base: string, query?: Record<string, string | number | undefined>): string {
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `${base}?${s}` : base;
}

/** Guarded routes add `?redirect=<path>` so the login screen can send the member back. */
const withRedirect = (base: string, redirectTo?: string) =>
  redirectTo ? withQuery(base, { redirect: redirectTo }) : base;

export const paths = {
  home: { path: '/', getHref: (query?: HomeQuery) => withQuery('/', query) },
  contact: { path: '/contact', getHref: () => '/contact' },
  titleFiles: { path: '/titles/:id/files', getHref: (id: Id) => `/titles/${seg(id)}/files` },
  title: { path: '/titles/:id/:slug', getHref: (id: Id, slug: string) => `/titles/${seg(id)}/${seg(slug)}` },
  trailer: { path: '/watch/trailer/:imdb', getHref: (imdb: string) => `/watch/trailer/${seg(imdb)}` },
  watch: { path: '/watch/:imdb/:id', getHref: (imdb: string, id: Id) => `/watch/${seg(imdb)}/${seg(id)}` },
  tv: { path: '/tv', getHref: () => '/tv' },
  collections: { path: '/collections', getHref: () => '/collections' },
  collection: {
    path: '/collections/:id/:slug',
    getHref: (id: Id, slug: string) => `/collections/${seg(id)}/${seg(slug)}`,
  },
  person: {
    path: '/people/:role/:id/:slug',
    getHref: (role: string, id: Id, slug: string) => `/people/${seg(role)}/${seg(id)}/${seg(slug)}`,
  },
  comingSoon: { path: '/comingsoon', getHref: () => '/comingsoon' },
  categories: { path: '/categories', getHref: () => '/categories' },
  premium: {
    plans: { path: '/premium/plans', getHref: () => '/premium/plans' },
    plan: { path: '/premium/plans/:id', getHref: (id: Id) => `/premium/plans/${seg(id)}` },
    /** `mode=reserve` buys a plan that starts when the running subscription ends. */
    join: {
      path: '/premium/join/:id',
      getHref: (id: Id, mode?: 'join' | 'reserve') => withQuery(`/premium/join/${seg(id)}`, { mode: mode === 'reserve' ? mode : undefined }),
    },
    /** Where the gateway sends the payer back (the API's callback redirects here). */
    result: { path: '/premium/result', getHref: (paymentId: Id) => withQuery('/premium/result', { payment: String(paymentId) }) },
  },
  auth: {
    login: { path: '/auth/login', getHref: (redirectTo?: string) => withRedirect('/auth/login', redirectTo) },
    register: { path: '/auth/register', getHref: (redirectTo?: string) => withRedirect('/auth/register', redirectTo) },
    forgotPassword: { path: '/auth/forgot-password', getHref: () => '/auth/forgot-password' },
    resetPassword: { path: '/auth/reset-password/:token', getHref: (token: string) => `/auth/reset-password/${seg(token)}` },
    logout: { path: '/auth/logout', getHref: () => '/auth/logout' },
  },
  screenshots: { path: '/screenshots/:id', getHref: (id: Id) => `/screenshots/${seg(id)}` },
  user: {
    watchlist: { path: '/user/watchlist', getHref: () => '/user/watchlist' },
    history: { path: '/user/history', getHref: () => '/user/history' },
    dashboard: { path: '/user/dashboard', getHref: () => '/user/dashboard' },
    editPassword: { path: '/user/edit-password', getHref: () => '/user/edit-password' },
    notifications: { path: '/user/notifications', getHref: () => '/user/notifications' },
    newRequest: { path: '/user/new-request', getHref: () => '/user/new-request' },
  },
  goPremium: { path: '/gopremium', getHref: () => '/gopremium' },
  /** Household profiles: who is watching (then back to `redirect`), and managing them. */
  profiles: {
    picker: { path: '/profiles', getHref: (redirectTo?: string) => withRedirect('/profiles', redirectTo) },
    manage: { path: '/profiles/manage', getHref: () => '/profiles/manage' },
  },
  /** The operators' panel: its own layout and chunks, never loaded by visitors or members. */
  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    titles: { path: '/admin/titles', getHref: (query?: { q?: string; page?: number }) => withQuery('/admin/titles', query) },
    /** `id` is `new` for a title not made yet. */
    title: { path: '/admin/titles/:id', getHref: (id: Id | 'new') => `/admin/titles/${seg(id)}` },
    /** A title's video, subtitles and ingest jobs (its episodes' too). */
    titleMedia: { path: '/admin/titles/:id/media', getHref: (id: Id) => `/admin/titles/${seg(id)}/media` },
    catalogue: { path: '/admin/catalogue', getHref: () => '/admin/catalogue' },
    imports: { path: '/admin/imports', getHref: () => '/admin/imports' },
    members: { path: '/admin/members', getHref: (query?: { q?: string; page?: number }) => withQuery('/admin/members', query) },
    member: { path: '/admin/members/:id', getHref: (id: Id) => `/admin/members/${seg(id)}` },
    money: { path: '/admin/money', getHref: () => '/admin/money' },
    requests: { path: '/admin/requests', getHref: () => '/admin/requests' },
    comments: { path: '/admin/comments', getHref: () => '/admin/comments' },
    notifications: { path: '/admin/notifications', getHref: () => '/admin/notifications' },
    audit: { path: '/admin/audit', getHref: (query?: { entity?: string; entity_id?: string }) => withQuery('/admin/audit', query) },
  },
  /** `code` prefills the redeem field (the gift mail links here); `plan` preselects the plan to give. */
  gift: { path: '/gift', getHref: (query?: { code?: string; plan?: Id }) => withQuery('/gift', { code: query?.code, plan: query?.plan === undefined ? undefined : String(query.plan) }) },
} as const;
