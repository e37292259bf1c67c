import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { mobileMedia } from '../../../theme/media';
import { useSearchPeople } from '../api/search-people';
import { useSearchTitles } from '../api/search-titles';
import { searchConfig } from '../config';
import { listView, resultAnnouncement } from '../lib/list-view';
import { canSubmit, fullSearchHref, moveActive, visiblePeople, visibleTitles } from '../lib/search-rules';
import { tabOfStage, type ResultTab } from '../lib/search-stage';
import { messages } from '../messages';
import { useSearchStore } from '../stores/search-store';
import { SearchDropdown, type DropdownIds } from './search-dropdown';
import { withMui } from '../../../components/mui-scope';

/**
 * The open header search (spec §2, §4, §5): the field, its results dropdown and the live
 * count. Loaded on first open, so the shell's first visit does not carry it.
 */
function SearchPanel() {
  const query = useSearchStore((s) => s.query);
  const stage = useSearchStore((s) => s.stage);
  const openedAt = useSearchStore((s) => s.openedAt);
  const input = useSearchStore((s) => s.input);
  const close = useSearchStore((s) => s.close);
  const selectTab = useSearchStore((s) => s.selectTab);
  const mobile = useMediaQuery(mobileMedia, { noSsr: true });
  const desktop = !mobile;
  const navigate = useNavigate();
  const { key: locationKey } = useLocation();
  const [openedOnKey] = useState(locationKey);
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();

  const titles = useSearchTitles(query);
  const people = useSearchPeople(query);
  const titleCut = visibleTitles(titles.data ?? [], desktop);
  const titleView = listView({ ...titles, text: query }, () => titleCut.items);
  const peopleView = listView({ ...people, text: query }, (items) => visiblePeople(items, desktop));
  const showMore = titleView.kind === 'results' && titleCut.showMore;

  const tab = tabOfStage(stage);
  const view = tab === 'people' ? peopleView : titleView;
  const options = view.kind === 'results' ? view.items : [];

  // The active option belongs to one list: a new tab, text or answer starts from the field again.
  const listKey = `${tab}|${tab === 'people' ? people.debouncedQuery : titles.debouncedQuery}|${options.length}`;
  const [activeState, setActiveState] = useState({ listKey, index: -1 });
  const active = activeState.listKey === listKey ? activeState.index : -1;
  const setActive = (index: number) => setActiveState({ listKey, index });

  const ids: DropdownIds = {
    dropdown: `${baseId}-dropdown`,
    tab: (t) => `${baseId}-tab-${t}`,
    panel: (t) => `${baseId}-panel-${t}`,
    listbox: (t) => `${baseId}-listbox-${t}`,
    option: (t, i) => `${baseId}-option-${t}-${i}`,
  };
  const activeId = tab && active >= 0 ? ids.option(tab, active) : undefined;

  // Desktop: focus at once. Mobile (spec §9): 500 ms after opening, counted from the tap.
  useEffect(() => {
    const delay = mobile ? Math.max(0, openedAt + searchConfig.mobileFocusDelayMs - Date.now()) : 0;
    if (delay === 0) {
      inputRef.current?.focus();
      return;
    }
    const timer = setTimeout(() => inputRef.current?.focus(), delay);
    return () => clearTimeout(timer);
    // Only on opening: a later resize must not steal focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Any navigation (a result, the full search, the back button) ends the search.
  useEffect(() => {
    if (locationKey !== openedOnKey) close();
  }, [locationKey, openedOnKey, close]);

  // Spec §2: Escape closes the search, wherever focus is (on mobile the field may not have it
  // yet); a click outside closes it too.
  useEffect(() => {
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      close({ returnFocus: true });
    };
    const onPointerDown = (e: PointerEvent) => {
      if (rootRef.current && e.target instanceof Node && !rootRef.current.contains(e.target)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [close]);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const submitFullSearch = () => {
    if (!canSubmit(query)) return;
    navigate(fullSearchHref(query));
    close();
  };

  const onFieldKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && options.length > 0) {
      e.preventDefault();
      setActive(moveActive(active, options.length, e.key));
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      const chosen = active >= 0 ? options[active] : undefined;
      if (chosen) {
        navigate(chosen.path);
        close();
      } else {
        submitFullSearch();
      }
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submitFullSearch();
  };

  const announcement = tab ? resultAnnouncement(tab, view, tab === 'titles' && showMore) : '';
  const submittable = canSubmit(query);

  return (
    <Box
      component="form"
      ref={rootRef}
      role="search"
      aria-label={messages.formLabel}
      onSubmit={onSubmit}
      data-testid="search-panel"
      sx={{
        position: 'relative',
        flex: 1,
        minWidth: 0,
        maxWidth: 720,
        [mobileMedia]: { position: 'static', maxWidth: 'none' },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          height: 44,
          paddingInlineStart: '16px',
          paddingInlineEnd: '4px',
          borderRadius: 6,
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          '&:focus-within': { borderColor: 'secondary.main', bgcolor: 'action.selected' },
        }}
      >
        {/*
          A plain input rather than MUI's InputBase: InputBase styles \`::placeholder\`, which the
          shell's RTL emotion cache cannot compile (stylis 4.4's prefixer on emotion's 4.2 nodes).
        */}
        <Box
          component="input"
          ref={inputRef}
          type="text"
          value={query}
          onChange={(e: ChangeEvent<HTMLInputElement>) => input(e.target.value)}
          onKeyDown={onFieldKeyDown}
          placeholder={mobile ? messages.placeholderMobile : messages.placeholderDesktop}
          role="combobox"
          aria-label={messages.fieldLabel}
          aria-autocomplete="list"
          aria-expanded={stage !== 'start'}
          aria-controls={tab ? (options.length > 0 ? ids.listbox(tab) : ids.dropdown) : undefined}
          aria-activedescendant={activeId}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          dir="auto"
          maxLength={100}
          data-testid="search-input"
          sx={{
            flex: 1,
            minWidth: 0,
            height: '100%',
            p: 0,
            border: 0,
            outline: 0,
            bgcolor: 'transparent',
            color: 'inherit',
            font: 'inherit',
            fontSize: '0.95rem',
          }}
        />
        <IconButton
          type="submit"
          size="small"
          color="inherit"
          disabled={!submittable}
          aria-label={submittable ? messages.fullSearch : messages.fullSearchNeedsMore}
          data-testid="search-submit"
        >
          <SearchIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" color="inherit" aria-label={messages.close} onClick={() => close({ returnFocus: true })}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {tab && (
        <SearchDropdown
          ids={ids}
          tab={tab}
          titles={titleView}
          people={peopleView}
          showMoreHref={showMore ? fullSearchHref(query) : null}
          active={active}
          onTab={(t: ResultTab) => selectTab(t)}
          onActivate={setActive}
          onChoose={() => close()}
        />
      )}
      <Box role="status" className="visually-hidden" data-testid="search-status">
        {announcement}
      </Box>
    </Box>
  );
}

export default withMui(SearchPanel);
