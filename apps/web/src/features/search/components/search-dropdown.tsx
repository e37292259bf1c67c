import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { PersonSearchResult, TitleSearchResult } from '@parde/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { mobileMedia } from '../../../theme/media';
import type { ListView } from '../lib/list-view';
import type { ResultTab } from '../lib/search-stage';
import { messages } from '../messages';
import { PersonResult } from './person-result';
import { NothingFound, ResultsNote } from './result-states';
import { ResultOption } from './result-option';
import { TitleResult } from './title-result';

export type DropdownIds = {
  dropdown: string;
  tab: (t: ResultTab) => string;
  panel: (t: ResultTab) => string;
  listbox: (t: ResultTab) => string;
  option: (t: ResultTab, i: number) => string;
};

type Props = {
  ids: DropdownIds;
  tab: ResultTab;
  titles: ListView<TitleSearchResult>;
  people: ListView<PersonSearchResult>;
  showMoreHref: string | null;
  active: number;
  onTab: (tab: ResultTab) => void;
  onActivate: (index: number) => void;
  onChoose: () => void;
};

/** Mobile: the dropdown fills the screen between the header and the bottom bar. */
const MOBILE_CHROME = { xs: 'calc(100dvh - 57px - 56px - env(safe-area-inset-bottom))', sm: 'calc(100dvh - 65px - 56px - env(safe-area-inset-bottom))' };

/** The results dropdown (spec §2): a titles tab and a people tab, each a listbox. */
export function SearchDropdown({ ids, tab, titles, people, showMoreHref, active, onTab, onActivate, onChoose }: Props) {
  const view = tab === 'titles' ? titles : people;
  const busy = view.kind === 'loading' || (view.kind === 'results' && view.busy);
  return (
    <Paper
      id={ids.dropdown}
      data-testid="search-dropdown"
      elevation={8}
      sx={(t) => ({
        position: 'absolute',
        top: 'calc(100% + 8px)',
        insetInline: 0,
        zIndex: 1,
        display: 'flex',
        flexDirection: 'column',
        maxHeight: 'calc(100dvh - 96px)',
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        [mobileMedia]: {
          top: 'calc(100% + 1px)',
          borderRadius: 0,
          border: 0,
          maxHeight: 'none',
          height: MOBILE_CHROME.xs,
          [t.breakpoints.up('sm')]: { height: MOBILE_CHROME.sm },
        },
      })}
    >
      <Tabs
        value={tab}
        onChange={(_, value: ResultTab) => onTab(value)}
        aria-label={messages.tabsLabel}
        variant="fullWidth"
        textColor="inherit"
        indicatorColor="secondary"
        sx={{ flexShrink: 0, borderBottom: 1, borderColor: 'divider', minHeight: 44, '& .MuiTab-root': { minHeight: 44 } }}
      >
        <Tab value="titles" label={messages.tabTitles} id={ids.tab('titles')} aria-controls={ids.panel('titles')} />
        <Tab value="people" label={messages.tabPeople} id={ids.tab('people')} aria-controls={ids.panel('people')} />
      </Tabs>
      <Box sx={{ height: 2, flexShrink: 0 }}>{busy && <LinearProgress color="secondary" aria-hidden="true" sx={{ height: 2 }} />}</Box>
      <Box sx={{ overflowY: 'auto', overscrollBehavior: 'contain', flex: 1 }}>
        {(['titles', 'people'] as const).map((t) => (
          <Box key={t} role="tabpanel" id={ids.panel(t)} aria-labelledby={ids.tab(t)} hidden={t !== tab}>
            {t === tab &&
              (t === 'titles' ? (
                <ListBody
                  view={titles}
                  listboxId={ids.listbox('titles')}
                  label={messages.titlesListLabel}
                  render={(item, i) => (
                    <ResultOption
                      key={item.id}
                      id={ids.option('titles', i)}
                      href={item.path}
                      active={i === active}
                      onSelect={onChoose}
                      onHover={() => onActivate(i)}
                    >
                      <TitleResult title={item} />
                    </ResultOption>
                  )}
                  footer={
                    showMoreHref && (
                      <Link
                        component={RouterLink}
                        to={showMoreHref}
                        onClick={onChoose}
                        data-testid="search-show-more"
                        sx={{ display: 'block', py: 1.5, textAlign: 'center', fontWeight: 700, color: 'text.primary', borderTop: 1, borderColor: 'divider' }}
                      >
                        {messages.showMore}
                      </Link>
                    )
                  }
                />
              ) : (
                <ListBody
                  view={people}
                  listboxId={ids.listbox('people')}
                  label={messages.peopleListLabel}
                  render={(item, i) => (
                    <ResultOption
                      key={item.id}
                      id={ids.option('people', i)}
                      href={item.path}
                      active={i === active}
                      onSelect={onChoose}
                      onHover={() => onActivate(i)}
                    >
                      <PersonResult person={item} />
                    </ResultOption>
                  )}
                />
              ))}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

type ListBodyProps<T> = {
  view: ListView<T>;
  listboxId: string;
  label: string;
  render: (item: T, index: number) => ReactNode;
  footer?: ReactNode;
};

function ListBody<T>({ view, listboxId, label, render, footer }: ListBodyProps<T>) {
  switch (view.kind) {
    case 'typeMore':
      return <ResultsNote>{messages.typeMore}</ResultsNote>;
    case 'loading':
      return <ResultsNote testId="search-loading">{messages.searching}</ResultsNote>;
    case 'failed':
      return <ResultsNote>{messages.failed}</ResultsNote>;
    case 'empty':
      return <NothingFound />;
    case 'results':
      return (
        <>
          <Box role="listbox" id={listboxId} aria-label={label} sx={{ py: 0.5 }}>
            {view.items.map(render)}
          </Box>
          {footer}
        </>
      );
  }
}
