/** Query keys of the screenshots page (house style: one factory per feature). */
export const screenshotKeys = {
  all: ['screenshots'] as const,
  list: (titleId: number) => [...screenshotKeys.all, 'list', titleId] as const,
  /**
   * The title's detail under the key the titles feature gives it (`titleKeys.detail(id, false)`):
   * opened from the title page, the name is already there. Features do not import each other,
   * hence the copy; were the two to drift, the page would only fetch the title once more.
   */
  title: (titleId: number) => ['titles', 'detail', titleId, 'default'] as const,
};
