/**
 * The words of the search the header shows before it is opened: a module of their own, so a
 * first visit does not load the text of the whole search panel with them.
 */
export const shellMessages = {
  open: 'جستجو',
};
