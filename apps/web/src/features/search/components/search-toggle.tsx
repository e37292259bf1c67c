import SearchIcon from 'plain-icon:Search';
import { useEffect, useRef } from 'react';
import { shellMessages } from '../shell-messages';
import { useSearchStore } from '../stores/search-store';
import { preloadSearchPanel } from './header-search';

/** The search icon of the header's menu stage: opens the search stage (spec §2). */
export function SearchToggle() {
  const open = useSearchStore((s) => s.open);
  const returnFocus = useSearchStore((s) => s.returnFocus);
  const focusReturned = useSearchStore((s) => s.focusReturned);
  const ref = useRef<HTMLButtonElement>(null);

  // Escape or the close button put focus back where the search was opened from.
  useEffect(() => {
    if (!returnFocus) return;
    ref.current?.focus();
    focusReturned();
  }, [returnFocus, focusReturned]);

  return (
    <button
      ref={ref}
      type="button"
      // As MUI's ButtonBase: Safari's Tab then reaches it too.
      tabIndex={0}
      className="p-icon-btn p-shell-icon-btn"
      aria-label={shellMessages.open}
      data-testid="search-toggle"
      onPointerEnter={preloadSearchPanel}
      onFocus={preloadSearchPanel}
      onTouchStart={preloadSearchPanel}
      onClick={open}
    >
      <SearchIcon />
    </button>
  );
}
