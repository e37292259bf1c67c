import type { HistoryItem, HistoryVisitInput, MemberTitleCard, MemberTitleState } from '@parde/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import type { ImageUrls } from '../../lib/urls';
import { pageMeta, pgCode, pgCodes, iso } from '../../db/executor';
import { CatalogueRepository } from '../catalogue/catalogue.repository';
import { toTitleCard } from '../catalogue/catalogue.mapper';
import { toHistoryItem } from './member.mapper';
import { memberMessages as m } from './member.messages';
import { MemberRepository, type Who } from './member.repository';

/** A write that named a title which does not exist (the foreign key says so): a 404, not a 500. */
export async function titleMustExist<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (pgCode(err) === pgCodes.foreignKey) throw AppError.notFound(m.titleNotFound);
    throw err;
  }
}

/** Watchlist, history, likes and ratings of the signed-in member; each change is one transaction. */
export class MemberService {
  private readonly repo = new MemberRepository();
  private readonly catalogue: CatalogueRepository;

  constructor(private readonly database: Database) {
    this.catalogue = new CatalogueRepository(database.pool);
  }

  private get db() {
    return this.database.db;
  }

  /** A kids profile cannot reach a grown-up title here either: the same 404 as a missing one. */
  private async kidsMaySee(who: Who & { kids?: boolean }, titleId: number): Promise<void> {
    if (who.kids && !(await this.catalogue.visibleTo(titleId, true))) throw AppError.notFound(m.titleNotFound);
  }

  async toggleWatchlist(who: Who & { kids?: boolean }, titleId: number): Promise<{ inWatchlist: boolean }> {
    await this.kidsMaySee(who, titleId);
    const inWatchlist = await titleMustExist(this.db.transaction((tx) => this.repo.toggleWatchlist(tx, who, titleId)));
    return { inWatchlist };
  }

  async watchlist(who: Who & { kids: boolean }, page: number, perPage: number, img: ImageUrls): Promise<{ data: MemberTitleCard[]; meta: ReturnType<typeof pageMeta> }> {
    const { rows, total } = await this.repo.watchlistPage(this.db, who.profileId, perPage, (page - 1) * perPage);
    const ratings = new Map(rows.map((r) => [r.id, r.myRating]));
    const cards = await this.catalogue.cardsByIds(rows.map((r) => r.id), who.kids);
    return { data: cards.map((c) => ({ ...toTitleCard(c, img), myRating: ratings.get(c.id) ?? null })), meta: pageMeta(page, perPage, total) };
  }

  async recordVisit(who: Who & { kids?: boolean }, titleId: number, input: HistoryVisitInput) {
    await this.kidsMaySee(who, titleId);
    const episodeId = input.episode_id ?? null;
    const row = await titleMustExist(
      this.db.transaction(async (tx) => {
        if (episodeId !== null && !(await this.repo.episodeOfTitle(tx, episodeId, titleId))) {
          throw AppError.validation({ episode_id: [m.episodeNotInTitle] }, m.episodeNotInTitle);
        }
        return this.repo.recordVisit(tx, { ...who, titleId, episodeId, positionSec: input.position_sec ?? null });
      }),
    );
    return { titleId: row.title_id, episodeId: row.episode_id, positionSec: row.position_sec, visitedAt: iso(row.updated_at) };
  }

  async history(who: Who & { kids: boolean }, page: number, perPage: number, img: ImageUrls): Promise<{ data: HistoryItem[]; meta: ReturnType<typeof pageMeta> }> {
    const { rows, total } = await this.repo.historyPage(this.db, who.profileId, perPage, (page - 1) * perPage);
    const cards = new Map((await this.catalogue.cardsByIds(rows.map((r) => r.title_id), who.kids)).map((c) => [c.id, c]));
    const data = rows.flatMap((h) => {
      const card = cards.get(h.title_id);
      return card ? [toHistoryItem(card, h, img)] : [];
    });
    return { data, meta: pageMeta(page, perPage, total) };
  }

  clearHistory(who: Who, titleId?: number): Promise<void> {
    return this.repo.clearHistory(this.db, who.profileId, titleId);
  }

  async toggleLike(who: Who & { kids?: boolean }, titleId: number): Promise<{ liked: boolean; likes: number }> {
    await this.kidsMaySee(who, titleId);
    return titleMustExist(this.db.transaction((tx) => this.repo.toggleLike(tx, who, titleId)));
  }

  /** 1–10 sets the member's rating; null or 0 removes it. */
  async rate(who: Who & { kids?: boolean }, titleId: number, rating: number | null): Promise<{ rating: number | null }> {
    await this.kidsMaySee(who, titleId);
    const value = rating === null || rating === 0 ? null : rating;
    if (value === null) {
      await this.repo.setRating(this.db, who, titleId, null);
      return { rating: null };
    }
    await titleMustExist(this.db.transaction((tx) => this.repo.setRating(tx, who, titleId, value)));
    return { rating: value };
  }

  async titleState(who: Who & { kids: boolean }, titleId: number): Promise<MemberTitleState> {
    const row = await this.repo.titleState(this.db, who.profileId, titleId, who.kids);
    if (!row) throw AppError.notFound(m.titleNotFound);
    return { inWatchlist: row.in_watchlist, liked: row.liked, likes: row.likes, rating: row.rating };
  }
}
