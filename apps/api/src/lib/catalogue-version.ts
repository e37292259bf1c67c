/**
 * What each API process keeps of the catalogue — the search index, public answers, pages drawn
 * for visitors, list totals — is kept under one catalogue version: `search_index_state.version`,
 * which every catalogue change (an import, an operator's edit) increments in its transaction.
 *
 * Each process asks for the version every second; when it moved, the search index is reloaded
 * and swapped in first, then every keeper forgets. An answer computed while the version moved is
 * not kept (see {@link keepingGeneration}), so nothing older than the change is served after it.
 */
import type pg from 'pg';
import { reloadSearchIndexIfChanged } from '../modules/search/memory-index';

type Listener = () => void;
const listeners = new Set<Listener>();
let generation = 0;

/** Registers something that keeps catalogue answers and must forget them on a change. */
export function onCatalogueChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The keepers' generation: take it before computing an answer, keep the answer only if unchanged. */
export const keepingGeneration = () => generation;

function forget(): void {
  generation++;
  for (const l of listeners) l();
}

/**
 * With a read replica (DATABASE_READ_URL), what a keeper reads again right after a change may
 * come from a replica still a few milliseconds behind, and would then be kept until the next
 * change. `settle` resolves once the replica has the change; the keepers forget once more then.
 */
let settle: (() => Promise<void>) | undefined;
export function settleCatalogueWith(fn: (() => Promise<void>) | undefined): void {
  settle = fn;
}

/** Every keeper forgets (this process changed the catalogue, or another did). */
export function catalogueChanged(): void {
  forget();
  if (settle) void settle().then(forget, forget);
}

/**
 * Resolves once `replica` has the catalogue version `primary` has now (or after `maxMs`): a
 * replica's answers read after it include the change.
 */
export async function replicaCaughtUp(primary: pg.Pool, replica: pg.Pool, maxMs = 10_000, stepMs = 50): Promise<void> {
  const versionOn = async (pool: pg.Pool) =>
    Number((await pool.query<{ version: number }>('SELECT version FROM search_index_state WHERE id = 1')).rows[0]?.version ?? 0);
  const target = await versionOn(primary);
  const until = Date.now() + maxMs;
  while ((await versionOn(replica)) < target && Date.now() < until) await new Promise((r) => setTimeout(r, stepMs));
}

export interface CatalogueWatcher {
  /** Checks now (tests; a change made by this process). */
  check(): Promise<boolean>;
  /** Starts polling: once the schema is there (the app calls it when it is ready, after the migrations). */
  start(): void;
  stop(): void;
}

/**
 * Polls the version on `pool` every `intervalMs` once started; 0 makes no timer (checks only when
 * asked). Nothing is asked before {@link CatalogueWatcher.start}: on a fresh database the table is
 * only there once the migrations have run.
 */
export function watchCatalogue(pool: pg.Pool, intervalMs: number, onError: (err: unknown) => void): CatalogueWatcher {
  let running: Promise<boolean> | undefined;
  const check = () =>
    (running ??= reloadSearchIndexIfChanged(pool)
      .then((changed) => {
        if (changed) catalogueChanged();
        return changed;
      })
      .finally(() => {
        running = undefined;
      }));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  return {
    check,
    start: () => {
      if (stopped || timer || intervalMs <= 0) return;
      timer = setInterval(() => {
        check().catch(onError);
      }, intervalMs);
      timer.unref();
    },
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
