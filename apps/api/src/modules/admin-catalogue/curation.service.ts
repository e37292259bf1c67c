import type {
  AdminCatalogueOptions,
  AdminCollection,
  AdminCollectionDetail,
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
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { webPaths } from '../../lib/urls';
import { pageMeta, pgCode, pgCodes, pgConstraint, type Executor } from '../../db/executor';
import { recordAudit, type AuditActor } from '../admin/audit';
import { searchIds } from '../search/search.service';
import { nextId } from './admin-catalogue.repository';
import * as repo from './curation.repository';
import type { CollectionRow, PersonRow } from './curation.repository';
import { m } from './messages';
import { reindexPerson } from './search-words';
import { lockTitle } from './titles.service';
import { sameSet } from './title-parts.service';
import type { Catalogue } from '../../lib/catalogue-version';
import { catalogueChange, type CatalogueTx } from './tx';

type Out<T extends z.ZodType> = z.output<T>;

/** A hand-made person's IMDb id: `nm9` and their own id in eight digits, a range IMDb does not use. */
export const localPersonImdbId = (id: number) => `nm9${String(id).padStart(8, '0')}`;

const SLIDESHOW_LIMIT = 50;

function toAdminPerson(r: PersonRow): AdminPerson {
  const job = r.professions[0] === 'director' ? 'director' : r.professions.includes('writer') && !r.professions.some((x) => x === 'actor' || x === 'actress') ? 'writer' : 'actor';
  return {
    id: r.id,
    imdbId: r.imdbId,
    nameFa: r.nameFa,
    nameEn: r.nameEn,
    birthYear: r.birthYear,
    deathYear: r.deathYear,
    bioFa: r.bioFa,
    bioEn: r.bioEn,
    professions: r.professions,
    credits: r.credits,
    path: webPaths.person(job, r.id, r.slug),
  };
}

const toAdminCollection = (r: CollectionRow): AdminCollection => ({
  id: r.id,
  slug: r.slug,
  titleFa: r.titleFa,
  titleEn: r.titleEn,
  descriptionFa: r.descriptionFa,
  listing: r.listing as AdminCollection['listing'],
  titleCount: r.titleCount,
  path: webPaths.collection(r.id, r.slug),
});

function yearsInOrder(p: { birth_year?: number | null; death_year?: number | null }) {
  if (p.birth_year != null && p.death_year != null && p.death_year < p.birth_year) throw AppError.validation({ death_year: [m.deathBeforeBirth] }, m.deathBeforeBirth);
}

/** People, genres, collections and slideshow picks. */
export class AdminCurationService {
  private readonly pool: Database['pool'];
  private readonly db: Database['db'];

  constructor(
    database: Pick<Database, 'db' | 'pool'>,
    private readonly catalogue: Pick<Catalogue, 'changed'>,
  ) {
    this.pool = database.pool;
    this.db = database.db;
  }

  /* People */

  async people(query: Out<typeof adminPersonQuery>) {
    const offset = (query.page - 1) * query.per_page;
    const q = query.q?.trim() ?? '';
    if (q) {
      let ids: number[];
      if (/^nm\d{1,10}$/i.test(q)) ids = await repo.personIdsByImdb(this.db, q.toLowerCase());
      else if (/^\d{1,9}$/.test(q)) ids = await repo.personIdsById(this.db, Number(q));
      else ids = (await searchIds(this.pool, 'people', q, { limit: 100 })).map((h) => h.id);
      const page = ids.slice(offset, offset + query.per_page);
      const rows = page.length ? await repo.peopleByIds(this.db, page) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { data: page.flatMap((id) => (byId.has(id) ? [toAdminPerson(byId.get(id)!)] : [])), meta: pageMeta(query.page, query.per_page, ids.length) };
    }
    const { rows, total } = await repo.peoplePage(this.db, query.per_page, offset);
    return { data: rows.map(toAdminPerson), meta: pageMeta(query.page, query.per_page, total) };
  }

  async person(id: number, db: Executor = this.db): Promise<AdminPerson> {
    const row = await repo.person(db, id);
    if (!row) throw AppError.notFound(m.personNotFound);
    return toAdminPerson(row);
  }

  async createPerson(actor: AuditActor, input: Out<typeof adminPersonInput>): Promise<AdminPerson> {
    yearsInOrder(input);
    const id = await catalogueChange(this.db, this.catalogue, async (tx) => {
      const id = await nextId(tx.db, 'people');
      try {
        await repo.insertPerson(tx.db, id, {
          imdbId: input.imdb_id ?? localPersonImdbId(id),
          nameEn: input.name_en,
          nameFa: input.name_fa ?? null,
          slug: slugify(input.name_en),
          birthYear: input.birth_year ?? null,
          deathYear: input.death_year ?? null,
          bioFa: input.bio_fa ?? null,
          bioEn: input.bio_en ?? null,
          professions: input.professions ?? [],
        });
      } catch (err) {
        if (pgCode(err) === pgCodes.unique) throw AppError.validation({ imdb_id: [m.personImdbTaken] }, m.personImdbTaken);
        throw err;
      }
      await reindexPerson(tx.db, id);
      await recordAudit(tx.db, actor, { action: 'person.create', entity: 'person', entityId: id, before: null, after: await this.person(id, tx.db) });
      return id;
    });
    return this.person(id);
  }

  async updatePerson(actor: AuditActor, id: number, input: Out<typeof adminPersonUpdate>): Promise<AdminPerson> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      const current = await repo.lockPerson(tx.db, id);
      if (!current) throw AppError.notFound(m.personNotFound);
      const pick = <T>(value: T | undefined, was: T) => (value === undefined ? was : value);
      const next = {
        imdbId: input.imdb_id === null ? (/^nm9\d{8}$/.test(current.imdbId) ? current.imdbId : localPersonImdbId(id)) : pick(input.imdb_id, current.imdbId),
        nameEn: pick(input.name_en, current.nameEn),
        nameFa: pick(input.name_fa, current.nameFa),
        birthYear: pick(input.birth_year, current.birthYear),
        deathYear: pick(input.death_year, current.deathYear),
        bioFa: pick(input.bio_fa, current.bioFa),
        bioEn: pick(input.bio_en, current.bioEn),
        professions: pick(input.professions, current.professions),
      };
      yearsInOrder({ birth_year: next.birthYear, death_year: next.deathYear });
      const before = toAdminPerson(current);
      try {
        await repo.updatePerson(tx.db, id, { ...next, slug: slugify(next.nameEn) });
      } catch (err) {
        if (pgCode(err) === pgCodes.unique) throw AppError.validation({ imdb_id: [m.personImdbTaken] }, m.personImdbTaken);
        throw err;
      }
      if (input.name_en !== undefined || input.name_fa !== undefined) await reindexPerson(tx.db, id);
      await recordAudit(tx.db, actor, { action: 'person.update', entity: 'person', entityId: id, before, after: await this.person(id, tx.db) });
    });
    return this.person(id);
  }

  /* Genres */

  async genres(db: Executor = this.db): Promise<AdminGenre[]> {
    return repo.genresWithCounts(db);
  }

  private async genre(db: Executor, id: number): Promise<AdminGenre> {
    const g = (await this.genres(db)).find((x) => x.id === id);
    if (!g) throw AppError.notFound(m.genreNotFound);
    return g;
  }

  async createGenre(actor: AuditActor, input: Out<typeof adminGenreInput>): Promise<AdminGenre> {
    const id = await catalogueChange(this.db, this.catalogue, async (tx) => {
      const id = await this.writeGenre(tx, () => repo.insertGenre(tx.db, slugify(input.name_en), input.name_en, input.name_fa));
      await recordAudit(tx.db, actor, { action: 'genre.create', entity: 'genre', entityId: id, before: null, after: { slug: slugify(input.name_en), name_en: input.name_en, name_fa: input.name_fa } });
      return id;
    });
    return this.genre(this.db, id);
  }

  /** A rename keeps the slug: links and filters already out there name the genre by it. */
  async updateGenre(actor: AuditActor, id: number, input: Out<typeof adminGenreUpdate>): Promise<AdminGenre> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      const before = await repo.lockGenre(tx.db, id);
      if (!before) throw AppError.notFound(m.genreNotFound);
      const after = { slug: before.slug, name_en: input.name_en ?? before.name_en, name_fa: input.name_fa ?? before.name_fa };
      await this.writeGenre(tx, () => repo.renameGenre(tx.db, id, after.name_en, after.name_fa));
      await recordAudit(tx.db, actor, { action: 'genre.update', entity: 'genre', entityId: id, before, after });
    });
    return this.genre(this.db, id);
  }

  private async writeGenre<T>(_tx: CatalogueTx, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (pgCode(err) !== pgCodes.unique) throw err;
      const slugClash = String(pgConstraint(err) ?? '').includes('slug');
      throw slugClash ? AppError.validation({ name_en: [m.genreSlugTaken] }, m.genreSlugTaken) : AppError.validation({ name_en: [m.genreTaken] }, m.genreTaken);
    }
  }

  async removeGenre(actor: AuditActor, id: number): Promise<void> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      const before = await repo.lockGenre(tx.db, id);
      if (!before) throw AppError.notFound(m.genreNotFound);
      const used = await repo.genreUse(tx.db, id);
      if (used > 0) throw new AppError('CONFLICT', 409, m.genreInUse(used));
      await repo.deleteGenre(tx.db, id);
      await recordAudit(tx.db, actor, { action: 'genre.delete', entity: 'genre', entityId: id, before, after: null });
    });
  }

  async options(): Promise<AdminCatalogueOptions> {
    const [genres, countries, languages] = await Promise.all([this.genres(), repo.allCountries(this.db), repo.allLanguages(this.db)]);
    return { genres, countries, languages };
  }

  /* Collections */

  async collections(): Promise<AdminCollection[]> {
    return (await repo.allCollections(this.db)).map(toAdminCollection);
  }

  async collection(id: number, db: Executor = this.db): Promise<AdminCollectionDetail> {
    const row = await repo.collection(db, id);
    if (!row) throw AppError.notFound(m.collectionNotFound);
    return { ...toAdminCollection(row), titles: await repo.collectionTitleList(db, id) };
  }

  private async lockCollection(tx: CatalogueTx, id: number): Promise<CollectionRow> {
    const row = await repo.lockCollection(tx.db, id);
    if (!row) throw AppError.notFound(m.collectionNotFound);
    return row;
  }

  private async collectionTitleIds(tx: CatalogueTx, id: number): Promise<number[]> {
    return repo.collectionTitleIds(tx.db, id);
  }

  async createCollection(actor: AuditActor, input: Out<typeof adminCollectionInput>): Promise<AdminCollectionDetail> {
    const id = await catalogueChange(this.db, this.catalogue, async (tx) => {
      // The slug is the English name's; a taken one gets a number (`best-of-2`).
      const base = slugify(input.title_en);
      const taken = new Set(await repo.collectionSlugsLike(tx.db, base));
      let slug = base;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      const id = await repo.insertCollection(tx.db, slug, { titleFa: input.title_fa, titleEn: input.title_en, descriptionFa: input.description_fa ?? null, listing: input.listing ?? 'grid' });
      await recordAudit(tx.db, actor, { action: 'collection.create', entity: 'collection', entityId: id, before: null, after: toAdminCollection(await this.lockCollection(tx, id)) });
      return id;
    });
    return this.collection(id);
  }

  /** The slug stays: links already shared name the collection by it. */
  async updateCollection(actor: AuditActor, id: number, input: Out<typeof adminCollectionUpdate>): Promise<AdminCollectionDetail> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      const before = await this.lockCollection(tx, id);
      await repo.updateCollection(tx.db, id, {
        titleFa: input.title_fa ?? before.titleFa,
        titleEn: input.title_en ?? before.titleEn,
        descriptionFa: input.description_fa === undefined ? before.descriptionFa : input.description_fa,
        listing: input.listing ?? before.listing,
      });
      await recordAudit(tx.db, actor, { action: 'collection.update', entity: 'collection', entityId: id, before: toAdminCollection(before), after: toAdminCollection(await this.lockCollection(tx, id)) });
    });
    return this.collection(id);
  }

  async removeCollection(actor: AuditActor, id: number): Promise<void> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      const before = await this.lockCollection(tx, id);
      const titleIds = await this.collectionTitleIds(tx, id);
      await repo.deleteCollection(tx.db, id);
      await recordAudit(tx.db, actor, { action: 'collection.delete', entity: 'collection', entityId: id, before: { ...toAdminCollection(before), title_ids: titleIds }, after: null });
    });
  }

  async addToCollection(actor: AuditActor, id: number, titleId: number): Promise<AdminCollectionDetail> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      await this.lockCollection(tx, id);
      await titleMustExist(tx, titleId);
      const position = await repo.addCollectionTitle(tx.db, id, titleId);
      if (position === undefined) throw AppError.validation({ title_id: [m.alreadyInCollection] }, m.alreadyInCollection);
      await recordAudit(tx.db, actor, { action: 'collection.add_title', entity: 'collection', entityId: id, before: null, after: { title_id: titleId, position } });
    });
    return this.collection(id);
  }

  async removeFromCollection(actor: AuditActor, id: number, titleId: number): Promise<AdminCollectionDetail> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      await this.lockCollection(tx, id);
      const before = await this.collectionTitleIds(tx, id);
      if (!before.includes(titleId)) throw AppError.notFound(m.notInCollection);
      await repo.removeCollectionTitle(tx.db, id, titleId);
      await repo.renumberCollection(tx.db, id, before.filter((t) => t !== titleId));
      await recordAudit(tx.db, actor, { action: 'collection.remove_title', entity: 'collection', entityId: id, before: { title_id: titleId, position: before.indexOf(titleId) }, after: null });
    });
    return this.collection(id);
  }

  /** The whole new order (the panel's drag and drop sends it): exactly the titles already in it. */
  async reorderCollection(actor: AuditActor, id: number, titleIds: number[]): Promise<AdminCollectionDetail> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      await this.lockCollection(tx, id);
      const before = await this.collectionTitleIds(tx, id);
      if (!sameSet(before, titleIds)) throw AppError.validation({ title_ids: [m.orderMismatch] }, m.orderMismatch);
      await repo.renumberCollection(tx.db, id, titleIds);
      await recordAudit(tx.db, actor, { action: 'collection.reorder', entity: 'collection', entityId: id, before: { title_ids: before }, after: { title_ids: titleIds } });
    });
    return this.collection(id);
  }

  /* Slideshow picks (per placement: the home page, the movies page, the series page) */

  async slideshow(db: Executor = this.db): Promise<AdminSlideshow> {
    const rows = await repo.allPicks(db);
    const of = (p: SlideshowPlacement) => rows.filter((r) => r.placement === p).map(({ placement: _p, ...t }) => t);
    return { all: of('all'), movie: of('movie'), series: of('series') };
  }

  private async picks(tx: CatalogueTx, placement: SlideshowPlacement): Promise<number[]> {
    // Locks the placement's picks: two operators reordering take turns.
    return repo.lockPicks(tx.db, placement);
  }

  async addPick(actor: AuditActor, placement: SlideshowPlacement, titleId: number): Promise<AdminSlideshow> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      const title = await lockTitle(tx, titleId);
      if (placement !== 'all' && title.type !== placement) throw AppError.validation({ title_id: [m.slideshowType] }, m.slideshowType);
      const current = await this.picks(tx, placement);
      if (current.includes(titleId)) throw AppError.validation({ title_id: [m.alreadyInSlideshow] }, m.alreadyInSlideshow);
      if (current.length >= SLIDESHOW_LIMIT) throw AppError.validation({ title_id: [m.titleTooManyPicks] }, m.titleTooManyPicks);
      await repo.insertPick(tx.db, placement, titleId, current.length);
      await recordAudit(tx.db, actor, { action: 'title.slideshow_add', entity: 'title', entityId: titleId, before: null, after: { placement, position: current.length } });
    });
    return this.slideshow();
  }

  async removePick(actor: AuditActor, placement: SlideshowPlacement, titleId: number): Promise<AdminSlideshow> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      const current = await this.picks(tx, placement);
      if (!current.includes(titleId)) throw AppError.notFound(m.notInSlideshow);
      await repo.deletePick(tx.db, placement, titleId);
      await repo.renumberPicks(tx.db, placement, current.filter((t) => t !== titleId));
      await recordAudit(tx.db, actor, { action: 'title.slideshow_remove', entity: 'title', entityId: titleId, before: { placement, position: current.indexOf(titleId) }, after: null });
    });
    return this.slideshow();
  }

  async reorderPicks(actor: AuditActor, placement: SlideshowPlacement, titleIds: number[]): Promise<AdminSlideshow> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      const current = await this.picks(tx, placement);
      if (!sameSet(current, titleIds)) throw AppError.validation({ title_ids: [m.orderMismatch] }, m.orderMismatch);
      await repo.renumberPicks(tx.db, placement, titleIds);
      await recordAudit(tx.db, actor, { action: 'title.slideshow_reorder', entity: 'title', entityId: null, before: { placement, title_ids: current }, after: { placement, title_ids: titleIds } });
    });
    return this.slideshow();
  }
}

async function titleMustExist(tx: CatalogueTx, titleId: number) {
  if (!(await repo.titleExists(tx.db, titleId))) throw AppError.validation({ title_id: [m.titleNotFound] }, m.titleNotFound);
}
