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

/** The search stage of the header: the panel, loaded on first open (its place held meanwhile). */
export function HeaderSearch() {
  return (
    <Suspense fallback={<div aria-hidden="true" className="p-header__search-placeholder" />}>
      <SearchPanel />
    </Suspense>
  );
}
