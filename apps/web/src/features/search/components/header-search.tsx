import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { lazyComponent } from '../../../lib/lazy-route';

const loadSearchPanel = () => import('./search-panel');
const SearchPanel = lazyComponent(loadSearchPanel);

/** Fetch the panel's code early, e.g. when the pointer reaches the search icon. */
export const preloadSearchPanel = (): void => {
  loadSearchPanel().catch(() => {
    // The real load (through lazyComponent) handles a failed chunk; a hint may fail quietly.
  });
};

/** The search stage of the header: the panel, loaded on first open. */
export function HeaderSearch() {
  return (
    <Suspense fallback={<Box aria-hidden="true" sx={{ flex: 1, maxWidth: 720, height: 44, borderRadius: 6, bgcolor: 'action.hover' }} />}>
      <SearchPanel />
    </Suspense>
  );
}
