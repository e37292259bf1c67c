/** Query keys of collections (house style: one factory per feature). */
export const collectionKeys = {
  all: ['collections'] as const,
  list: (page: number) => [...collectionKeys.all, 'list', page] as const,
  detail: (id: number) => [...collectionKeys.all, 'detail', id] as const,
  titles: (id: number, page: number) => [...collectionKeys.all, 'titles', id, page] as const,
};
