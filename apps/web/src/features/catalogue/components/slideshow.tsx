import type { TitleCard } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import ChevronLeftIcon from 'plain-icon:ChevronLeft';
import ChevronRightIcon from 'plain-icon:ChevronRight';
import PauseIcon from 'plain-icon:Pause';
import PlayArrowIcon from 'plain-icon:PlayArrow';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArtImage } from '../../../components/art-image';
import { formatYears } from '../../../components/format';
import { ImdbRating, RottenTomatoesBadge } from '../../../components/rating-badges';
import { EnglishName } from '../../../components/title-card';
import { useSlideshow } from '../api/get-slideshow';
import type { TypeFilter } from '../lib/list-filters';
import { messages } from '../messages';

const AUTOPLAY_MS = 6500;
const m = messages.slideshow;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The picks at the top of the home and series lists: one slide at a time, fading, with
 * previous/next, dots, a pause button and swipe; it advances by itself unless paused,
 * hovered, focused, hidden or the visitor prefers reduced motion. No carousel library.
 * Plain elements styled by theme/catalogue.css; the frame's ratio (.p-picks-frame) is reserved
 * before anything loads, so the list below never moves.
 */
export function Slideshow({ type }: { type: TypeFilter }) {
  const { data, isPending, isError } = useSlideshow(type);
  if (isError) return null;
  if (isPending) {
    return (
      <div aria-hidden="true" data-testid="slideshow-skeleton" className="p-picks-frame p-picks-frame--loading">
        <span className="p-skel p-picks-frame__skeleton" />
      </div>
    );
  }
  if (data.length === 0) return null;
  return <SlideshowFrame slides={data} />;
}

function SlideshowFrame({ slides }: { slides: TitleCard[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const touchX = useRef<number | null>(null);
  const count = slides.length;
  // The slide a jump left keeps its content while it fades out.
  const [left, setLeft] = useState<number | null>(null);
  const go = (i: number) => {
    setLeft(index);
    setIndex(((i % count) + count) % count);
  };

  useEffect(() => {
    if (paused || held || count < 2 || reducedMotion()) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [index, paused, held, count]);

  const near = (i: number) => i === index || i === left || i === (index + 1) % count || i === (index - 1 + count) % count;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={m.label}
      data-testid="slideshow"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < 40) return;
        // Right to left: the next slide lies to the left, so dragging right brings it in.
        go(end > start ? index + 1 : index - 1);
      }}
      className="p-picks-frame p-slideshow"
    >
      <div aria-live={paused ? 'polite' : 'off'} className="p-slideshow__slides">
        {slides.map((t, i) => (
          <Slide key={t.id} title={t} active={i === index} near={near(i)} priority={i === 0} label={m.slide(toPersianDigits(i + 1), toPersianDigits(count))} />
        ))}
      </div>

      {count > 1 && (
        <>
          <button type="button" aria-label={m.previous} onClick={() => go(index - 1)} className="p-icon-btn p-slideshow__btn p-slideshow__arrow p-slideshow__arrow--prev">
            <ChevronRightIcon />
          </button>
          <button type="button" aria-label={m.next} onClick={() => go(index + 1)} className="p-icon-btn p-slideshow__btn p-slideshow__arrow p-slideshow__arrow--next">
            <ChevronLeftIcon />
          </button>
          <div className="p-slideshow__controls">
            <button type="button" aria-label={paused ? m.play : m.pause} onClick={() => setPaused((p) => !p)} className="p-icon-btn p-icon-btn--small p-slideshow__btn p-slideshow__pause">
              {paused ? <PlayArrowIcon fontSize="small" /> : <PauseIcon fontSize="small" />}
            </button>
            {slides.map((t, i) => (
              <button
                key={t.id}
                type="button"
                className="p-dot"
                aria-label={m.goTo(toPersianDigits(i + 1))}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * One slide. Only the slides next to the shown one carry their content (and images): the rest
 * are empty frames until the show comes near them, so the page stays light to draw and take over.
 * Plain elements styled by theme/catalogue.css.
 */
function Slide({ title, active, near, priority, label }: { title: TitleCard; active: boolean; near: boolean; priority: boolean; label: string }) {
  const nameFa = title.titleFa ?? title.titleEn;
  const years = formatYears(title.year, title.endYear, title.type === 'series');
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={label}
      aria-hidden={!active}
      inert={!active}
      data-testid="slide"
      data-active={active ? 'true' : undefined}
      className="p-slide"
    >
      {near && (
        <>
          <div aria-hidden="true" className="p-slide__backdrop">
            <img
              src={title.poster}
              alt=""
              decoding="async"
              loading={priority ? 'eager' : 'lazy'}
              // The first slide's backdrop is the home screen's largest paint.
              fetchPriority={priority ? 'high' : undefined}
            />
          </div>
          <div aria-hidden="true" className="p-slide__shade" />
          <div className="p-slide__body">
            <RouterLink to={title.path} tabIndex={-1} aria-hidden="true" className="p-slide__poster">
              <ArtImage src={title.poster} alt="" priority={priority} />
            </RouterLink>
            <div className="p-slide__text">
              <h2 className="p-slide__title">{nameFa}</h2>
              {title.titleFa && <EnglishName className="p-slide__en p-latin p-ellipsis">{title.titleEn}</EnglishName>}
              <div className="p-slide__facts">
                <ImdbRating rating={title.rating} size="small" />
                <RottenTomatoesBadge rt={title.rottenTomatoes} />
                {years && <span>{years}</span>}
                <span className="p-slide__genres">{title.genres.slice(0, 3).map((g) => g.titleFa).join('، ')}</span>
                {title.hasDub && <span className="p-slide__dub">{m.dubbed}</span>}
              </div>
              <RouterLink to={title.path} className="p-btn p-btn--contained p-btn--lift p-slide__cta">
                <PlayArrowIcon className="p-start-icon" />
                {m.details}
              </RouterLink>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
