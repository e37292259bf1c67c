/** Query keys of the catalogue lists (house style: one factory per feature). */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (query: Record<string, string | number>) => [...catalogueKeys.all, 'list', query] as const,
  slideshow: (type: string) => [...catalogueKeys.all, 'slideshow', type] as const,
  comingSoon: (page: number) => [...catalogueKeys.all, 'coming-soon', page] as const,
  genres: () => [...catalogueKeys.all, 'genres'] as const,
  countries: () => [...catalogueKeys.all, 'countries'] as const,
};
