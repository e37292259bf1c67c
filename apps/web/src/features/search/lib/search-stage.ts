/**
 * Spec §4, the header menu: a menu stage and a search stage; inside the search stage the
 * dropdown is hidden (`start`) or shows the titles tab or the people tab.
 */
export type MenuStage = 'menu' | 'search';
export type DropdownStage = 'start' | 'titleResults' | 'personResults';
export type ResultTab = 'titles' | 'people';

export type SearchState = {
  menuStage: MenuStage;
  stage: DropdownStage;
  /** The text in the field, as typed. */
  query: string;
  /** `Date.now()` when the search stage opened: the mobile focus delay counts from there. */
  openedAt: number;
};

export type SearchAction =
  | { type: 'open'; at: number }
  | { type: 'close' }
  | { type: 'input'; value: string }
  | { type: 'selectTab'; tab: ResultTab };

export const initialSearchState: SearchState = { menuStage: 'menu', stage: 'start', query: '', openedAt: 0 };

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'open':
      return state.menuStage === 'search' ? state : { ...initialSearchState, menuStage: 'search', openedAt: action.at };
    case 'close':
      return initialSearchState;
    case 'input': {
      const empty = action.value.trim() === '';
      // Refining the text keeps the people tab open: jumping back to titles on every key
      // would take the list away from under the reader.
      const stage = empty ? 'start' : state.stage === 'start' ? 'titleResults' : state.stage;
      return { ...state, menuStage: 'search', query: action.value, stage };
    }
    case 'selectTab':
      if (state.stage === 'start') return state;
      return { ...state, stage: action.tab === 'titles' ? 'titleResults' : 'personResults' };
  }
}

export const tabOfStage = (stage: DropdownStage): ResultTab | null =>
  stage === 'titleResults' ? 'titles' : stage === 'personResults' ? 'people' : null;
