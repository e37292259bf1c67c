import type { AdminTitlePick } from '@parde/contract';
import type { Database } from '../../db/client';
import type { ImageUrls } from '../../lib/urls';
import { parseImdb } from '../requests/requests.service';
import { searchIds } from '../search/search.service';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { toTitleCard } from '../catalogue/catalogue.mapper';
import { titleFlags, titleIdByImdb, titleIdsNamed } from './title-picks.repository';

const PICKS = 12;

type Deps = Pick<Database, 'db' | 'pool'>;

/** Catalogue titles as the panel picks them: the card, the IMDb id and whether visitors see it. */
export async function titlePicks(database: Deps, ids: number[], img: ImageUrls): Promise<AdminTitlePick[]> {
  if (ids.length === 0) return [];
  const catalogue = new CatalogueRepository(database.pool);
  const [cards, flags] = await Promise.all([catalogue.cardsByIds(ids), titleFlags(database.db, ids)]);
  const byId = new Map(flags.map((r) => [r.id, r]));
  return cards.map((c) => ({ ...toTitleCard(c, img), imdbId: byId.get(c.id)?.imdbId ?? '', published: byId.get(c.id)?.published ?? true }));
}

/**
 * Titles for a name or an IMDb id or link: the site's own search first (typos and Persian
 * spellings), then names containing the text (a title added a moment ago, not yet indexed).
 */
export async function pickTitles(database: Deps, q: string, img: ImageUrls): Promise<AdminTitlePick[]> {
  const imdb = parseImdb(q);
  if (imdb) return titlePicks(database, await titleIdByImdb(database.db, imdb.imdbId), img);
  const ids = (await searchIds(database.pool, 'titles', q, { limit: PICKS })).map((h) => h.id);
  if (ids.length < PICKS) ids.push(...(await titleIdsNamed(database.db, q, ids, PICKS - ids.length)));
  return titlePicks(database, ids, img);
}
