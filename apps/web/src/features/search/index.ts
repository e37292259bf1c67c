// The shell's entry to the header search. Only these small parts load with the first page;
// the panel (field, dropdown, queries) is fetched on first open.
export { HeaderSearch, preloadSearchPanel } from './components/header-search';
export { SearchToggle } from './components/search-toggle';
export { useSearchStore } from './stores/search-store';
