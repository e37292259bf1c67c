import type { Comment, CommentInput, CommentUpdateInput, TopComment } from '@parde/contract';
import { formatJalali } from '@parde/persian';
import type { Db } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { pageMeta, pgCode, pgCodes, pgConstraint, type Executor } from '../../db/executor';
import type { CatalogueRepository } from '../catalogue/catalogue.repository';
import { toComment } from './comments.mapper';
import { commentMessages as m } from './comments.messages';
import { CommentsRepository } from './comments.repository';

/** Foreign keys that failed because something was deleted (or never existed) meanwhile. */
function missingReference(err: unknown): AppError | undefined {
  if (pgCode(err) !== pgCodes.foreignKey) return undefined;
  const constraint = pgConstraint(err) ?? '';
  if (constraint.includes('parent_id')) return AppError.validation({ parent_id: [m.parentNotFound] }, m.parentNotFound);
  if (constraint.includes('title_id')) return AppError.notFound(m.titleNotFound);
  return AppError.notFound(m.commentNotFound);
}

async function guard<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw missingReference(err) ?? err;
  }
}

export class CommentsService {
  private readonly repo = new CommentsRepository();

  constructor(
    private readonly db: Db,
    private readonly catalogue: CatalogueRepository,
  ) {}

  /** A muted member (an operator's decision, until a time) writes nothing: 403 saying until when, in the Jalali calendar. */
  private async notMuted(db: Executor, userId: number) {
    const until = await this.repo.mutedUntil(db, userId);
    if (until) throw new AppError('MEMBER_MUTED', 403, m.muted(formatJalali(until, 'datetime')));
  }

  /** A comment or a reply; a reply to a reply joins the thread of its top comment. */
  async create(userId: number, input: CommentInput, profileName: string | null = null): Promise<Comment> {
    const row = await guard(
      this.db.transaction(async (tx) => {
        await this.notMuted(tx, userId);
        let parentId: number | null = null;
        if (input.parent_id) {
          // A hidden or deleted comment takes no new replies.
          const parent = await this.repo.visibleById(tx, input.parent_id);
          if (!parent) throw AppError.validation({ parent_id: [m.parentNotFound] }, m.parentNotFound);
          if (parent.title_id !== input.title_id) throw AppError.validation({ parent_id: [m.parentOtherTitle] }, m.parentOtherTitle);
          parentId = parent.parent_id ?? parent.id;
        }
        const id = await this.repo.insert(tx, { titleId: input.title_id, userId, profileName, parentId, body: input.body, spoiler: input.spoiler });
        return (await this.repo.byId(tx, id))!;
      }),
    );
    return toComment(row);
  }

  /** Locks the comment and checks it is the member's: 404 when it is gone, 403 when it is someone else's. */
  private async own(tx: Parameters<Parameters<Db['transaction']>[0]>[0], userId: number, id: number) {
    const owner = await this.repo.lockOwner(tx, id);
    if (!owner) throw AppError.notFound(m.commentNotFound);
    if (owner.userId !== userId) throw new AppError('FORBIDDEN', 403, m.notYours);
  }

  async update(userId: number, id: number, input: CommentUpdateInput): Promise<Comment> {
    const row = await this.db.transaction(async (tx) => {
      await this.own(tx, userId, id);
      await this.notMuted(tx, userId);
      await this.repo.update(tx, id, { body: input.body, spoiler: input.spoiler });
      return (await this.repo.byId(tx, id))!;
    });
    return toComment(row);
  }

  /** Deleting a top comment takes its replies with it. */
  async remove(userId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.own(tx, userId, id);
      await this.repo.remove(tx, id);
    });
  }

  async toggleLike(userId: number, id: number): Promise<{ liked: boolean; likes: number }> {
    if (!(await this.repo.visibleById(this.db, id))) throw AppError.notFound(m.commentNotFound);
    return guard(this.db.transaction((tx) => this.repo.toggleLike(tx, userId, id)));
  }

  /** One report per member and comment; reporting one's own comment makes no sense. */
  async report(userId: number, id: number, reason: string | undefined): Promise<void> {
    const comment = await this.repo.visibleById(this.db, id);
    if (!comment) throw AppError.notFound(m.commentNotFound);
    if (comment.user_id === userId) throw new AppError('FORBIDDEN', 403, m.ownReport);
    const first = await guard(this.repo.report(this.db, userId, id, reason || null));
    if (!first) throw new AppError('ALREADY_REPORTED', 409);
  }

  async top(titleId: number, page: number, perPage: number): Promise<{ data: TopComment[]; meta: ReturnType<typeof pageMeta> }> {
    if (!(await this.catalogue.detail(titleId))) throw AppError.notFound(m.titleNotFound);
    const { rows, total } = await this.repo.topPage(this.db, titleId, perPage, (page - 1) * perPage);
    const replies = await this.repo.replies(
      this.db,
      rows.map((r) => r.id),
    );
    const byParent = new Map<number, { list: Comment[]; count: number }>();
    for (const r of replies) {
      const entry = byParent.get(r.parent_id!) ?? { list: [], count: r.reply_count };
      entry.list.push(toComment(r));
      byParent.set(r.parent_id!, entry);
    }
    const data = rows.map((r) => ({ ...toComment(r), replies: byParent.get(r.id)?.list ?? [], replyCount: byParent.get(r.id)?.count ?? 0 }));
    return { data, meta: pageMeta(page, perPage, total) };
  }

  likedIds(userId: number, titleId: number): Promise<number[]> {
    return this.repo.likedIds(this.db, userId, titleId);
  }
}
