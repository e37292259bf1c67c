/**
 * A small LRU, optionally time-bounded: public answers (micro-cache) and rows kept with the search
 * index. Optionally bounded by weight too: each entry weighs what `set` is told (1 by default),
 * and the oldest leave while the entries weigh more than `maxWeight`.
 */
export class Lru<V> {
  private map = new Map<string, { v: V; at: number; weight: number }>();
  private weight = 0;
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (Date.now() - e.at > this.ttlMs) {
      this.delete(key);
      return undefined;
    }
    this.map.delete(key);
    this.map.set(key, e);
    return e.v;
  }

  set(key: string, v: V, weight = 1) {
    this.delete(key);
    // One entry heavier than the whole bound is not kept at all.
    if (weight > this.maxWeight) return;
    this.map.set(key, { v, at: Date.now(), weight });
    this.weight += weight;
    while (this.map.size > this.max || this.weight > this.maxWeight) this.delete(this.map.keys().next().value!);
  }

  delete(key: string) {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    this.weight -= e.weight;
  }

  clear() {
    this.map.clear();
    this.weight = 0;
  }

  get size(): number {
    return this.map.size;
  }

  /** What the entries weigh together. */
  get totalWeight(): number {
    return this.weight;
  }
}
