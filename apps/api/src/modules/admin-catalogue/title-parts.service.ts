import type { adminCreditInput, adminCreditOrder, adminDubInput, adminDubUpdate, adminEpisodeInput, adminEpisodeUpdate, adminSeasonInput, adminSeasonUpdate, CreditRole } from '@parde/contract';
import type { Db } from '../../db/client';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { pgCode, pgCodes } from '../../db/executor';
import { recordAudit, type AuditActor } from '../admin/audit';
import { nextId } from './admin-catalogue.repository';
import { m } from './messages';
import * as parts from './title-parts.repository';
import type { DubRow, EpisodeRow, SeasonRow } from './title-parts.repository';
import type { Catalogue } from '../../lib/catalogue-version';
import { catalogueChange, type CatalogueTx } from './tx';
import { lockTitle } from './titles.service';

type Out<T extends z.ZodType> = z.output<T>;

/** A hand-made episode's IMDb id: `tt8` and its own id in eight digits, a range IMDb does not use. */
export const localEpisodeImdbId = (id: number) => `tt8${String(id).padStart(8, '0')}`;

async function seriesLocked(tx: CatalogueTx, titleId: number) {
  const t = await lockTitle(tx, titleId);
  if (t.type !== 'series') throw AppError.validation({ type: [m.seasonsOnlyForSeries] }, m.seasonsOnlyForSeries);
  return t;
}

/** Seasons, episodes, credits and dub editions of one title: each change locks the title first. */
export class AdminTitlePartsService {
  constructor(
    private readonly db: Db,
    private readonly catalogue: Catalogue,
  ) {}

  /* Seasons */

  async addSeason(actor: AuditActor, titleId: number, input: Out<typeof adminSeasonInput>): Promise<number> {
    return catalogueChange(this.db, this.catalogue, async (tx) => {
      await seriesLocked(tx, titleId);
      if (await parts.hasSeason(tx.db, titleId, input.number)) throw AppError.validation({ number: [m.seasonTaken] }, m.seasonTaken);
      const row = await parts.insertSeason(tx.db, titleId, input.number, input.year ?? null);
      await recordAudit(tx.db, actor, { action: 'season.create', entity: 'season', entityId: row.id, before: null, after: row });
      return row.id;
    });
  }

  /** A new number moves the season's episodes with it. */
  async updateSeason(actor: AuditActor, id: number, input: Out<typeof adminSeasonUpdate>): Promise<number> {
    return catalogueChange(this.db, this.catalogue, async (tx) => {
      const before = await this.season(tx, id);
      await lockTitle(tx, before.title_id);
      const number = input.number ?? before.number;
      if (number !== before.number) {
        if (await parts.hasSeason(tx.db, before.title_id, number)) throw AppError.validation({ number: [m.seasonTaken] }, m.seasonTaken);
        await parts.renumberSeasonEpisodes(tx.db, before.title_id, before.number, number);
      }
      const after = await parts.updateSeason(tx.db, id, number, input.year === undefined ? before.year : input.year);
      await recordAudit(tx.db, actor, { action: 'season.update', entity: 'season', entityId: id, before, after });
      return before.title_id;
    });
  }

  /** Removes a season with its episodes, unless one of them has video. */
  async removeSeason(actor: AuditActor, id: number): Promise<number> {
    return catalogueChange(this.db, this.catalogue, async (tx) => {
      const season = await this.season(tx, id);
      await lockTitle(tx, season.title_id);
      const episodes = await parts.seasonEpisodes(tx.db, season.title_id, season.number);
      for (const e of episodes) if (await parts.episodeHasVideo(tx.db, e)) throw new AppError('CONFLICT', 409, m.hasVideo);
      await parts.deleteSeason(tx.db, id, season.title_id, season.number);
      await recordAudit(tx.db, actor, { action: 'season.delete', entity: 'season', entityId: id, before: { ...season, episodes }, after: null });
      return season.title_id;
    });
  }

  private async season(tx: CatalogueTx, id: number): Promise<SeasonRow> {
    const row = await parts.season(tx.db, id);
    if (!row) throw AppError.notFound(m.seasonNotFound);
    return row;
  }

  /* Episodes */

  async addEpisode(actor: AuditActor, titleId: number, input: Out<typeof adminEpisodeInput>): Promise<number> {
    return catalogueChange(this.db, this.catalogue, async (tx) => {
      await seriesLocked(tx, titleId);
      if (!(await parts.hasSeason(tx.db, titleId, input.season_number))) {
        throw AppError.validation({ season_number: [m.seasonMissing] }, m.seasonMissing);
      }
      if (await parts.hasEpisode(tx.db, titleId, input.season_number, input.episode_number, 0)) throw AppError.validation({ episode_number: [m.episodeTaken] }, m.episodeTaken);
      const id = await nextId(tx.db, 'episodes');
      const row = await parts.insertEpisode(tx.db, {
        id,
        imdbId: localEpisodeImdbId(id),
        titleId,
        seasonNumber: input.season_number,
        episodeNumber: input.episode_number,
        nameFa: input.name_fa ?? null,
        nameEn: input.name_en ?? null,
        year: input.year ?? null,
        runtime: input.runtime ?? null,
      });
      await recordAudit(tx.db, actor, { action: 'episode.create', entity: 'episode', entityId: id, before: null, after: row });
      return id;
    });
  }

  async updateEpisode(actor: AuditActor, id: number, input: Out<typeof adminEpisodeUpdate>): Promise<number> {
    return catalogueChange(this.db, this.catalogue, async (tx) => {
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
      if (next.season_number !== before.season_number && !(await parts.hasSeason(tx.db, before.title_id, next.season_number))) {
        throw AppError.validation({ season_number: [m.seasonMissing] }, m.seasonMissing);
      }
      if (await parts.hasEpisode(tx.db, before.title_id, next.season_number, next.episode_number, id)) throw AppError.validation({ episode_number: [m.episodeTaken] }, m.episodeTaken);
      const after = await parts.updateEpisode(tx.db, id, {
        seasonNumber: next.season_number,
        episodeNumber: next.episode_number,
        nameFa: next.name_fa,
        nameEn: next.name_en,
        year: next.year,
        runtime: next.runtime,
      });
      await recordAudit(tx.db, actor, { action: 'episode.update', entity: 'episode', entityId: id, before, after });
      return before.title_id;
    });
  }

  async removeEpisode(actor: AuditActor, id: number): Promise<number> {
    return catalogueChange(this.db, this.catalogue, async (tx) => {
      const before = await this.episode(tx, id);
      await lockTitle(tx, before.title_id);
      if (await parts.episodeHasVideo(tx.db, before)) throw new AppError('CONFLICT', 409, m.hasVideo);
      await parts.deleteEpisode(tx.db, id);
      await recordAudit(tx.db, actor, { action: 'episode.delete', entity: 'episode', entityId: id, before, after: null });
      return before.title_id;
    });
  }

  private async episode(tx: CatalogueTx, id: number): Promise<EpisodeRow> {
    const row = await parts.episode(tx.db, id);
    if (!row) throw AppError.notFound(m.episodeNotFound);
    return row;
  }

  /* Credits */

  async addCredit(actor: AuditActor, titleId: number, input: Out<typeof adminCreditInput>): Promise<void> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      await lockTitle(tx, titleId);
      if (!(await parts.personExists(tx.db, input.person_id))) throw AppError.validation({ person_id: [m.personNotFound] }, m.personNotFound);
      const row = await parts.insertCredit(tx.db, titleId, input.person_id, input.role, input.character ?? null);
      if (!row) throw AppError.validation({ person_id: [m.creditTaken] }, m.creditTaken);
      await recordAudit(tx.db, actor, { action: 'title.credit_add', entity: 'title', entityId: titleId, before: null, after: row });
    });
  }

  async updateCredit(actor: AuditActor, titleId: number, personId: number, role: CreditRole, character: string | null | undefined): Promise<void> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      await lockTitle(tx, titleId);
      const before = await this.credit(tx, titleId, personId, role);
      const after = await parts.setCreditCharacter(tx.db, titleId, personId, role, character ?? null);
      await recordAudit(tx.db, actor, { action: 'title.credit_update', entity: 'title', entityId: titleId, before, after });
    });
  }

  async removeCredit(actor: AuditActor, titleId: number, personId: number, role: CreditRole): Promise<void> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      await lockTitle(tx, titleId);
      const before = await this.credit(tx, titleId, personId, role);
      await parts.deleteCredit(tx.db, titleId, personId, role);
      await recordAudit(tx.db, actor, { action: 'title.credit_remove', entity: 'title', entityId: titleId, before, after: null });
    });
  }

  /** The whole order of one role's credits; the list must name each of them once. */
  async reorderCredits(actor: AuditActor, titleId: number, input: Out<typeof adminCreditOrder>): Promise<void> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      await lockTitle(tx, titleId);
      const current = await parts.creditOrder(tx.db, titleId, input.role);
      if (!sameSet(current, input.person_ids)) throw AppError.validation({ person_ids: [m.creditOrderMismatch] }, m.creditOrderMismatch);
      await parts.setCreditOrder(tx.db, titleId, input.role, input.person_ids);
      await recordAudit(tx.db, actor, { action: 'title.credits_reorder', entity: 'title', entityId: titleId, before: { role: input.role, person_ids: current }, after: { role: input.role, person_ids: input.person_ids } });
    });
  }

  private async credit(tx: CatalogueTx, titleId: number, personId: number, role: CreditRole) {
    const row = await parts.credit(tx.db, titleId, personId, role);
    if (!row) throw AppError.notFound(m.creditNotFound);
    return row;
  }

  /* Dub editions: `titles.has_dub` follows whether any is left. */

  async addDub(actor: AuditActor, titleId: number, input: Out<typeof adminDubInput>): Promise<void> {
    await catalogueChange(this.db, this.catalogue, async (tx) => {
      await lockTitle(tx, titleId);
      const row = await parts.insertDub(tx.db, titleId, input.studio, input.language ?? 'fa');
      if (!row) throw AppError.validation({ studio: [m.dubTaken] }, m.dubTaken);
      await parts.syncHasDub(tx.db, titleId);
      await recordAudit(tx.db, actor, { action: 'title.dub_add', entity: 'title', entityId: titleId, before: null, after: row });
    });
  }

  async updateDub(actor: AuditActor, id: number, input: Out<typeof adminDubUpdate>): Promise<number> {
    return catalogueChange(this.db, this.catalogue, async (tx) => {
      const before = await this.dub(tx, id);
      await lockTitle(tx, before.title_id);
      let after: DubRow | undefined;
      try {
        after = await parts.updateDub(tx.db, id, input.studio ?? before.studio, input.language ?? before.language);
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
    return catalogueChange(this.db, this.catalogue, async (tx) => {
      const before = await this.dub(tx, id);
      await lockTitle(tx, before.title_id);
      if (await parts.dubHasFiles(tx.db, before.title_id, id)) throw new AppError('CONFLICT', 409, m.dubHasFiles);
      await parts.deleteDub(tx.db, id);
      await parts.syncHasDub(tx.db, before.title_id);
      await recordAudit(tx.db, actor, { action: 'title.dub_remove', entity: 'title', entityId: before.title_id, before, after: null });
      return before.title_id;
    });
  }

  private async dub(tx: CatalogueTx, id: number): Promise<DubRow> {
    const row = await parts.dub(tx.db, id);
    if (!row) throw AppError.notFound(m.dubNotFound);
    return row;
  }
}

/** Whether `order` names exactly the ids of `current`, each once. */
export function sameSet(current: number[], order: number[]): boolean {
  if (current.length !== order.length || new Set(order).size !== order.length) return false;
  const have = new Set(current);
  return order.every((id) => have.has(id));
}
