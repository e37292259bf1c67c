import { create } from 'zustand';
import { initialSearchState, searchReducer, type ResultTab, type SearchState } from '../lib/search-stage';

type SearchStore = SearchState & {
  /** Set by a close that should give focus back to the search icon (Escape, the close button). */
  returnFocus: boolean;
  open: () => void;
  close: (options?: { returnFocus?: boolean }) => void;
  input: (value: string) => void;
  selectTab: (tab: ResultTab) => void;
  focusReturned: () => void;
};

/**
 * The header's search state. Kept in the shell's first bundle (it is tiny) because the header
 * and the layout read it before the search panel's own code has loaded.
 */
export const useSearchStore = create<SearchStore>()((set) => ({
  ...initialSearchState,
  returnFocus: false,
  open: () => set((s) => searchReducer(s, { type: 'open', at: Date.now() })),
  close: (options) => set((s) => ({ ...searchReducer(s, { type: 'close' }), returnFocus: options?.returnFocus ?? false })),
  input: (value) => set((s) => searchReducer(s, { type: 'input', value })),
  selectTab: (tab) => set((s) => searchReducer(s, { type: 'selectTab', tab })),
  focusReturned: () => set({ returnFocus: false }),
}));
