import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef } from 'react';
import { messages } from '../messages';
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
    <IconButton
      ref={ref}
      color="inherit"
      aria-label={messages.open}
      data-testid="search-toggle"
      onPointerEnter={preloadSearchPanel}
      onFocus={preloadSearchPanel}
      onTouchStart={preloadSearchPanel}
      onClick={open}
    >
      <SearchIcon />
    </IconButton>
  );
}
