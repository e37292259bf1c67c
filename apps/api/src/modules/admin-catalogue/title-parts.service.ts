import type { adminCreditInput, adminCreditOrder, adminDubInput, adminDubUpdate, adminEpisodeInput, adminEpisodeUpdate, adminSeasonInput, adminSeasonUpdate, CreditRole } from '@parde/contract';
import type pg from 'pg';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { pgCode, pgCodes } from '../../db/executor';
import { recordAudit, type AuditActor } from '../admin/audit';
import { m } from './messages';
import { catalogueChange, one, type CatalogueTx } from './tx';
import type { Catalogue } from '../../lib/catalogue-version';
import { lockTitle } from './titles.service';

type Out<T extends z.ZodType> = z.output<T>;

/** A hand-made episode's IMDb id: `tt8` and its own id in eight digits, a range IMDb does not use. */
export const localEpisodeImdbId = (id: number) => `tt8${String(id).padStart(8, '0')}`;

interface SeasonRow {
  id: number;
  title_id: number;
  number: number;
  year: number | null;
}
interface EpisodeRow {
  id: number;
  imdb_id: string;
  title_id: number;
  season_number: number;
  episode_number: number;
  name_fa: string | null;
  name_en: string | null;
  year: number | null;
  runtime: number | null;
}
interface DubRow {
  id: number;
  title_id: number;
  studio: string;
  language: string;
}

const EPISODE_COLUMNS = 'id, imdb_id, title_id, season_number, episode_number, name_fa, name_en, year, runtime';

async function seriesLocked(tx: CatalogueTx, titleId: number) {
  const t = await lockTitle(tx, titleId);
  if (t.type !== 'series') throw AppError.validation({ type: [m.seasonsOnlyForSeries] }, m.seasonsOnlyForSeries);
  return t;
}

async function hasEpisode(tx: CatalogueTx, titleId: number, season: number, episode: number, except = 0) {
  return Boolean(
    await one(tx.q, 'SELECT 1 FROM episodes WHERE title_id = $1 AND season_number = $2 AND episode_number = $3 AND id <> $4', [titleId, season, episode, except]),
  );
}

const episodeVideo = (tx: CatalogueTx, e: { title_id: number; id: number }) =>
  one(tx.q, 'SELECT 1 FROM media_assets WHERE title_id = $1 AND coalesce(episode_id, 0) = $2', [e.title_id, e.id]).then(Boolean);

/** Seasons, episodes, credits and dub editions of one title: each change locks the title first. */
export class AdminTitlePartsService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly catalogue: Catalogue,
  ) {}

  /* Seasons */

  async addSeason(actor: AuditActor, titleId: number, input: Out<typeof adminSeasonInput>): Promise<number> {
    return catalogueChange(this.pool, this.catalogue, async (tx) => {
      await seriesLocked(tx, titleId);
      if (await one(tx.q, 'SELECT 1 FROM seasons WHERE title_id = $1 AND number = $2', [titleId, input.number])) throw AppError.validation({ number: [m.seasonTaken] }, m.seasonTaken);
      const row = (await one<SeasonRow>(tx.q, 'INSERT INTO seasons (title_id, number, year) VALUES ($1, $2, $3) RETURNING id, title_id, number, year', [titleId, input.number, input.year ?? null]))!;
      await recordAudit(tx.db, actor, { action: 'season.create', entity: 'season', entityId: row.id, before: null, after: row });
      return row.id;
    });
  }

  /** A new number moves the season's episodes with it. */
  async updateSeason(actor: AuditActor, id: number, input: Out<typeof adminSeasonUpdate>): Promise<number> {
    return catalogueChange(this.pool, this.catalogue, async (tx) => {
      const before = await this.season(tx, id);
      await lockTitle(tx, before.title_id);
      const number = input.number ?? before.number;
      if (number !== before.number) {
        if (await one(tx.q, 'SELECT 1 FROM seasons WHERE title_id = $1 AND number = $2', [before.title_id, number])) throw AppError.validation({ number: [m.seasonTaken] }, m.seasonTaken);
        await tx.q.query('UPDATE episodes SET season_number = $3 WHERE title_id = $1 AND season_number = $2', [before.title_id, before.number, number]);
        await tx.q.query('UPDATE media_files SET season_number = $3 WHERE title_id = $1 AND season_number = $2', [before.title_id, before.number, number]);
      }
      const after = (await one<SeasonRow>(tx.q, 'UPDATE seasons SET number = $2, year = $3 WHERE id = $1 RETURNING id, title_id, number, year', [id, number, input.year === undefined ? before.year : input.year]))!;
      await recordAudit(tx.db, actor, { action: 'season.update', entity: 'season', entityId: id, before, after });
      return before.title_id;
    });
  }

  /** Removes a season with its episodes, unless one of them has video. */
  async removeSeason(actor: AuditActor, id: number): Promise<number> {
    return catalogueChange(this.pool, this.catalogue, async (tx) => {
      const season = await this.season(tx, id);
      await lockTitle(tx, season.title_id);
      const episodes = (await tx.q.query<EpisodeRow>(`SELECT ${EPISODE_COLUMNS} FROM episodes WHERE title_id = $1 AND season_number = $2 ORDER BY episode_number`, [season.title_id, season.number])).rows;
      for (const e of episodes) if (await episodeVideo(tx, e)) throw new AppError('CONFLICT', 409, m.hasVideo);
      await tx.q.query('DELETE FROM episodes WHERE title_id = $1 AND season_number = $2', [season.title_id, season.number]);
      await tx.q.query('DELETE FROM seasons WHERE id = $1', [id]);
      await recordAudit(tx.db, actor, { action: 'season.delete', entity: 'season', entityId: id, before: { ...season, episodes }, after: null });
      return season.title_id;
    });
  }

  private async season(tx: CatalogueTx, id: number): Promise<SeasonRow> {
    const row = await one<SeasonRow>(tx.q, 'SELECT id, title_id, number, year FROM seasons WHERE id = $1', [id]);
    if (!row) throw AppError.notFound(m.seasonNotFound);
    return row;
  }

  /* Episodes */

  async addEpisode(actor: AuditActor, titleId: number, input: Out<typeof adminEpisodeInput>): Promise<number> {
    return catalogueChange(this.pool, this.catalogue, async (tx) => {
      await seriesLocked(tx, titleId);
      if (!(await one(tx.q, 'SELECT 1 FROM seasons WHERE title_id = $1 AND number = $2', [titleId, input.season_number]))) {
        throw AppError.validation({ season_number: [m.seasonMissing] }, m.seasonMissing);
      }
      if (await hasEpisode(tx, titleId, input.season_number, input.episode_number)) throw AppError.validation({ episode_number: [m.episodeTaken] }, m.episodeTaken);
      const id = (await one<{ id: number }>(tx.q, `SELECT nextval(pg_get_serial_sequence('episodes', 'id'))::int AS id`, []))!.id;
      const row = (await one<EpisodeRow>(
        tx.q,
        `INSERT INTO episodes (id, imdb_id, title_id, season_number, episode_number, name_fa, name_en, year, runtime)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${EPISODE_COLUMNS}`,
        [id, localEpisodeImdbId(id), titleId, input.season_number, input.episode_number, input.name_fa ?? null, input.name_en ?? null, input.year ?? null, input.runtime ?? null],
      ))!;
      await recordAudit(tx.db, actor, { action: 'episode.create', entity: 'episode', entityId: id, before: null, after: row });
      return id;
    });
  }

  async updateEpisode(actor: AuditActor, id: number, input: Out<typeof adminEpisodeUpdate>): Promise<number> {
    return catalogueChange(this.pool, this.catalogue, async (tx) => {
      const before = await this.episode(tx, id);
      await lockTitle(tx, before.title_id);
      const next = {
        season_number: input.season_number ?? before.season_number,
        episode_number: input.episode_number ?? before.episode_number,
        name_fa: input.name_fa === undefined ? before.name_fa : input.name_fa,
        name_en: input.name_en === undefined ? before.name_en : input.name_en,
        year: input.year === undefined ? before.year : input.year,
        runtime: input.runtime === undefined ? before.runtime : input.runtime,
      };
      if (next.season_number !== before.season_number && !(await one(tx.q, 'SELECT 1 FROM seasons WHERE title_id = $1 AND number = $2', [before.title_id, next.season_number]))) {
        throw AppError.validation({ season_number: [m.seasonMissing] }, m.seasonMissing);
      }
      if (await hasEpisode(tx, before.title_id, next.season_number, next.episode_number, id)) throw AppError.validation({ episode_number: [m.episodeTaken] }, m.episodeTaken);
      const after = (await one<EpisodeRow>(
        tx.q,
        `UPDATE episodes SET season_number = $2, episode_number = $3, name_fa = $4, name_en = $5, year = $6, runtime = $7 WHERE id = $1 RETURNING ${EPISODE_COLUMNS}`,
        [id, next.season_number, next.episode_number, next.name_fa, next.name_en, next.year, next.runtime],
      ))!;
      // The files page lists an episode's files by its numbers.
      await tx.q.query('UPDATE media_files SET season_number = $2, episode_number = $3 WHERE episode_id = $1', [id, next.season_number, next.episode_number]);
      await recordAudit(tx.db, actor, { action: 'episode.update', entity: 'episode', entityId: id, before, after });
      return before.title_id;
    });
  }

  async removeEpisode(actor: AuditActor, id: number): Promise<number> {
    return catalogueChange(this.pool, this.catalogue, async (tx) => {
      const before = await this.episode(tx, id);
      await lockTitle(tx, before.title_id);
      if (await episodeVideo(tx, before)) throw new AppError('CONFLICT', 409, m.hasVideo);
      await tx.q.query('DELETE FROM episodes WHERE id = $1', [id]);
      await recordAudit(tx.db, actor, { action: 'episode.delete', entity: 'episode', entityId: id, before, after: null });
      return before.title_id;
    });
  }

  private async episode(tx: CatalogueTx, id: number): Promise<EpisodeRow> {
    const row = await one<EpisodeRow>(tx.q, `SELECT ${EPISODE_COLUMNS} FROM episodes WHERE id = $1`, [id]);
    if (!row) throw AppError.notFound(m.episodeNotFound);
    return row;
  }

  /* Credits */

  async addCredit(actor: AuditActor, titleId: number, input: Out<typeof adminCreditInput>): Promise<void> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      await lockTitle(tx, titleId);
      if (!(await one(tx.q, 'SELECT 1 FROM people WHERE id = $1', [input.person_id]))) throw AppError.validation({ person_id: [m.personNotFound] }, m.personNotFound);
      const row = await one(
        tx.q,
        `INSERT INTO credits (title_id, person_id, role, character, billing)
         VALUES ($1, $2, $3, $4, (SELECT coalesce(max(billing) + 1, 0) FROM credits WHERE title_id = $1 AND role = $3))
         ON CONFLICT DO NOTHING RETURNING title_id, person_id, role, character, billing`,
        [titleId, input.person_id, input.role, input.character ?? null],
      );
      if (!row) throw AppError.validation({ person_id: [m.creditTaken] }, m.creditTaken);
      await recordAudit(tx.db, actor, { action: 'title.credit_add', entity: 'title', entityId: titleId, before: null, after: row });
    });
  }

  async updateCredit(actor: AuditActor, titleId: number, personId: number, role: CreditRole, character: string | null | undefined): Promise<void> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      await lockTitle(tx, titleId);
      const before = await this.credit(tx, titleId, personId, role);
      const after = await one(tx.q, 'UPDATE credits SET character = $4 WHERE title_id = $1 AND person_id = $2 AND role = $3 RETURNING title_id, person_id, role, character, billing', [
        titleId,
        personId,
        role,
        character ?? null,
      ]);
      await recordAudit(tx.db, actor, { action: 'title.credit_update', entity: 'title', entityId: titleId, before, after });
    });
  }

  async removeCredit(actor: AuditActor, titleId: number, personId: number, role: CreditRole): Promise<void> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      await lockTitle(tx, titleId);
      const before = await this.credit(tx, titleId, personId, role);
      await tx.q.query('DELETE FROM credits WHERE title_id = $1 AND person_id = $2 AND role = $3', [titleId, personId, role]);
      await recordAudit(tx.db, actor, { action: 'title.credit_remove', entity: 'title', entityId: titleId, before, after: null });
    });
  }

  /** The whole order of one role's credits; the list must name each of them once. */
  async reorderCredits(actor: AuditActor, titleId: number, input: Out<typeof adminCreditOrder>): Promise<void> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      await lockTitle(tx, titleId);
      const current = (await tx.q.query<{ person_id: number }>('SELECT person_id FROM credits WHERE title_id = $1 AND role = $2 ORDER BY billing, person_id', [titleId, input.role])).rows.map((r) => r.person_id);
      if (!sameSet(current, input.person_ids)) throw AppError.validation({ person_ids: [m.creditOrderMismatch] }, m.creditOrderMismatch);
      await tx.q.query(
        `UPDATE credits c SET billing = (x.n - 1)::smallint FROM unnest($3::int[]) WITH ORDINALITY AS x(person_id, n)
         WHERE c.title_id = $1 AND c.role = $2 AND c.person_id = x.person_id`,
        [titleId, input.role, input.person_ids],
      );
      await recordAudit(tx.db, actor, { action: 'title.credits_reorder', entity: 'title', entityId: titleId, before: { role: input.role, person_ids: current }, after: { role: input.role, person_ids: input.person_ids } });
    });
  }

  private async credit(tx: CatalogueTx, titleId: number, personId: number, role: CreditRole) {
    const row = await one(tx.q, 'SELECT title_id, person_id, role, character, billing FROM credits WHERE title_id = $1 AND person_id = $2 AND role = $3', [titleId, personId, role]);
    if (!row) throw AppError.notFound(m.creditNotFound);
    return row;
  }

  /* Dub editions: `titles.has_dub` follows whether any is left. */

  async addDub(actor: AuditActor, titleId: number, input: Out<typeof adminDubInput>): Promise<void> {
    await catalogueChange(this.pool, this.catalogue, async (tx) => {
      await lockTitle(tx, titleId);
      const row = await one<DubRow>(tx.q, 'INSERT INTO dubs (title_id, studio, language) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id, title_id, studio, language', [
        titleId,
        input.studio,
        input.language ?? 'fa',
      ]);
      if (!row) throw AppError.validation({ studio: [m.dubTaken] }, m.dubTaken);
      await syncHasDub(tx, titleId);
      await recordAudit(tx.db, actor, { action: 'title.dub_add', entity: 'title', entityId: titleId, before: null, after: row });
    });
  }

  async updateDub(actor: AuditActor, id: number, input: Out<typeof adminDubUpdate>): Promise<number> {
    return catalogueChange(this.pool, this.catalogue, async (tx) => {
      const before = await this.dub(tx, id);
      await lockTitle(tx, before.title_id);
      let after: DubRow | undefined;
      try {
        after = await one<DubRow>(tx.q, 'UPDATE dubs SET studio = $2, language = $3 WHERE id = $1 RETURNING id, title_id, studio, language', [id, input.studio ?? before.studio, input.language ?? before.language]);
      } catch (err) {
        if (pgCode(err) === pgCodes.unique) throw AppError.validation({ studio: [m.dubTaken] }, m.dubTaken);
        throw err;
      }
      await recordAudit(tx.db, actor, { action: 'title.dub_update', entity: 'title', entityId: before.title_id, before, after });
      return before.title_id;
    });
  }

  /** A dub that video files play is kept: removing it would silently delete those files' rows. */
  async removeDub(actor: AuditActor, id: number): Promise<number> {
    return catalogueChange(this.pool, this.catalogue, async (tx) => {
      const before = await this.dub(tx, id);
      await lockTitle(tx, before.title_id);
      if (await one(tx.q, 'SELECT 1 FROM media_files WHERE title_id = $1 AND dub_id = $2 LIMIT 1', [before.title_id, id])) throw new AppError('CONFLICT', 409, m.dubHasFiles);
      await tx.q.query('DELETE FROM dubs WHERE id = $1', [id]);
      await syncHasDub(tx, before.title_id);
      await recordAudit(tx.db, actor, { action: 'title.dub_remove', entity: 'title', entityId: before.title_id, before, after: null });
      return before.title_id;
    });
  }

  private async dub(tx: CatalogueTx, id: number): Promise<DubRow> {
    const row = await one<DubRow>(tx.q, 'SELECT id, title_id, studio, language FROM dubs WHERE id = $1', [id]);
    if (!row) throw AppError.notFound(m.dubNotFound);
    return row;
  }
}

async function syncHasDub(tx: CatalogueTx, titleId: number) {
  await tx.q.query('UPDATE titles SET has_dub = EXISTS (SELECT 1 FROM dubs d WHERE d.title_id = $1), updated_at = now() WHERE id = $1', [titleId]);
}

/** Whether `order` names exactly the ids of `current`, each once. */
export function sameSet(current: number[], order: number[]): boolean {
  if (current.length !== order.length || new Set(order).size !== order.length) return false;
  const have = new Set(current);
  return order.every((id) => have.has(id));
}
