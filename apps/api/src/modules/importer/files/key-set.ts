/**
 * A set of IMDb ids by their number (tt0000123 → 123, nm… likewise), kept as a bitmap outside the
 * JS heap: one bit a possible id. IMDb's ids run to about 40 million today, so a set of every
 * title the import keeps, or of every person it credits, costs ~5 MB whatever its size, where a
 * `Set` of id strings cost ~80 bytes an id (~370 MB for IMDb's 4.6M credited people) and slowed
 * the collector down as it grew. Ids past 2^31 (none yet) go to a small ordinary set.
 */
const BITMAP_LIMIT = 2 ** 31;

export class KeySet {
  private bits = new Uint8Array(1 << 16);
  private readonly beyond = new Set<number>();
  size = 0;

  add(key: number): void {
    if (!(key >= 0) || !Number.isInteger(key)) return;
    if (key >= BITMAP_LIMIT) {
      if (!this.beyond.has(key)) {
        this.beyond.add(key);
        this.size++;
      }
      return;
    }
    const byte = key >>> 3;
    if (byte >= this.bits.length) {
      let length = this.bits.length;
      while (length <= byte) length *= 2;
      const grown = new Uint8Array(length);
      grown.set(this.bits);
      this.bits = grown;
    }
    const bit = 1 << (key & 7);
    if ((this.bits[byte]! & bit) === 0) {
      this.bits[byte] = this.bits[byte]! | bit;
      this.size++;
    }
  }

  has(key: number): boolean {
    if (key >= BITMAP_LIMIT) return this.beyond.has(key);
    if (!(key >= 0)) return false;
    const byte = key >>> 3;
    return byte < this.bits.length && (this.bits[byte]! & (1 << (key & 7))) !== 0;
  }

  /** By id text: `tt0000123`, `nm0000042`. */
  addId(id: string): void {
    this.add(idNumber(id));
  }

  hasId(id: string): boolean {
    return this.has(idNumber(id));
  }
}

/** The number of an IMDb id (`tt0000123` → 123); NaN for text that is not one. */
export function idNumber(id: string): number {
  return id.length > 2 ? Number(id.slice(2)) : Number.NaN;
}
