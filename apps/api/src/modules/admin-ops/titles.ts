import type { AdminTitlePick } from '@parde/contract';
import type pg from 'pg';
import type { ImageUrls } from '../../lib/urls';
import { parseImdb } from '../requests/requests.service';
import { searchIds } from '../search/search.service';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { toTitleCard } from '../catalogue/catalogue.mapper';

const PICKS = 12;

/** Catalogue titles as the panel picks them: the card, the IMDb id and whether visitors see it. */
export async function titlePicks(pool: pg.Pool, ids: number[], img: ImageUrls): Promise<AdminTitlePick[]> {
  if (ids.length === 0) return [];
  const catalogue = new CatalogueRepository(pool);
  const [cards, flags] = await Promise.all([
    catalogue.cardsByIds(ids),
    pool.query<{ id: number; imdb_id: string; published: boolean }>('SELECT id, imdb_id, published FROM titles WHERE id = ANY($1::int[])', [ids]),
  ]);
  const byId = new Map(flags.rows.map((r) => [r.id, r]));
  return cards.map((c) => ({ ...toTitleCard(c, img), imdbId: byId.get(c.id)?.imdb_id ?? '', published: byId.get(c.id)?.published ?? true }));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Titles for a name or an IMDb id or link: the site's own search first (typos and Persian
 * spellings), then names containing the text (a title added a moment ago, not yet indexed).
 */
export async function pickTitles(pool: pg.Pool, q: string, img: ImageUrls): Promise<AdminTitlePick[]> {
  const imdb = parseImdb(q);
  if (imdb) {
    const { rows } = await pool.query<{ id: number }>('SELECT id FROM titles WHERE imdb_id = $1', [imdb.imdbId]);
    return titlePicks(pool, rows.map((r) => r.id), img);
  }
  const ids = (await searchIds(pool, 'titles', q, { limit: PICKS })).map((h) => h.id);
  if (ids.length < PICKS) {
    const like = `%${escapeLike(q)}%`;
    const { rows } = await pool.query<{ id: number }>(
      `SELECT id FROM titles WHERE (title_en ILIKE $1 OR title_fa ILIKE $1) AND NOT (id = ANY($2::int[])) ORDER BY votes DESC, id LIMIT $3`,
      [like, ids, PICKS - ids.length],
    );
    ids.push(...rows.map((r) => r.id));
  }
  return titlePicks(pool, ids, img);
}
