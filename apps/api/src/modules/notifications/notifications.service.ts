import type { Notification, NotificationKind } from '@parde/contract';
import { formatJalali, toPersianDigits } from '@parde/persian';
import type { Db } from '../../db/client';
import { webPaths } from '../../lib/urls';
import type { Catalogue } from '../../lib/catalogue-version';
import { iso, pageMeta, type Executor } from '../../db/executor';
import { NotificationsRepository, type NewNotification, type NotificationRow, type TitleName } from './notifications.repository';

/**
 * The events a member hears about. Producers (requests, the importer or admin, premium, gifts)
 * call `notify` / `notifyWatchers` with one of these, inside their own transaction, so the
 * notification exists exactly when the change it reports does.
 */
export type NotificationEvent =
  | {
      kind: 'request_answered';
      requestId: number;
      requestTitle: string;
      status: 'fulfilled' | 'rejected';
      response: string | null;
      title: { id: number; slug: string } | null;
      /** Answers taken back before this one: a request answered again is told again. */
      revision?: number;
    }
  | {
      kind: 'request_reopened';
      requestId: number;
      requestTitle: string;
      /** The answer taken back. */
      previous: 'fulfilled' | 'rejected';
      reason: string;
      /** The wrong title left the member's watchlist. */
      watchlistRemoved: boolean;
      revision: number;
    }
  | { kind: 'title_released'; titleId: number; name: string; slug: string }
  | { kind: 'new_episode'; titleId: number; episodeId: number; name: string; slug: string; season: number; episode: number }
  | { kind: 'premium_expiring'; until: Date }
  | { kind: 'gift_received'; giftId: number; from: string | null; planName: string };

const repo = new NotificationsRepository();
const quote = (s: string) => `«${s}»`;

/** The Persian words and link of an event; written once, when it happens. */
export function renderNotification(e: NotificationEvent): NewNotification {
  switch (e.kind) {
    case 'request_answered': {
      const fulfilled = e.status === 'fulfilled';
      const extra = e.response ? ` پاسخ ما: ${e.response}` : '';
      return {
        kind: e.kind,
        title: fulfilled ? 'درخواست شما انجام شد' : 'پاسخ درخواست شما',
        body: fulfilled
          ? `${quote(e.requestTitle)} به پرده اضافه شد و در فهرست تماشای شما قرار گرفت.${extra}`
          : `متأسفانه درخواست ${quote(e.requestTitle)} پذیرفته نشد.${extra}`,
        link: e.title ? webPaths.title(e.title.id, e.title.slug) : '/user/dashboard',
        data: { requestId: e.requestId, status: e.status, titleId: e.title?.id ?? null },
        dedupeKey: e.revision ? `request:${e.requestId}:${e.revision}` : `request:${e.requestId}`,
      };
    }
    case 'request_reopened': {
      const taken = e.previous === 'fulfilled' ? 'پاسخ پیشین ما به درخواست' : 'پاسخ «پذیرفته نشد» به درخواست';
      const removed = e.watchlistRemoved ? ' عنوانی که با آن پاسخ به فهرست تماشای شما افزوده شده بود، برداشته شد.' : '';
      return {
        kind: e.kind,
        title: 'پاسخ درخواست شما اصلاح می‌شود',
        body: `${taken} ${quote(e.requestTitle)} نادرست بود و پس گرفته شد.${removed} درخواست شما دوباره در حال بررسی است و پاسخ درست را به‌زودی همین‌جا می‌بینید. توضیح ما: ${e.reason}`,
        link: '/user/dashboard',
        data: { requestId: e.requestId, status: 'pending', previous: e.previous },
        dedupeKey: `request-reopened:${e.requestId}:${e.revision}`,
      };
    }
    case 'title_released':
      return {
        kind: e.kind,
        title: `${quote(e.name)} منتشر شد`,
        body: `${quote(e.name)} که در فهرست تماشای شما بود، اکنون روی پرده است.`,
        link: webPaths.title(e.titleId, e.slug),
        data: { titleId: e.titleId },
        dedupeKey: `released:${e.titleId}`,
      };
    case 'new_episode':
      return {
        kind: e.kind,
        title: `قسمت تازهٔ ${quote(e.name)}`,
        body: `قسمت ${toPersianDigits(e.episode)} از فصل ${toPersianDigits(e.season)} ${quote(e.name)} منتشر شد.`,
        link: webPaths.title(e.titleId, e.slug),
        data: { titleId: e.titleId, episodeId: e.episodeId },
        dedupeKey: `episode:${e.episodeId}`,
      };
    case 'premium_expiring':
      return {
        kind: e.kind,
        title: 'اشتراک ویژهٔ شما رو به پایان است',
        body: `اشتراک ویژهٔ شما ${formatJalali(e.until, 'datetime')} به پایان می‌رسد. برای تماشای بی‌وقفه آن را تمدید کنید.`,
        link: '/premium/plans',
        data: { until: e.until.toISOString() },
        dedupeKey: `premium-expiring:${e.until.toISOString()}`,
      };
    case 'gift_received':
      return {
        kind: e.kind,
        title: 'هدیه گرفتید!',
        body: `${e.from ?? 'یکی از دوستانتان'} اشتراک ${quote(e.planName)} را به شما هدیه داد.`,
        link: '/user/dashboard',
        data: { giftId: e.giftId },
        dedupeKey: `gift:${e.giftId}`,
      };
  }
}

/** Notifies one member; false when this event was already reported to them. */
export function notify(db: Executor, userId: number, event: NotificationEvent): Promise<boolean> {
  return repo.insert(db, userId, renderNotification(event));
}

/** Notifies everyone with the title in their watchlist; answers how many were told. */
export function notifyWatchers(db: Executor, titleId: number, event: NotificationEvent & { kind: 'title_released' | 'new_episode' }): Promise<number> {
  return repo.insertForWatchers(db, titleId, renderNotification(event));
}

const nameOf = (t: TitleName) => t.titleFa ?? t.titleEn;

/**
 * For the importer and the admin panel: a coming-soon title is out. Those waiting for it (in their
 * watchlist) hear about it once, however often this is called for the title.
 */
export async function notifyTitleReleased(db: Executor, titleId: number): Promise<number> {
  const t = await repo.titleName(db, titleId);
  if (!t) return 0;
  return notifyWatchers(db, t.id, { kind: 'title_released', titleId: t.id, name: nameOf(t), slug: t.slug });
}

/**
 * Releases a coming-soon title and tells its watchers, in one transaction; `catalogue` (the app's)
 * forgets what it kept, so the title leaves the coming-soon list at once.
 */
export async function releaseComingSoonTitle(db: Db, titleId: number, catalogue?: Pick<Catalogue, 'changed'>): Promise<{ released: boolean; notified: number }> {
  const result = await db.transaction(async (tx) => {
    if (!(await repo.releaseComingSoon(tx, titleId))) return { released: false, notified: 0 };
    return { released: true, notified: await notifyTitleReleased(tx, titleId) };
  });
  if (result.released) catalogue?.changed();
  return result;
}

/** For the importer and the admin panel: a new episode of a series reaches everyone waiting for it. */
export async function notifyNewEpisode(db: Executor, episodeId: number): Promise<number> {
  const t = await repo.episodeTitle(db, episodeId);
  if (!t) return 0;
  return notifyWatchers(db, t.id, { kind: 'new_episode', titleId: t.id, episodeId, name: nameOf(t), slug: t.slug, season: t.seasonNumber, episode: t.episodeNumber });
}

export function toNotification(r: NotificationRow): Notification {
  return { id: r.id, kind: r.kind as NotificationKind, title: r.title, body: r.body, link: r.link, read: r.read, createdAt: iso(r.createdAt) };
}

export async function listNotifications(db: Executor, userId: number, profileId: number, page: number, perPage: number, kids = false) {
  const { rows, total } = await repo.page(db, userId, profileId, perPage, (page - 1) * perPage, kids);
  return { data: rows.map(toNotification), meta: pageMeta(page, perPage, total) };
}

export function markAllRead(db: Executor, userId: number, profileId: number): Promise<number> {
  return repo.markAllRead(db, userId, profileId);
}
