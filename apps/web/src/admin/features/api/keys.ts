/** Query keys of the panel: everything under `admin`, so signing out or a role change drops it all. */
export const adminKeys = {
  all: ['admin'] as const,
  area: (area: string) => ['admin', area] as const,
  list: (area: string, query: object) => ['admin', area, 'list', query] as const,
  one: (area: string, id: number | string) => ['admin', area, 'one', id] as const,
};
