import type { TitleDetail } from '@parde/contract';
import { formatDuration, formatNumber } from '@parde/persian';
import FolderIcon from 'plain-icon:Folder';
import OndemandVideoIcon from 'plain-icon:OndemandVideo';
import PhotoLibraryIcon from 'plain-icon:PhotoLibrary';
import PlayArrowIcon from 'plain-icon:PlayArrow';
import WorkspacePremiumIcon from 'plain-icon:WorkspacePremium';
import { useEffect, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArtImage } from '../../../components/art-image';
import { formatVotes, formatYears } from '../../../components/format';
import { ImdbRating, RottenTomatoesBadge } from '../../../components/rating-badges';
import { EnglishName } from '../../../components/title-card';
import { paths } from '../../../config/paths';
import { PLAY_ON_ARRIVAL, whenIdle } from '../../../lib/play-intent';
import { messages } from '../messages';
import { needsPremium, useTitleAccess } from '../api/get-title-access';
import { PremiumGate } from './premium-gate';
import { TitleMemberActions, type MemberAccess } from './title-actions';
import { TitleRating } from './title-rating';

/**
 * Getting the watch screen ready before it is opened (the route composes it: the player is a
 * feature of its own, and its code must stay out of this page's first visit).
 */
export type WatchWarmup = {
  /** The watch screen's code: asked for when the page is idle, or on hover, focus or touch. */
  loadCode: () => void;
  /** The press on «تماشا»: the code and the play information, in parallel. */
  press: (titleId: number) => void;
};

/** A plain press: not one opening a new tab or window. */
const plainPress = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * The top of the title page: backdrop, poster, names, the facts a viewer decides by, ratings,
 * genres and countries (each opening a filtered list), and the actions. Always dark, like a
 * cinema, whatever the theme.
 */
export function TitleHero({ title, access, watch }: { title: TitleDetail; access: MemberAccess; watch?: WatchWarmup }) {
  const nameFa = title.titleFa ?? title.titleEn;
  const years = formatYears(title.year, title.endYear, title.type === 'series');
  const facts = [years, title.runtime ? formatDuration(title.runtime) : null, messages.type[title.type]].filter(Boolean) as string[];
  const showOriginal = title.titleOriginal && title.titleOriginal !== title.titleEn;
  // A locked title's play button leads to premium instead of a player that would refuse.
  const watchAccess = useTitleAccess(title.id, access.isMember, !title.isFree);
  const gate = !title.isFree && needsPremium(watchAccess.data) ? watchAccess.data : null;
  const locked = gate !== null;
  // Playable here: free, or the API said this viewer may watch. Only then is the player's code
  // fetched unasked, once the page has loaded and is idle (never on a metered connection).
  const playable = title.isFree || watchAccess.data?.canWatch === true;
  const loadCode = watch?.loadCode;
  useEffect(() => (playable && loadCode ? whenIdle(loadCode) : undefined), [playable, loadCode]);
  const warm = locked ? undefined : loadCode;

  return (
    <div data-testid="title-hero" className="p-title-hero">
      {/* Phone: the backdrop on top. Desktop: on the end side (left), fading into the dark where the text is. */}
      <div className="p-title-hero__backdrop">
        <ArtImage
          src={title.backdrop}
          alt=""
          kind="backdrop"
          priority
          // 16:9 on a phone; on a desktop the box's height, the image dimmed (.p-art--hero).
          className="p-art--hero"
        />
        <div aria-hidden="true" className="p-title-hero__shade" />
      </div>
      <div className="p-container p-container--xl p-title-hero__grid">
        <div className="p-title-hero__poster">
          <ArtImage src={title.poster} alt={messages.poster(nameFa)} priority />
        </div>
        <div className="p-title-hero__names">
          <h1 className="p-title-hero__name">{nameFa}</h1>
          {title.titleFa && (
            <EnglishName className="p-latin p-en--below p-en--hero">
              <span data-testid="title-en">{title.titleEn}</span>
            </EnglishName>
          )}
          {showOriginal && (
            <div className="p-title-hero__original">
              {messages.originalTitle}: <span dir="auto">{title.titleOriginal}</span>
            </div>
          )}
          <div data-testid="title-facts" className="p-title-hero__facts">
            {facts.map((f, i) => (
              <span key={f} className="p-title-hero__fact">
                {i > 0 && <span aria-hidden="true">•</span>}
                {f}
              </span>
            ))}
            {title.ageRating && (
              <span dir="ltr" title={messages.ageRating} aria-label={`${messages.ageRating}: ${title.ageRating}`} className="p-title-hero__age">
                {title.ageRating}
              </span>
            )}
          </div>
        </div>
        <div className="p-title-hero__details">
          <div className="p-title-hero__ratings">
            {title.rating !== null && (
              <div className="p-title-hero__imdb">
                <ImdbRating rating={title.rating} size="large" flush />
                {title.votes > 0 && <span className="p-title-hero__votes">{messages.votes(formatVotes(title.votes))}</span>}
              </div>
            )}
            <RottenTomatoesBadge rt={title.rottenTomatoes} size="large" flush />
          </div>
          {(title.genres.length > 0 || title.countries.length > 0) && (
            <ul aria-label={`${messages.details.genres} و ${messages.details.countries}`} className="p-title-hero__tags">
              {title.genres.map((g) => (
                <li key={`g${g.id}`}>
                  <RouterLink to={paths.home.getHref({ genre: g.id })} data-testid="genre-link" className="p-title-hero__tag">
                    {g.titleFa}
                  </RouterLink>
                </li>
              ))}
              {title.countries.map((c) => (
                <li key={`c${c.code}`}>
                  <RouterLink to={paths.home.getHref({ country: c.code })} data-testid="country-link" className="p-title-hero__tag p-title-hero__tag--country">
                    {c.nameFa}
                  </RouterLink>
                </li>
              ))}
            </ul>
          )}
          <div role="group" aria-label={messages.actions.label} className="p-title-hero__actions">
            {!(locked && access.kids) && (
              <RouterLink
                to={locked ? paths.goPremium.getHref() : paths.watch.getHref(title.imdbId, title.id)}
                // One press plays: the watch screen starts on arrival.
                state={locked ? undefined : PLAY_ON_ARRIVAL}
                onPointerEnter={warm}
                onFocus={warm}
                onTouchStart={warm}
                onClick={(e) => {
                  if (!locked && watch && plainPress(e)) watch.press(title.id);
                }}
                tabIndex={0}
                data-testid="watch-button"
                data-locked={locked}
                className="p-btn p-btn--contained p-btn--lift p-title-hero__watch"
              >
                {locked ? <WorkspacePremiumIcon className="p-start-icon" /> : <PlayArrowIcon className="p-start-icon" />}
                {locked ? messages.actions.watchPremium : messages.actions.watch}
              </RouterLink>
            )}
            <RouterLink to={title.filesPath} tabIndex={0} data-testid="files-link" className="p-btn p-btn--outlined p-title-hero__btn p-title-hero__btn--primary">
              <FolderIcon className="p-start-icon" />
              {title.fileCount > 0 ? messages.actions.filesCount(formatNumber(title.fileCount, 0)) : messages.actions.files}
            </RouterLink>
            {title.trailer && (
              <RouterLink to={title.trailer.path} tabIndex={0} data-testid="trailer-link" className="p-btn p-btn--outlined p-title-hero__btn p-title-hero__btn--primary">
                <OndemandVideoIcon className="p-start-icon" />
                {messages.actions.trailer}
              </RouterLink>
            )}
            {access.isMember && (
              <RouterLink to={paths.screenshots.getHref(title.id)} tabIndex={0} data-testid="screenshots-link" className="p-btn p-btn--outlined p-title-hero__btn p-title-hero__btn--primary">
                <PhotoLibraryIcon className="p-start-icon" />
                {messages.actions.screenshots}
              </RouterLink>
            )}
            <TitleMemberActions titleId={title.id} access={access} />
          </div>
          <TitleRating titleId={title.id} access={access} />
          {gate && (
            <div className="p-title-hero__gate">
              <PremiumGate reason={gate.reason} onDark withButton={false} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
