import type { ContentRequest, ContentRequestInput, ContentRequestStatus } from '@parde/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import type { ImageUrls } from '../../lib/urls';
import { iso, isoOrNull, pageMeta, pgCode, pgCodes } from '../../db/executor';
import { CatalogueRepository, type TitleCardRow } from '../catalogue/catalogue.repository';
import { toTitleCard } from '../catalogue/catalogue.mapper';
import { RequestsRepository, type RequestRow } from './requests.repository';

const statusLabels: Record<ContentRequestStatus, string> = {
  pending: 'در حال بررسی',
  fulfilled: 'انجام شد',
  rejected: 'پذیرفته نشد',
};

const repo = new RequestsRepository();

/** `tt0111161` from any IMDb title link, and the one canonical link the site stores and shows. */
export function parseImdb(link: string | null | undefined): { imdbId: string; imdbUrl: string } | null {
  const id = link ? /tt\d{7,10}/i.exec(link)?.[0]?.toLowerCase() : undefined;
  return id ? { imdbId: id, imdbUrl: `https://www.imdb.com/title/${id}/` } : null;
}

export function toContentRequest(r: RequestRow, card: TitleCardRow | undefined, img: ImageUrls): ContentRequest {
  const status = r.status as ContentRequestStatus;
  return {
    id: r.id,
    title: r.title,
    year: r.year,
    imdbId: r.imdbId,
    imdbUrl: r.imdbUrl,
    note: r.note,
    status,
    statusLabel: statusLabels[status],
    response: r.response,
    catalogueTitle: card ? toTitleCard(card, img) : null,
    createdAt: iso(r.createdAt),
    answeredAt: isoOrNull(r.answeredAt),
  };
}

export class RequestsService {
  private readonly catalogue: CatalogueRepository;

  constructor(private readonly database: Database) {
    this.catalogue = new CatalogueRepository(database.pool);
  }

  async create(userId: number, input: ContentRequestInput, img: ImageUrls): Promise<ContentRequest> {
    const imdb = parseImdb(input.imdb);
    try {
      const row = await repo.insert(this.database.db, {
        userId,
        title: input.title,
        year: input.year ?? null,
        imdbId: imdb?.imdbId ?? null,
        imdbUrl: imdb?.imdbUrl ?? null,
        note: input.note || null,
      });
      return toContentRequest(row, undefined, img);
    } catch (err) {
      if (pgCode(err) === pgCodes.unique) throw new AppError('DUPLICATE_REQUEST', 409);
      throw err;
    }
  }

  async list(userId: number, page: number, perPage: number, img: ImageUrls) {
    const { rows, total } = await repo.page(this.database.db, userId, perPage, (page - 1) * perPage);
    const cards = new Map((await this.catalogue.cardsByIds(rows.flatMap((r) => (r.titleId ? [r.titleId] : [])))).map((c) => [c.id, c]));
    return { data: rows.map((r) => toContentRequest(r, r.titleId ? cards.get(r.titleId) : undefined, img)), meta: pageMeta(page, perPage, total) };
  }
}
