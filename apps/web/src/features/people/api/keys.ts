/** Query keys of people (house style: one factory per feature). */
export const personKeys = {
  all: ['people'] as const,
  detail: (id: number) => [...personKeys.all, 'detail', id] as const,
  credits: (id: number, role: string) => [...personKeys.all, 'credits', id, role] as const,
};
