import type pg from 'pg';
import { kidsAnd } from '../catalogue/kids';

/**
 * What the server-drawn pages read: whether the thing an address names is there (published,
 * hidden, deleted), the head's link preview and structured data, and the sitemap. Every reader
 * here sees only published titles, as the public API does; a kids profile's session sees only
 * titles for children (decision 21).
 */

/** An ISO 8601 time in UTC, as sitemaps and schema.org take it. */
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', ${ISO})`;

export interface PageTitleRow {
  id: number;
  imdb_id: string;
  slug: string;
  type: 'movie' | 'series';
  title_fa: string | null;
  title_en: string;
  title_original: string | null;
  year: number | null;
  end_year: number | null;
  runtime: number | null;
  plot_fa: string | null;
  plot_en: string | null;
  age_rating: string | null;
  release_date: string | null;
  rating: number | null;
  votes: number;
  has_dub: boolean;
  is_free: boolean;
  coming_soon: boolean;
  trailer_youtube_id: string | null;
  trailer_duration: number | null;
  created_at: string;
  updated_at: string;
}

export interface PageCreditRow {
  id: number;
  slug: string;
  name_fa: string | null;
  name_en: string;
  role: 'actor' | 'director' | 'writer';
}

export interface PageEpisodeRow {
  season_number: number;
  episode_number: number;
  name_fa: string | null;
  name_en: string | null;
  year: number | null;
  runtime: number | null;
}

export interface PageTitleExtras {
  genres: string[];
  languages: string[];
  /** Persian names of the countries the title comes from. */
  countries: string[];
  credits: PageCreditRow[];
  /** Each season with its episode count (all of them, however many `episodes` lists). */
  seasons: { number: number; year: number | null; episodes: number }[];
  episodes: PageEpisodeRow[];
  /** The title's own video (a movie's, or a series' first episode with one), when it has one. */
  video: { duration_sec: number; created_at: string; episode_id: number | null } | null;
}

export interface PagePersonRow {
  id: number;
  imdb_id: string;
  slug: string;
  name_fa: string | null;
  name_en: string;
  bio_fa: string | null;
  bio_en: string | null;
  birth_year: number | null;
  death_year: number | null;
  professions: string[];
}

export interface PageCollectionRow {
  id: number;
  slug: string;
  title_fa: string;
  description_fa: string | null;
  first: number | null;
}

/** Episodes written into a series' structured data at most: a long-running series stays a page, not a book. */
export const EPISODES_IN_PAGE = 300;
/** People named in a title's structured data for each role (actors, directors, writers), by billing. */
export const PEOPLE_IN_PAGE = 10;

export class PreviewsRepository {
  constructor(private readonly pool: pg.Pool) {}

  async title(id: number, kids: boolean): Promise<PageTitleRow | undefined> {
    const { rows } = await this.pool.query<PageTitleRow>(
      `SELECT t.id, t.imdb_id, t.slug, t.type, t.title_fa, t.title_en, t.title_original, t.year, t.end_year, t.runtime,
              t.plot_fa, t.plot_en, t.age_rating, to_char(t.release_date, 'YYYY-MM-DD') AS release_date, t.rating, t.votes,
              t.has_dub, t.is_free, t.coming_soon, t.trailer_youtube_id, t.trailer_duration,
              ${iso('t.created_at')} AS created_at, ${iso('t.updated_at')} AS updated_at
       FROM titles t WHERE t.id = $1 AND t.published${kidsAnd(kids)}`,
      [id],
    );
    return rows[0];
  }

  /** Whether a published title (for a kids session, one for children) has this id and IMDb id. */
  async titleWatchable(id: number, imdbId: string, kids: boolean): Promise<boolean> {
    const { rows } = await this.pool.query(`SELECT 1 FROM titles t WHERE t.id = $1 AND t.imdb_id = $2 AND t.published${kidsAnd(kids)}`, [id, imdbId]);
    return rows.length > 0;
  }

  async titleByImdb(imdbId: string, kids: boolean): Promise<boolean> {
    const { rows } = await this.pool.query(`SELECT 1 FROM titles t WHERE t.imdb_id = $1 AND t.published${kidsAnd(kids)}`, [imdbId]);
    return rows.length > 0;
  }

  /** Whether a title with this id (and, when given, this IMDb id) was deleted from the catalogue. */
  async titleRemoved(by: { id: number; imdbId?: string } | { imdbId: string }): Promise<boolean> {
    const { rows } =
      'id' in by
        ? await this.pool.query('SELECT 1 FROM removed_titles WHERE id = $1 AND ($2::text IS NULL OR imdb_id = $2)', [by.id, by.imdbId ?? null])
        : await this.pool.query('SELECT 1 FROM removed_titles r WHERE r.imdb_id = $1 AND NOT EXISTS (SELECT 1 FROM titles t WHERE t.imdb_id = r.imdb_id)', [by.imdbId]);
    return rows.length > 0;
  }

  async titleExtras(t: { id: number; type: 'movie' | 'series' }): Promise<PageTitleExtras> {
    const [genres, languages, countries, credits, seasons, episodes, video] = await Promise.all([
      this.pool.query<{ name: string }>('SELECT g.name_fa AS name FROM title_genres tg JOIN genres g ON g.id = tg.genre_id WHERE tg.title_id = $1 ORDER BY tg.position, g.id', [t.id]),
      this.pool.query<{ code: string }>('SELECT language_code AS code FROM title_languages WHERE title_id = $1 ORDER BY position', [t.id]),
      this.pool.query<{ name: string }>(
        'SELECT c.name_fa AS name FROM title_countries tc JOIN countries c ON c.code = tc.country_code WHERE tc.title_id = $1 ORDER BY tc.position',
        [t.id],
      ),
      this.pool.query<PageCreditRow>(
        `SELECT id, slug, name_fa, name_en, role FROM (
           SELECT p.id, p.slug, p.name_fa, p.name_en, c.role, c.billing,
                  row_number() OVER (PARTITION BY c.role ORDER BY c.billing, p.id) AS n
           FROM credits c JOIN people p ON p.id = c.person_id WHERE c.title_id = $1) x
         WHERE n <= $2 ORDER BY role, billing, id`,
        [t.id, PEOPLE_IN_PAGE],
      ),
      t.type === 'series'
        ? this.pool.query<{ number: number; year: number | null; episodes: number }>(
            'SELECT season_number AS number, min(year) AS year, count(*)::int AS episodes FROM episodes WHERE title_id = $1 GROUP BY 1 ORDER BY 1',
            [t.id],
          )
        : { rows: [] },
      t.type === 'series'
        ? this.pool.query<PageEpisodeRow>(
            `SELECT season_number, episode_number, name_fa, name_en, year, runtime FROM episodes WHERE title_id = $1
             ORDER BY season_number, episode_number LIMIT $2`,
            [t.id, EPISODES_IN_PAGE],
          )
        : { rows: [] },
      this.pool.query<{ duration_sec: number; created_at: string; episode_id: number | null }>(
        `SELECT a.duration_sec, ${iso('a.created_at')} AS created_at, a.episode_id FROM media_assets a
         LEFT JOIN episodes e ON e.id = a.episode_id
         WHERE a.title_id = $1 ORDER BY a.episode_id IS NOT NULL, e.season_number, e.episode_number LIMIT 1`,
        [t.id],
      ),
    ]);
    return {
      genres: genres.rows.map((r) => r.name),
      languages: languages.rows.map((r) => r.code),
      countries: countries.rows.map((r) => r.name),
      credits: credits.rows,
      seasons: seasons.rows,
      episodes: episodes.rows,
      video: video.rows[0] ?? null,
    };
  }

  async person(id: number): Promise<PagePersonRow | undefined> {
    const { rows } = await this.pool.query<PagePersonRow>(
      'SELECT id, imdb_id, slug, name_fa, name_en, bio_fa, bio_en, birth_year, death_year, professions FROM people WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  async collection(id: number, kids: boolean): Promise<PageCollectionRow | undefined> {
    const { rows } = await this.pool.query<PageCollectionRow>(
      `SELECT c.id, c.slug, c.title_fa, c.description_fa,
              (SELECT ct.title_id FROM collection_titles ct JOIN titles t ON t.id = ct.title_id AND t.published${kidsAnd(kids)}
               WHERE ct.collection_id = c.id ORDER BY ct.position LIMIT 1) AS first
       FROM collections c WHERE c.id = $1`,
      [id],
    );
    return rows[0];
  }

  /** A plan on sale (the plans API shows only those). */
  async planOnSale(id: number): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT 1 FROM plans WHERE id = $1 AND is_active', [id]);
    return rows.length > 0;
  }

  // --- the sitemap -------------------------------------------------------------------------

  /** Pages of released titles (`size` ids each) that have any, with the latest change in each. */
  async titlePages(size: number): Promise<{ page: number; lastmod: string }[]> {
    const { rows } = await this.pool.query<{ page: number; lastmod: string }>(
      `SELECT ((id - 1) / $1)::int + 1 AS page, ${iso('max(updated_at)')} AS lastmod
       FROM titles WHERE published AND NOT coming_soon GROUP BY 1 ORDER BY 1`,
      [size],
    );
    return rows;
  }

  async titlesPage(page: number, size: number): Promise<{ id: number; slug: string; lastmod: string }[]> {
    const from = (page - 1) * size;
    const { rows } = await this.pool.query<{ id: number; slug: string; lastmod: string }>(
      `SELECT id, slug, ${iso('updated_at')} AS lastmod FROM titles
       WHERE id > $1 AND id <= $2 AND published AND NOT coming_soon ORDER BY id`,
      [from, from + size],
    );
    return rows;
  }

  /**
   * Pages of people credited in a released title, with the latest change in each. People carry
   * no time of their own: a person's page changes with their titles, so its time is theirs.
   */
  async peoplePages(size: number): Promise<{ page: number; lastmod: string }[]> {
    const { rows } = await this.pool.query<{ page: number; lastmod: string }>(
      `SELECT ((c.person_id - 1) / $1)::int + 1 AS page, ${iso('max(t.updated_at)')} AS lastmod
       FROM credits c JOIN titles t ON t.id = c.title_id AND t.published AND NOT t.coming_soon
       GROUP BY 1 ORDER BY 1`,
      [size],
    );
    return rows;
  }

  /** A person's address names the role they are known for, as the API's own links do (catalogue.mapper `jobOf`). */
  async peoplePage(page: number, size: number): Promise<{ id: number; slug: string; role: 'actor' | 'director'; lastmod: string }[]> {
    const from = (page - 1) * size;
    const { rows } = await this.pool.query<{ id: number; slug: string; role: 'actor' | 'director'; lastmod: string }>(
      `SELECT p.id, p.slug,
              CASE WHEN p.best_directed_id IS NOT NULL AND (p.best_starred_id IS NULL OR p.professions[1] = 'director') THEN 'director' ELSE 'actor' END AS role,
              ${iso('w.updated')} AS lastmod
       FROM people p
       JOIN LATERAL (SELECT max(t.updated_at) AS updated FROM credits c JOIN titles t ON t.id = c.title_id AND t.published AND NOT t.coming_soon
                     WHERE c.person_id = p.id) w ON w.updated IS NOT NULL
       WHERE p.id > $1 AND p.id <= $2 ORDER BY p.id`,
      [from, from + size],
    );
    return rows;
  }

  /** Each collection with the latest change among itself and its released titles. */
  async collectionsWithTimes(): Promise<{ id: number; slug: string; lastmod: string }[]> {
    const { rows } = await this.pool.query<{ id: number; slug: string; lastmod: string }>(
      `SELECT c.id, c.slug,
              ${iso(`greatest(c.created_at, (SELECT max(t.updated_at) FROM collection_titles ct JOIN titles t ON t.id = ct.title_id AND t.published WHERE ct.collection_id = c.id))`)} AS lastmod
       FROM collections c ORDER BY c.id`,
    );
    return rows;
  }

  /** The latest change of the released catalogue: the time of the pages that list it. */
  async catalogueChangedAt(): Promise<string | null> {
    const { rows } = await this.pool.query<{ lastmod: string | null }>(`SELECT ${iso('max(updated_at)')} AS lastmod FROM titles WHERE published`);
    return rows[0]?.lastmod ?? null;
  }
}
