import type {
  AdminCatalogueOptions,
  AdminCollection,
  AdminCollectionDetail,
  AdminCollectionTitle,
  AdminGenre,
  AdminPerson,
  AdminSlideshow,
  adminCollectionInput,
  adminCollectionUpdate,
  adminGenreInput,
  adminGenreUpdate,
  adminPersonInput,
  adminPersonQuery,
  adminPersonUpdate,
  SlideshowPlacement,
} from '@parde/contract';
import { slugify } from '@parde/persian';
import type pg from 'pg';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { webPaths } from '../../lib/urls';
import { pageMeta, pgCode, pgCodes } from '../../db/executor';
import { recordAudit, type AuditActor } from '../admin/audit';
import { searchIds } from '../search/search.service';
import { m } from './messages';
import { reindexPerson } from './search-words';
import { lockTitle } from './titles.service';
import { sameSet } from './title-parts.service';
import { catalogueChange, one, type CatalogueTx } from './tx';
import type { Catalogue } from '../../lib/catalogue-version';

type Out<T extends z.ZodType> = z.output<T>;

/** A hand-made person's IMDb id: `nm9` and their own id in eight digits, a range IMDb does not use. */
export const localPersonImdbId = (id: number) => `nm9${String(id).padStart(8, '0')}`;

const SLIDESHOW_LIMIT = 50;

interface PersonRow {
  id: number;
  imdb_id: string;
  name_fa: string | null;
  name_en: string;
  slug: string;
  birth_year: number | null;
  death_year: number | null;
  bio_fa: string | null;
  bio_en: string | null;
  professions: string[];
  credits: number;
}

const PERSON_COLUMNS = `p.id, p.imdb_id, p.name_fa, p.name_en, p.slug, p.birth_year, p.death_year, p.bio_fa, p.bio_en, p.professions,
  (SELECT count(*)::int FROM credits c WHERE c.person_id = p.id) AS credits`;

function toAdminPerson(r: PersonRow): AdminPerson {
  const job = r.professions[0] === 'director' ? 'director' : r.professions.includes('writer') && !r.professions.some((x) => x === 'actor' || x === 'actress') ? 'writer' : 'actor';
  return {
    id: r.id,
    imdbId: r.imdb_id,
    nameFa: r.name_fa,
    nameEn: r.name_en,
    birthYear: r.birth_year,
    deathYear: r.death_year,
    bioFa: r.bio_fa,
    bioEn: r.bio_en,
    professions: r.professions,
    credits: r.credits,
    path: webPaths.person(job, r.id, r.slug),
  };
}

interface CollectionRow {
  id: number;
  slug: string;
  title_fa: string;
  title_en: string;
  description_fa: string | null;
  listing: 'grid' | 'ranked';
  title_count: number;
}

const toAdminCollection = (r: CollectionRow): AdminCollection => ({
  id: r.id,
  slug: r.slug,
  titleFa: r.title_fa,
  titleEn: r.title_en,
  descriptionFa: r.description_fa,
  listing: r.listing,
  titleCount: r.title_count,
  path: webPaths.collection(r.id, r.slug),
});

const COLLECTION_COLUMNS = `c.id, c.slug, c.title_fa, c.title_en, c.description_fa, c.listing,
  (SELECT count(*)::int FROM collection_titles ct WHERE ct.collection_id = c.id) AS title_count`;

const LISTED_TITLE = `t.id, t.title_fa AS "titleFa", t.title_en AS "titleEn", t.year, t.published`;

function yearsInOrder(p: { birth_year?: number | null; death_year?: number | null }) {
  if (p.birth_year != null && p.death_year != null && p.death_year < p.birth_year) throw AppError.validation({ death_year: [m.deathBeforeBirth] }, m.deathBeforeBirth);
}

/** People, genres, collections and slideshow picks. */
export class AdminCurationService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly catalogue: Catalogue,
  ) {}

  /* People */

  async people(query: Out<typeof adminPersonQuery>) {
    const offset = (query.page - 1) * query.per_page;
    const q = query.q?.trim() ?? '';
    if (q) {
      let ids: number[];
      if (/^nm\d{1,10}$/i.test(q)) ids = (await this.pool.query<{ id: number }>('SELECT id FROM people WHERE imdb_id = $1', [q.toLowerCase()])).rows.map((r) => r.id);
      else if (/^\d{1,9}$/.test(q)) ids = (await this.pool.query<{ id: number }>('SELECT id FROM people WHERE id = $1', [Number(q)])).rows.map((r) => r.id);
      else ids = (await searchIds(this.pool, 'people', q, { limit: 100 })).map((h) => h.id);
      const page = ids.slice(offset, offset + query.per_page);
      const rows = page.length ? (await this.pool.query<PersonRow>(`SELECT ${PERSON_COLUMNS} FROM people p WHERE p.id = ANY($1::int[])`, [page])).rows : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { data: page.flatMap((id) => (byId.has(id) ? [toAdminPerson(byId.get(id)!)] : [])), meta: pageMeta(query.page, query.per_page, ids.length) };
    }
    const [rows, total] = await Promise.all([
      this.pool.query<PersonRow>(`SELECT ${PERSON_COLUMNS} FROM people p ORDER BY p.id DESC LIMIT $1 OFFSET $2`, [query.per_page, offset]),
      this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM people'),
    ]);
    return { data: rows.rows.map(toAdminPerson), meta: pageMeta(query.page, query.per_page, total.rows[0]!.n) };
  }

  async person(id: number, q: pg.Pool | pg.PoolClient = this.pool): Promise<AdminPerson> {
    const row = await one<PersonRow>(q, `SELECT ${PERSON_COLUMNS} FROM people p WHERE p.id = $1`, [id]);
    if (!row) throw AppError.notFound(m.personNotFound);
    return toAdminPerson(row);
  }

  async createPerson(actor: AuditActor, input: Out<typeof adminPersonInput>): Promise<AdminPerson> {
    yearsInOrder(input);
    const id = await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const id = (await one<{ id: number }>(tx.q, `SELECT nextval(pg_get_serial_sequence('people', 'id'))::int AS id`, []))!.id;
      try {
        await tx.q.query(
          `INSERT INTO people (id, imdb_id, name_en, name_fa, slug, birth_year, death_year, bio_fa, bio_en, professions)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text[])`,
          [id, input.imdb_id ?? localPersonImdbId(id), input.name_en, input.name_fa ?? null, slugify(input.name_en), input.birth_year ?? null, input.death_year ?? null, input.bio_fa ?? null, input.bio_en ?? null, input.professions ?? []],
        );
      } catch (err) {
        if (pgCode(err) === pgCodes.unique) throw AppError.validation({ imdb_id: [m.personImdbTaken] }, m.personImdbTaken);
        throw err;
      }
      await reindexPerson(tx.q, id);
      await recordAudit(tx.db, actor, { action: 'person.create', entity: 'person', entityId: id, before: null, after: await this.person(id, tx.q) });
      return id;
    });
    return this.person(id);
  }

  async updatePerson(actor: AuditActor, id: number, input: Out<typeof adminPersonUpdate>): Promise<AdminPerson> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const current = await one<PersonRow>(tx.q, `SELECT ${PERSON_COLUMNS} FROM people p WHERE p.id = $1 FOR UPDATE OF p`, [id]);
      if (!current) throw AppError.notFound(m.personNotFound);
      const next = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) } as PersonRow;
      if (input.imdb_id === null) next.imdb_id = /^nm9\d{8}$/.test(current.imdb_id) ? current.imdb_id : localPersonImdbId(id);
      yearsInOrder(next);
      const before = toAdminPerson(current);
      try {
        await tx.q.query(
          `UPDATE people SET imdb_id = $2, name_en = $3, name_fa = $4, slug = $5, birth_year = $6, death_year = $7, bio_fa = $8, bio_en = $9, professions = $10::text[] WHERE id = $1`,
          [id, next.imdb_id, next.name_en, next.name_fa, slugify(next.name_en), next.birth_year, next.death_year, next.bio_fa, next.bio_en, next.professions],
        );
      } catch (err) {
        if (pgCode(err) === pgCodes.unique) throw AppError.validation({ imdb_id: [m.personImdbTaken] }, m.personImdbTaken);
        throw err;
      }
      if (input.name_en !== undefined || input.name_fa !== undefined) await reindexPerson(tx.q, id);
      await recordAudit(tx.db, actor, { action: 'person.update', entity: 'person', entityId: id, before, after: await this.person(id, tx.q) });
    });
    return this.person(id);
  }

  /* Genres */

  async genres(q: pg.Pool | pg.PoolClient = this.pool): Promise<AdminGenre[]> {
    return (
      await q.query<AdminGenre>(
        `SELECT g.id, g.slug, g.name_fa AS "nameFa", g.name_en AS "nameEn", (SELECT count(*)::int FROM title_genres tg WHERE tg.genre_id = g.id) AS "titleCount"
         FROM genres g ORDER BY g.name_fa, g.id`,
      )
    ).rows;
  }

  private async genre(q: pg.Pool | pg.PoolClient, id: number): Promise<AdminGenre> {
    const g = (await this.genres(q)).find((x) => x.id === id);
    if (!g) throw AppError.notFound(m.genreNotFound);
    return g;
  }

  async createGenre(actor: AuditActor, input: Out<typeof adminGenreInput>): Promise<AdminGenre> {
    const id = await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const row = await this.writeGenre(tx, () =>
        one<{ id: number }>(tx.q, 'INSERT INTO genres (slug, name_en, name_fa) VALUES ($1, $2, $3) RETURNING id', [slugify(input.name_en), input.name_en, input.name_fa]),
      );
      await recordAudit(tx.db, actor, { action: 'genre.create', entity: 'genre', entityId: row!.id, before: null, after: { slug: slugify(input.name_en), name_en: input.name_en, name_fa: input.name_fa } });
      return row!.id;
    });
    return this.genre(this.pool, id);
  }

  /** A rename keeps the slug: links and filters already out there name the genre by it. */
  async updateGenre(actor: AuditActor, id: number, input: Out<typeof adminGenreUpdate>): Promise<AdminGenre> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const before = await one<{ slug: string; name_en: string; name_fa: string }>(tx.q, 'SELECT slug, name_en, name_fa FROM genres WHERE id = $1 FOR UPDATE', [id]);
      if (!before) throw AppError.notFound(m.genreNotFound);
      const after = { slug: before.slug, name_en: input.name_en ?? before.name_en, name_fa: input.name_fa ?? before.name_fa };
      await this.writeGenre(tx, () => tx.q.query('UPDATE genres SET name_en = $2, name_fa = $3 WHERE id = $1', [id, after.name_en, after.name_fa]));
      await recordAudit(tx.db, actor, { action: 'genre.update', entity: 'genre', entityId: id, before, after });
    });
    return this.genre(this.pool, id);
  }

  private async writeGenre<T>(_tx: CatalogueTx, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (pgCode(err) !== pgCodes.unique) throw err;
      const slugClash = String((err as { constraint?: string }).constraint ?? '').includes('slug');
      throw slugClash ? AppError.validation({ name_en: [m.genreSlugTaken] }, m.genreSlugTaken) : AppError.validation({ name_en: [m.genreTaken] }, m.genreTaken);
    }
  }

  async removeGenre(actor: AuditActor, id: number): Promise<void> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const before = await one<{ slug: string; name_en: string; name_fa: string }>(tx.q, 'SELECT slug, name_en, name_fa FROM genres WHERE id = $1 FOR UPDATE', [id]);
      if (!before) throw AppError.notFound(m.genreNotFound);
      const used = (await one<{ n: number }>(tx.q, 'SELECT count(*)::int AS n FROM title_genres WHERE genre_id = $1', [id]))!.n;
      if (used > 0) throw new AppError('CONFLICT', 409, m.genreInUse(used));
      await tx.q.query('DELETE FROM genres WHERE id = $1', [id]);
      await recordAudit(tx.db, actor, { action: 'genre.delete', entity: 'genre', entityId: id, before, after: null });
    });
  }

  async options(): Promise<AdminCatalogueOptions> {
    const [genres, countries, languages] = await Promise.all([
      this.genres(),
      this.pool.query<{ code: string; nameFa: string; nameEn: string }>('SELECT code, name_fa AS "nameFa", name_en AS "nameEn" FROM countries ORDER BY name_fa, code'),
      this.pool.query<{ code: string; nameFa: string; nameEn: string }>('SELECT code, name_fa AS "nameFa", name_en AS "nameEn" FROM languages ORDER BY name_fa, code'),
    ]);
    return { genres, countries: countries.rows, languages: languages.rows };
  }

  /* Collections */

  async collections(): Promise<AdminCollection[]> {
    return (await this.pool.query<CollectionRow>(`SELECT ${COLLECTION_COLUMNS} FROM collections c ORDER BY c.id`)).rows.map(toAdminCollection);
  }

  async collection(id: number, q: pg.Pool | pg.PoolClient = this.pool): Promise<AdminCollectionDetail> {
    const row = await one<CollectionRow>(q, `SELECT ${COLLECTION_COLUMNS} FROM collections c WHERE c.id = $1`, [id]);
    if (!row) throw AppError.notFound(m.collectionNotFound);
    const titles = await q.query<AdminCollectionTitle>(
      `SELECT ${LISTED_TITLE} FROM collection_titles ct JOIN titles t ON t.id = ct.title_id WHERE ct.collection_id = $1 ORDER BY ct.position, ct.title_id`,
      [id],
    );
    return { ...toAdminCollection(row), titles: titles.rows };
  }

  private async lockCollection(tx: CatalogueTx, id: number): Promise<CollectionRow> {
    const row = await one<CollectionRow>(tx.q, `SELECT ${COLLECTION_COLUMNS} FROM collections c WHERE c.id = $1 FOR UPDATE OF c`, [id]);
    if (!row) throw AppError.notFound(m.collectionNotFound);
    return row;
  }

  private async collectionTitleIds(tx: CatalogueTx, id: number): Promise<number[]> {
    return (await tx.q.query<{ title_id: number }>('SELECT title_id FROM collection_titles WHERE collection_id = $1 ORDER BY position, title_id', [id])).rows.map((r) => r.title_id);
  }

  async createCollection(actor: AuditActor, input: Out<typeof adminCollectionInput>): Promise<AdminCollectionDetail> {
    const id = await catalogueChange(this.pool, this.catalogue, async (tx) => {
      // The slug is the English name's; a taken one gets a number (`best-of-2`).
      const base = slugify(input.title_en);
      const taken = new Set((await tx.q.query<{ slug: string }>(`SELECT slug FROM collections WHERE slug = $1 OR slug LIKE $2`, [base, `${base}-%`])).rows.map((r) => r.slug));
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      const row = (await one<{ id: number }>(tx.q, 'INSERT INTO collections (slug, title_fa, title_en, description_fa, listing) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
        slug,
        input.title_fa,
        input.title_en,
        input.description_fa ?? null,
        input.listing ?? 'grid',
      ]))!;
      await recordAudit(tx.db, actor, { action: 'collection.create', entity: 'collection', entityId: row.id, before: null, after: toAdminCollection(await this.lockCollection(tx, row.id)) });
      return row.id;
    });
    return this.collection(id);
  }

  /** The slug stays: links already shared name the collection by it. */
  async updateCollection(actor: AuditActor, id: number, input: Out<typeof adminCollectionUpdate>): Promise<AdminCollectionDetail> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const before = await this.lockCollection(tx, id);
      await tx.q.query('UPDATE collections SET title_fa = $2, title_en = $3, description_fa = $4, listing = $5 WHERE id = $1', [
        id,
        input.title_fa ?? before.title_fa,
        input.title_en ?? before.title_en,
        input.description_fa === undefined ? before.description_fa : input.description_fa,
        input.listing ?? before.listing,
      ]);
      await recordAudit(tx.db, actor, { action: 'collection.update', entity: 'collection', entityId: id, before: toAdminCollection(before), after: toAdminCollection(await this.lockCollection(tx, id)) });
    });
    return this.collection(id);
  }

  async removeCollection(actor: AuditActor, id: number): Promise<void> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const before = await this.lockCollection(tx, id);
      const titleIds = await this.collectionTitleIds(tx, id);
      await tx.q.query('DELETE FROM collections WHERE id = $1', [id]);
      await recordAudit(tx.db, actor, { action: 'collection.delete', entity: 'collection', entityId: id, before: { ...toAdminCollection(before), title_ids: titleIds }, after: null });
    });
  }

  async addToCollection(actor: AuditActor, id: number, titleId: number): Promise<AdminCollectionDetail> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      await this.lockCollection(tx, id);
      await titleMustExist(tx, titleId);
      const row = await one<{ position: number }>(
        tx.q,
        `INSERT INTO collection_titles (collection_id, title_id, position)
         VALUES ($1, $2, (SELECT coalesce(max(position) + 1, 0) FROM collection_titles WHERE collection_id = $1))
         ON CONFLICT DO NOTHING RETURNING position`,
        [id, titleId],
      );
      if (!row) throw AppError.validation({ title_id: [m.alreadyInCollection] }, m.alreadyInCollection);
      await recordAudit(tx.db, actor, { action: 'collection.add_title', entity: 'collection', entityId: id, before: null, after: { title_id: titleId, position: row.position } });
    });
    return this.collection(id);
  }

  async removeFromCollection(actor: AuditActor, id: number, titleId: number): Promise<AdminCollectionDetail> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      await this.lockCollection(tx, id);
      const before = await this.collectionTitleIds(tx, id);
      if (!before.includes(titleId)) throw AppError.notFound(m.notInCollection);
      await tx.q.query('DELETE FROM collection_titles WHERE collection_id = $1 AND title_id = $2', [id, titleId]);
      await renumber(tx, 'collection_titles', 'collection_id', id, before.filter((t) => t !== titleId));
      await recordAudit(tx.db, actor, { action: 'collection.remove_title', entity: 'collection', entityId: id, before: { title_id: titleId, position: before.indexOf(titleId) }, after: null });
    });
    return this.collection(id);
  }

  /** The whole new order (the panel's drag and drop sends it): exactly the titles already in it. */
  async reorderCollection(actor: AuditActor, id: number, titleIds: number[]): Promise<AdminCollectionDetail> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      await this.lockCollection(tx, id);
      const before = await this.collectionTitleIds(tx, id);
      if (!sameSet(before, titleIds)) throw AppError.validation({ title_ids: [m.orderMismatch] }, m.orderMismatch);
      await renumber(tx, 'collection_titles', 'collection_id', id, titleIds);
      await recordAudit(tx.db, actor, { action: 'collection.reorder', entity: 'collection', entityId: id, before: { title_ids: before }, after: { title_ids: titleIds } });
    });
    return this.collection(id);
  }

  /* Slideshow picks (per placement: the home page, the movies page, the series page) */

  async slideshow(q: pg.Pool | pg.PoolClient = this.pool): Promise<AdminSlideshow> {
    const { rows } = await q.query<AdminCollectionTitle & { placement: SlideshowPlacement }>(
      `SELECT s.placement, ${LISTED_TITLE} FROM slideshow_picks s JOIN titles t ON t.id = s.title_id ORDER BY s.placement, s.position, s.title_id`,
    );
    const of = (p: SlideshowPlacement) => rows.filter((r) => r.placement === p).map(({ placement: _p, ...t }) => t);
    return { all: of('all'), movie: of('movie'), series: of('series') };
  }

  private async picks(tx: CatalogueTx, placement: SlideshowPlacement): Promise<number[]> {
    // Locks the placement's picks: two operators reordering take turns.
    return (await tx.q.query<{ title_id: number }>('SELECT title_id FROM slideshow_picks WHERE placement = $1 ORDER BY position, title_id FOR UPDATE', [placement])).rows.map((r) => r.title_id);
  }

  async addPick(actor: AuditActor, placement: SlideshowPlacement, titleId: number): Promise<AdminSlideshow> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const title = await lockTitle(tx, titleId);
      if (placement !== 'all' && title.type !== placement) throw AppError.validation({ title_id: [m.slideshowType] }, m.slideshowType);
      const current = await this.picks(tx, placement);
      if (current.includes(titleId)) throw AppError.validation({ title_id: [m.alreadyInSlideshow] }, m.alreadyInSlideshow);
      if (current.length >= SLIDESHOW_LIMIT) throw AppError.validation({ title_id: [m.titleTooManyPicks] }, m.titleTooManyPicks);
      await tx.q.query('INSERT INTO slideshow_picks (placement, title_id, position) VALUES ($1, $2, $3)', [placement, titleId, current.length]);
      await recordAudit(tx.db, actor, { action: 'title.slideshow_add', entity: 'title', entityId: titleId, before: null, after: { placement, position: current.length } });
    });
    return this.slideshow();
  }

  async removePick(actor: AuditActor, placement: SlideshowPlacement, titleId: number): Promise<AdminSlideshow> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const current = await this.picks(tx, placement);
      if (!current.includes(titleId)) throw AppError.notFound(m.notInSlideshow);
      await tx.q.query('DELETE FROM slideshow_picks WHERE placement = $1 AND title_id = $2', [placement, titleId]);
      const rest = current.filter((t) => t !== titleId);
      await renumber(tx, 'slideshow_picks', 'placement', placement, rest);
      await recordAudit(tx.db, actor, { action: 'title.slideshow_remove', entity: 'title', entityId: titleId, before: { placement, position: current.indexOf(titleId) }, after: null });
    });
    return this.slideshow();
  }

  async reorderPicks(actor: AuditActor, placement: SlideshowPlacement, titleIds: number[]): Promise<AdminSlideshow> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      const current = await this.picks(tx, placement);
      if (!sameSet(current, titleIds)) throw AppError.validation({ title_ids: [m.orderMismatch] }, m.orderMismatch);
      await renumber(tx, 'slideshow_picks', 'placement', placement, titleIds);
      await recordAudit(tx.db, actor, { action: 'title.slideshow_reorder', entity: 'title', entityId: null, before: { placement, title_ids: current }, after: { placement, title_ids: titleIds } });
    });
    return this.slideshow();
  }
}

async function titleMustExist(tx: CatalogueTx, titleId: number) {
  if (!(await one(tx.q, 'SELECT 1 FROM titles WHERE id = $1', [titleId]))) throw AppError.validation({ title_id: [m.titleNotFound] }, m.titleNotFound);
}

/** Positions 0, 1, 2 … in the given order. */
async function renumber(tx: CatalogueTx, table: 'collection_titles' | 'slideshow_picks', key: string, keyValue: number | string, titleIds: number[]) {
  if (titleIds.length === 0) return;
  await tx.q.query(
    `UPDATE ${table} x SET position = (o.n - 1)::smallint FROM unnest($2::int[]) WITH ORDINALITY AS o(title_id, n) WHERE x.${key} = $1 AND x.title_id = o.title_id`,
    [keyValue, titleIds],
  );
}
