/** Query keys of the member's own lists (house style: one factory per feature). */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  watchlist: (page: number) => [...accountKeys.all, 'watchlist', page] as const,
  history: (page: number, perPage: number) => [...accountKeys.all, 'history', page, perPage] as const,
  notifications: (page: number, perPage: number) => [...accountKeys.all, 'notifications', page, perPage] as const,
  requests: (page: number, perPage: number) => [...accountKeys.all, 'requests', page, perPage] as const,
};
