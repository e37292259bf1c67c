import type { Db } from '../../db/client';
import { bumpCatalogueVersion } from '../../db/catalogue-version-store';
import type { Tx } from '../../db/executor';
import type { Catalogue } from '../../lib/catalogue-version';
import { searchIndexChanged } from '../search/memory-index';

/** One operator's change: every statement of it, and its audit entry, on the one transaction. */
export interface CatalogueTx {
  db: Tx;
}

/**
 * Runs a catalogue change in one transaction and, in it, moves the catalogue version
 * (`search_index_state.version`): every API process reloads its search index and forgets the
 * public answers it kept within a second or two (lib/catalogue-version.ts). This app forgets at
 * once, after the commit, so the operator's next look at the site already shows the change.
 */
export async function catalogueChange<T>(db: Db, catalogue: Pick<Catalogue, 'changed'>, change: (tx: CatalogueTx) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const done = await change({ db: tx });
    await bumpCatalogueVersion(tx);
    return done;
  });
  searchIndexChanged();
  catalogue.changed();
  return result;
}
