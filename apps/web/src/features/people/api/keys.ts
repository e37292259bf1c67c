/** Query keys of people (house style: one factory per feature). */
export const personKeys = {
  all: ['people'] as const,
  detail: (id: number, role?: string) => [...personKeys.all, 'detail', id, role ?? 'all'] as const,
  credits: (id: number, role: string) => [...personKeys.all, 'credits', id, role] as const,
};
