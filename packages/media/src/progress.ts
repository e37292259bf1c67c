/**
 * One percentage from several steps of unequal cost, so that the command line's bar and the
 * admin panel's number come from the same source and never go backwards.
 */
export class WeightedProgress {
  private readonly total: number;
  private readonly done: number[];
  private reported = -1;

  /**
   * @param weights relative cost of each step, in the order they run
   * @param report receives whole percentages, each larger than the last; 100 only from {@link finish}
   */
  constructor(
    private readonly weights: readonly number[],
    private readonly report: ((percent: number) => void) | undefined,
  ) {
    this.total = weights.reduce((sum, w) => sum + w, 0) || 1;
    this.done = weights.map(() => 0);
  }

  /** Reports 0, so a listener knows the job has started before the first slow step moves. */
  start(): void {
    this.emit(0);
  }

  /** Sets how far step `index` has come, from 0 to 1; out-of-range and backward values are ignored. */
  update(index: number, fraction: number): void {
    if (!(fraction > 0)) return;
    this.done[index] = Math.max(this.done[index] ?? 0, Math.min(1, fraction));
    const sum = this.done.reduce((acc, f, i) => acc + f * (this.weights[i] ?? 0), 0);
    // 100 means "the output is in place", which only finish() knows.
    this.emit(Math.min(99, Math.floor((sum / this.total) * 100)));
  }

  /** Marks the job finished and reports 100. */
  finish(): void {
    this.emit(100);
  }

  private emit(percent: number): void {
    if (percent <= this.reported) return;
    this.reported = percent;
    this.report?.(percent);
  }
}
