import { tehranWallTime } from '@parde/persian';
import type { Db } from '../../db/client';
import { DailyCountsRepository } from './daily-counts.repository';

const repo = new DailyCountsRepository();

/** What the dashboard counts per day besides what other tables already say. */
export type DailyMetric = 'plays' | 'searches';

/** How often a process writes what it counted. */
const FLUSH_MS = 5_000;
/** Distinct missed queries kept between two writes; past it new ones wait for the next interval. */
const MAX_MISSES = 5_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** Tehran's calendar day of an instant, `2026-11-26`. */
export function tehranDay(at: Date | number = Date.now()): string {
  const w = tehranWallTime(at);
  return `${w.gy}-${pad(w.gm)}-${pad(w.gd)}`;
}

/**
 * Plays and searches are counted in memory and written every few seconds in one statement per
 * table (an upsert that adds), so a search costs a map increment, not a database write. A process
 * that stops writes what it holds; a failed write keeps the counts for the next try.
 */
export class DailyCounts {
  private counts = new Map<string, number>();
  private misses = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private minute = -1;
  private day = '';
  private closed = false;

  constructor(private readonly db: Db) {}

  private today(): string {
    const now = Date.now();
    const minute = Math.floor(now / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.day = tehranDay(now);
    }
    return this.day;
  }

  private schedule() {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush().catch(() => {});
    }, FLUSH_MS);
    this.timer.unref();
  }

  add(metric: DailyMetric, n = 1): void {
    const key = `${this.today()}|${metric}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
    this.schedule();
  }

  /** A search (already normalised) that found nothing. */
  miss(query: string): void {
    if (!query) return;
    const key = `${this.today()}|${query}`;
    const cur = this.misses.get(key);
    if (cur === undefined && this.misses.size >= MAX_MISSES) return;
    this.misses.set(key, (cur ?? 0) + 1);
    this.schedule();
  }

  /** Writes what was counted so far; the dashboard calls it first, so it reads this process's latest. */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => {}).then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    const counts = this.counts;
    const misses = this.misses;
    if (counts.size === 0 && misses.size === 0) return;
    this.counts = new Map();
    this.misses = new Map();
    try {
      if (counts.size > 0) {
        await repo.addDailyCounts(this.db, counts);
      }
    } catch (err) {
      this.restore(counts, misses);
      throw err;
    }
    try {
      if (misses.size > 0) {
        await repo.addSearchMisses(this.db, misses);
      }
    } catch (err) {
      this.restore(new Map(), misses);
      throw err;
    }
  }

  private restore(counts: Map<string, number>, misses: Map<string, number>) {
    for (const [k, v] of counts) this.counts.set(k, (this.counts.get(k) ?? 0) + v);
    for (const [k, v] of misses) if (this.misses.has(k) || this.misses.size < MAX_MISSES) this.misses.set(k, (this.misses.get(k) ?? 0) + v);
    this.schedule();
  }

  /** Stops the timer and writes the rest (the app closing). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush().catch(() => {});
  }
}

const byDb = new WeakMap<Db, DailyCounts>();

/** The one counter of a database in this process (the play route, the search hook and the dashboard share it). */
export function dailyCounts(db: Db): DailyCounts {
  let c = byDb.get(db);
  if (!c) byDb.set(db, (c = new DailyCounts(db)));
  return c;
}
