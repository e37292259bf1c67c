import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('drops the least recently used past its count', () => {
    const lru = new Lru<number>(2, Number.POSITIVE_INFINITY);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
  });

  it('bounded by weight, drops the oldest until the rest fit, and keeps its sum right through replaces and deletes', () => {
    const lru = new Lru<string>(100, Number.POSITIVE_INFINITY, 100);
    lru.set('a', 'x', 40);
    lru.set('b', 'y', 40);
    lru.set('a', 'x2', 30); // replaced: 30 + 40, and now the newer of the two
    expect(lru.totalWeight).toBe(70);
    lru.set('c', 'z', 50); // 120 > 100: b, the oldest, leaves
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual(['x2', undefined, 'z']);
    expect(lru.totalWeight).toBe(80);
    lru.delete('a');
    expect([lru.size, lru.totalWeight]).toEqual([1, 50]);
    // Heavier than the whole bound: not kept, and nothing else is pushed out for it.
    lru.set('huge', 'h', 101);
    expect([lru.get('huge'), lru.get('c'), lru.totalWeight]).toEqual([undefined, 'z', 50]);
    lru.clear();
    expect([lru.size, lru.totalWeight]).toEqual([0, 0]);
  });

  it('forgets an entry past its time, and its weight with it', () => {
    const lru = new Lru<string>(10, -1, 100);
    lru.set('a', 'x', 60);
    expect(lru.get('a')).toBeUndefined();
    expect(lru.totalWeight).toBe(0);
  });
});
