import { afterEach, describe, expect, it } from 'vitest';
import { createRtlCache } from './emotion-cache';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the browser cache adopting the server-written styles', () => {
  it('keeps them where they stand and knows their rules are in the page', () => {
    document.head.innerHTML =
      '<style data-emotion="muirtl-global 1g"></style><style data-emotion="muirtl 1a 2b">.muirtl-1a{color:red}.muirtl-2b{color:blue}</style><link rel="icon" href="/favicon.svg">';
    const [globalTag, cacheTag] = [...document.head.querySelectorAll('style')];
    let moved = false;
    new MutationObserver(() => (moved = true)).observe(document.head, { childList: true });
    const cache = createRtlCache();
    expect(cache.sheet.tags).toEqual([cacheTag]);
    expect(cache.inserted).toMatchObject({ '1a': true, '2b': true });
    return Promise.resolve().then(() => {
      expect(moved).toBe(false);
      expect(document.head.firstElementChild).toBe(globalTag);
      expect(document.head.children[1]).toBe(cacheTag);
    });
  });

  it('puts the styles it writes itself after the adopted ones', () => {
    document.head.innerHTML = '<style data-emotion="muirtl 1a">.muirtl-1a{color:red}</style><link rel="icon" href="/favicon.svg">';
    const cache = createRtlCache();
    cache.insert('.muirtl-9z', { name: '9z', styles: 'color:green;', next: undefined }, cache.sheet, true);
    const styles = [...document.head.querySelectorAll('style')];
    expect(styles).toHaveLength(2);
    expect(styles[1]!.previousElementSibling).toBe(styles[0]);
    expect(cache.inserted['9z']).toBe(true);
  });
});
