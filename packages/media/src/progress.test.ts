import { describe, expect, it } from 'vitest';
import { WeightedProgress } from './progress';

describe('WeightedProgress', () => {
  it('weighs steps by cost, only ever rises, and reaches 100 only when finished', () => {
    const seen: number[] = [];
    const progress = new WeightedProgress([90, 5, 5], (p) => seen.push(p));
    progress.start();
    progress.update(0, 0.5);
    progress.update(0, 0.4); // ffmpeg's clock never runs back, but a late line must not pull the bar back
    progress.update(0, 2); // a dub longer than the film reports past its end
    progress.update(1, 1);
    progress.update(2, 1);
    expect(seen).toEqual([0, 45, 90, 95, 99]);
    progress.finish();
    progress.finish();
    expect(seen).toEqual([0, 45, 90, 95, 99, 100]);
  });

  it('reports each percentage once and works without a listener', () => {
    const seen: number[] = [];
    const progress = new WeightedProgress([1], (p) => seen.push(p));
    for (let i = 0; i <= 1000; i++) progress.update(0, i / 1000);
    expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => i)); // 0 to 99, each once
    expect(() => new WeightedProgress([1], undefined).update(0, 0.5)).not.toThrow();
  });
});
