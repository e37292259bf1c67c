/** Business constants of the header search (spec §5, §9). */
export const searchConfig = {
  /** Searches run only once the text has at least this many searchable characters. */
  minQueryLength: 2,
  /** Enter and the full-search icon need text *longer* than this. */
  submitLongerThan: 2,
  titleDebounceMs: 500,
  personDebounceMs: 1000,
  /** Mobile: the field takes focus this long after the search opens. */
  mobileFocusDelayMs: 500,
  /** Titles asked of the API; mobile shows them all, desktop the first few. */
  titleFetchLimit: 20,
  desktopTitleLimit: 6,
  /** Desktop: people are cut to `desktopPeopleCutTo` only when more than `desktopPeopleCutAbove` come back. */
  desktopPeopleCutAbove: 8,
  desktopPeopleCutTo: 6,
} as const;
