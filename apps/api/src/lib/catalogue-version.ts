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

/** Every keeper forgets (this process changed the catalogue, or another did). */
export function catalogueChanged(): void {
  generation++;
  for (const l of listeners) l();
}

export interface CatalogueWatcher {
  /** Checks now (tests; a change made by this process). */
  check(): Promise<boolean>;
  stop(): void;
}

/** Polls the version on `pool`; `intervalMs` 0 makes no timer (checks only when asked). */
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
  const timer =
    intervalMs > 0
      ? setInterval(() => {
          check().catch(onError);
        }, intervalMs)
      : undefined;
  timer?.unref();
  return {
    check,
    stop: () => clearInterval(timer),
  };
}
