import { describe, expect, it } from 'vitest';
import { initialSearchState, searchReducer, tabOfStage, type SearchAction, type SearchState } from './search-stage';

const run = (actions: SearchAction[], from: SearchState = initialSearchState) => actions.reduce(searchReducer, from);

describe('search stages (spec §4)', () => {
  it('starts in the menu stage with the dropdown hidden', () => {
    expect(initialSearchState).toMatchObject({ menuStage: 'menu', stage: 'start', query: '' });
  });

  it('opening moves the menu to its search stage, the dropdown still at start', () => {
    const s = run([{ type: 'open', at: 1000 }]);
    expect(s).toMatchObject({ menuStage: 'search', stage: 'start', openedAt: 1000 });
    // Opening again keeps the text and the moment it opened.
    expect(run([{ type: 'input', value: 'پد' }, { type: 'open', at: 2000 }], s)).toMatchObject({ query: 'پد', openedAt: 1000 });
  });

  it('a non-empty input moves to titleResults; an empty one back to start', () => {
    const typed = run([{ type: 'open', at: 0 }, { type: 'input', value: 'پ' }]);
    expect(typed.stage).toBe('titleResults');
    expect(run([{ type: 'input', value: '' }], typed).stage).toBe('start');
    expect(run([{ type: 'input', value: '   ' }], typed).stage).toBe('start');
  });

  it('the people tab is personResults and stays while the text is refined', () => {
    const people = run([{ type: 'open', at: 0 }, { type: 'input', value: 'نو' }, { type: 'selectTab', tab: 'people' }]);
    expect(people.stage).toBe('personResults');
    expect(run([{ type: 'input', value: 'نول' }], people).stage).toBe('personResults');
    expect(run([{ type: 'selectTab', tab: 'titles' }], people).stage).toBe('titleResults');
    // Emptying the field still goes back to start, and a new text starts on titles.
    expect(run([{ type: 'input', value: '' }, { type: 'input', value: 'ب' }], people).stage).toBe('titleResults');
  });

  it('tabs do nothing while the dropdown is hidden', () => {
    expect(run([{ type: 'open', at: 0 }, { type: 'selectTab', tab: 'people' }]).stage).toBe('start');
  });

  it('closing returns to the menu stage and forgets the text', () => {
    const s = run([{ type: 'open', at: 5 }, { type: 'input', value: 'breaking' }, { type: 'close' }]);
    expect(s).toEqual(initialSearchState);
  });

  it('maps stages to tabs', () => {
    expect(tabOfStage('start')).toBeNull();
    expect(tabOfStage('titleResults')).toBe('titles');
    expect(tabOfStage('personResults')).toBe('people');
  });
});
