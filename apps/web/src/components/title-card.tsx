import type { TitleCard as TitleCardData } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArtImage } from './art-image';
import { formatYears } from './format';
import { messages } from './messages';
import { ImdbRating, RottenTomatoesBadge } from './rating-badges';

type Props = {
  title: TitleCardData;
  /** A query to add to the link (e.g. `dub=1` from the dubbed list). */
  linkSearch?: string;
  /** A line under the names: a character, an expected date… */
  note?: ReactNode;
  /** Shown on the poster's corner (a rank in a ranked collection). */
  rank?: number;
  priority?: boolean;
  /** The member's own rating, on their own lists (watchlist, history); nothing when unrated. */
  myRating?: number | null;
  /** Where the card leads instead of the title page (continue watching: the player). */
  href?: string;
  /** The link's router state (continue watching: play on arrival). */
  linkState?: unknown;
};

/**
 * Text block for an English name inside the right-to-left page: kept left-to-right. A plain
 * element styled by the page's stylesheet (.p-en); `className` adds to it.
 */
export function EnglishName({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span dir="ltr" lang="en" className={className ? `p-en ${className}` : 'p-en'}>
      {children}
    </span>
  );
}

/**
 * A title in any list: poster with its badges, Persian and English names, years and ratings.
 * The whole card is one link. A screen shows dozens of them, so they are plain elements with
 * the classes of theme/catalogue.css: nothing to compute per card while rendering.
 */
export function TitleCard({ title, linkSearch, note, rank, priority, myRating, href: to, linkState }: Props) {
  const nameFa = title.titleFa ?? title.titleEn;
  const years = formatYears(title.year, title.endYear, title.type === 'series');
  const href = to ?? (linkSearch ? `${title.path}?${linkSearch}` : title.path);
  return (
    <RouterLink to={href} state={linkState} className="p-card" data-testid="title-card" data-title-id={title.id}>
      <div className="p-card__poster">
        <ArtImage src={title.poster} alt="" kind="poster" eager={priority} />
        <div className="p-card__badges">
          <ImdbRating rating={title.rating} solid />
          <div className="p-card__chips">
            {title.hasDub && <span className="p-chip p-chip--dub">{messages.dubbed}</span>}
            {title.isFree && <span className="p-chip p-chip--free">{messages.free}</span>}
          </div>
        </div>
        {rank !== undefined && (
          <div aria-hidden="true" className="p-card__rank">
            {toPersianDigits(rank)}
          </div>
        )}
      </div>
      <div className="p-card__text">
        <span className="card-name p-card__name p-ellipsis">{nameFa}</span>
        {title.titleFa && <EnglishName className="p-card__en p-latin p-ellipsis">{title.titleEn}</EnglishName>}
        <div className="p-card__meta">
          {years && <span>{years}</span>}
          {title.type === 'series' && <span>{messages.series}</span>}
          <RottenTomatoesBadge rt={title.rottenTomatoes} inline />
        </div>
        {myRating != null && (
          <div data-testid="card-my-rating" className="p-card__mine">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d={STAR_PATH} />
            </svg>
            {messages.myRating(toPersianDigits(myRating))}
          </div>
        )}
        {note && <div className="p-card__note p-ellipsis">{note}</div>}
      </div>
    </RouterLink>
  );
}

/** Material's star (the icon set's `Star`), drawn inline: no icon component per card. */
const STAR_PATH = 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z';

/** The card's shape while its list loads (MUI Skeleton's look: .p-skel in theme/catalogue.css). */
export function TitleCardSkeleton() {
  return (
    <div aria-hidden="true" data-testid="title-card-skeleton">
      <span className="p-skel p-skel--rounded p-card-skel__poster" />
      <span className="p-skel p-skel--text p-card-skel__name" />
      <span className="p-skel p-skel--text p-card-skel__en" />
      <span className="p-skel p-skel--text p-card-skel__meta" />
    </div>
  );
}
