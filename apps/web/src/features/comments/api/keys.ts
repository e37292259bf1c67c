/** Query keys of a title's comments (house style: one factory per feature). */
export const commentKeys = {
  all: ['comments'] as const,
  /** The threads of a title, page after page (an infinite query). */
  list: (titleId: number) => [...commentKeys.all, 'list', titleId] as const,
  /** Which of the title's comments the signed-in member liked. */
  likes: (titleId: number) => [...commentKeys.all, 'likes', titleId] as const,
};
