/**
 * What each API process keeps of the catalogue — the search index, public answers, pages drawn
 * for visitors, list totals — is kept under one catalogue version: `search_index_state.version`,
 * which every catalogue change (an import, an operator's edit) increments in its transaction.
 *
 * One {@link Catalogue} per app (`app.catalogue`, made in app.ts) asks for the version every
 * second; when it moved, the search index is reloaded and swapped in first, then every keeper
 * forgets. An answer computed while the version moved is not kept (see
 * {@link Catalogue.generation}), so nothing older than the change is served after it.
 */
import type pg from 'pg';
import { readCatalogueVersion } from '../db/catalogue-version-store';
import { Lru } from './lru';

type Listener = () => void;

/** A public answer the response micro-cache keeps (plugins/public-cache.ts). */
export interface KeptAnswer {
  payload: string;
  etag: string;
  contentType: string;
}

/** A list's total, and whether it is the database's estimate rather than a count (decision 42). */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

/** What the catalogue's lists keep between two changes (the catalogue repository reads and fills them). */
export interface ListCaches {
  /** Totals for paging, by filter. */
  totals: Lru<ListTotal>;
  /** Genre ids by slug, for the list filter. */
  genreIds: Map<string, number>;
  /** Genres' Persian names by id, which cards carry (a card's row has only its genres' ids, 0026). */
  genreNames: Map<number, string>;
  /** Changes with every catalogue change: what was read before it must not be kept after it. */
  generation(): number;
}

export interface CatalogueOptions {
  /**
   * Asks whether the version moved since the last look, having reloaded the search index first
   * when it did. app.ts hands the search module's check over: this core file knows no module.
   */
  versionMoved: () => Promise<boolean>;
  /** How often to ask once started; 0 makes no timer (asks only on {@link Catalogue.check}). */
  intervalMs: number;
  onError: (err: unknown) => void;
  /** How long, how many and how many bytes of public answers are kept (RESPONSE_CACHE_MS, _ENTRIES, _MB). */
  responses: { ttlMs: number; maxEntries: number; maxBytes?: number };
  /**
   * With a read replica (DATABASE_READ_URL), what a keeper reads again right after a change may
   * come from a replica still a few milliseconds behind, and would then be kept until the next
   * change. `settle` resolves once the replica has the change; the keepers forget once more then.
   */
  settle?: () => Promise<void>;
}

/** The apps of this process (usually one; tests build several), for {@link catalogueChangedHere}. */
const live = new Set<Catalogue>();

/** The catalogue version as one app sees it, and everything the app keeps under it. */
export class Catalogue implements ListCaches {
  /**
   * Totals for paging change only with the catalogue (every change clears them, in every process
   * within a second), so they are kept long and many: a filtered count is the costliest read of a
   * list (~50 ms for a genre and a year at 100,000 titles, against ~7 ms for the page itself), and
   * the filters people combine (genre × country × year × type) run to thousands. ~100 bytes each.
   */
  readonly totals = new Lru<ListTotal>(50_000, 30 * 60_000);
  /** Genre ids by slug, for the list filter: a known id lets the planner read the genre's statistics. */
  readonly genreIds = new Map<string, number>();
  /** Every genre's Persian name by id, read at once when a card first needs one (a few dozen). */
  readonly genreNames = new Map<number, string>();
  /** Public answers, serialized, for a few seconds (plugins/public-cache.ts). */
  readonly responses: Lru<KeptAnswer>;

  private readonly listeners = new Set<Listener>();
  private keepers = 0;
  private running?: Promise<boolean>;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly opts: CatalogueOptions) {
    this.responses = new Lru<KeptAnswer>(Math.max(1, opts.responses.maxEntries), Math.max(1, opts.responses.ttlMs), opts.responses.maxBytes);
    this.onChange(() => {
      this.totals.clear();
      this.genreIds.clear();
      this.genreNames.clear();
      this.responses.clear();
    });
    live.add(this);
  }

  /** Registers something else that keeps catalogue answers and must forget them on a change. */
  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The keepers' generation: take it before computing an answer, keep the answer only if unchanged. */
  generation(): number {
    return this.keepers;
  }

  private forget(): void {
    this.keepers++;
    for (const l of this.listeners) l();
  }

  /** Every keeper forgets (this process changed the catalogue, or another did). */
  changed(): void {
    this.forget();
    const settle = this.opts.settle;
    if (settle) void settle().then(
      () => this.forget(),
      () => this.forget(),
    );
  }

  /** Asks for the version now (tests; a change made by this process); true when it had moved. */
  check(): Promise<boolean> {
    return (this.running ??= this.opts
      .versionMoved()
      .then((moved) => {
        if (moved) this.changed();
        return moved;
      })
      .finally(() => {
        this.running = undefined;
      }));
  }

  /**
   * Starts asking every `intervalMs`: once the schema is there (the app calls it when it is
   * ready, after the migrations), since on a fresh database the table only exists then. The
   * first look is taken at once and resolves the promise: it notes the version this app starts
   * from, so a change made before the first tick is not taken for the starting point (the search
   * index may already have been reloaded for it, by a search, when the tick comes).
   */
  start(): Promise<void> {
    if (this.stopped || this.timer || this.opts.intervalMs <= 0) return Promise.resolve();
    this.timer = setInterval(() => {
      this.check().catch(this.opts.onError);
    }, this.opts.intervalMs);
    this.timer.unref();
    return this.check().then(() => undefined, this.opts.onError);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    live.delete(this);
  }
}

/**
 * For code that changes the catalogue with no app at hand — the importer and media ingest, which
 * the command line and the app's jobs share: every app of this process forgets at once. (Each app
 * would see the change by its version within seconds anyway; this is what makes it at once.)
 */
export function catalogueChangedHere(): void {
  for (const catalogue of live) catalogue.changed();
}

/**
 * Resolves once `replica` has the catalogue version `primary` has now (or after `maxMs`): a
 * replica's answers read after it include the change.
 */
export async function replicaCaughtUp(primary: pg.Pool, replica: pg.Pool, maxMs = 10_000, stepMs = 50): Promise<void> {
  const versionOn = readCatalogueVersion;
  const target = await versionOn(primary);
  const until = Date.now() + maxMs;
  while ((await versionOn(replica)) < target && Date.now() < until) await new Promise((r) => setTimeout(r, stepMs));
}
