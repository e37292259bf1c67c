/**
 * Every address of the web app: the paths of the site's router (apps/web/src/app/router.tsx;
 * its entry-server test fails when the two differ), and the operators' panel's as a whole. The server answers any other address with its
 * not-found page and a 404, and looks up what a page's ids name before answering 200
 * (apps/api: modules/previews). `/*` at the end covers a part of the site as a whole.
 */
export const sitePages = {
  home: '/',
  contact: '/contact',
  titleFiles: '/titles/:id/files',
  title: '/titles/:id/:slug',
  trailer: '/watch/trailer/:imdb',
  watch: '/watch/:imdb/:id',
  tv: '/tv',
  collections: '/collections',
  collection: '/collections/:id/:slug',
  person: '/people/:role/:id/:slug',
  comingSoon: '/comingsoon',
  categories: '/categories',
  plans: '/premium/plans',
  plan: '/premium/plans/:id',
  login: '/auth/login',
  register: '/auth/register',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password/:token',
  logout: '/auth/logout',
  screenshots: '/screenshots/:id',
  watchlist: '/user/watchlist',
  history: '/user/history',
  dashboard: '/user/dashboard',
  editPassword: '/user/edit-password',
  notifications: '/user/notifications',
  newRequest: '/user/new-request',
  goPremium: '/gopremium',
  profiles: '/profiles',
  manageProfiles: '/profiles/manage',
  gift: '/gift',
  join: '/premium/join/:id',
  paymentResult: '/premium/result',
  /**
   * The operators' panel: its own app (apps/web: admin.html, src/admin/app/router.tsx) behind a
   * session; its screens are its own business, and it shows its own not-found screen.
   */
  admin: '/admin/*',
} as const;

export type SitePage = keyof typeof sitePages;
