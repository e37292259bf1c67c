/** Query keys of the header search: `['search', 'titles', q]`, `['search', 'people', q]`. */
export const searchKeys = {
  all: ['search'] as const,
  titles: (q: string) => [...searchKeys.all, 'titles', q] as const,
  people: (q: string) => [...searchKeys.all, 'people', q] as const,
};
