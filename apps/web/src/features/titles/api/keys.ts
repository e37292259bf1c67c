/** Query keys of one title and what hangs off it (house style: one factory per feature). */
export const titleKeys = {
  all: ['titles'] as const,
  detail: (id: number, dub: boolean) => [...titleKeys.all, 'detail', id, dub ? 'dub' : 'default'] as const,
  similar: (id: number) => [...titleKeys.all, 'similar', id] as const,
  directorTitles: (id: number) => [...titleKeys.all, 'director-titles', id] as const,
  /** The episodes of one season past those the title page carries, a page at a time. */
  seasonEpisodes: (id: number, season: number) => [...titleKeys.all, 'season-episodes', id, season] as const,
  files: (id: number) => [...titleKeys.all, 'files', id] as const,
  downloads: (id: number) => [...titleKeys.all, 'downloads', id] as const,
  /** The signed-in member's watchlist, like and rating for a title. */
  memberState: (id: number) => [...titleKeys.all, 'member-state', id] as const,
  /** Whether this visitor may watch the title: a different answer once they sign in. */
  access: (id: number, isMember: boolean) => [...titleKeys.all, 'access', id, isMember ? 'member' : 'visitor'] as const,
};
