import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TitleCard } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArtImage } from '../../../components/art-image';
import { formatYears } from '../../../components/format';
import { ImdbRating, RottenTomatoesBadge } from '../../../components/rating-badges';
import { EnglishName } from '../../../components/title-card';
import { desktopMedia, mobileMedia } from '../../../theme/theme';
import { useSlideshow } from '../api/get-slideshow';
import type { TypeFilter } from '../lib/list-filters';
import { messages } from '../messages';
import { solidAccent } from '../../../components/accent';

const AUTOPLAY_MS = 6500;
/** Reserved before anything loads, so the list below never moves. */
const frameRatio = { xs: '375 / 300', sm: '16 / 7', md: '1280 / 430' };
const m = messages.slideshow;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The picks at the top of the home and series lists: one slide at a time, fading, with
 * previous/next, dots, a pause button and swipe; it advances by itself unless paused,
 * hovered, focused, hidden or the visitor prefers reduced motion. No carousel library.
 */
export function Slideshow({ type }: { type: TypeFilter }) {
  const { data, isPending, isError } = useSlideshow(type);
  if (isError) return null;
  if (isPending) {
    return (
      <Box aria-hidden="true" data-testid="slideshow-skeleton" sx={{ position: 'relative', aspectRatio: frameRatio, bgcolor: 'action.hover' }}>
        <Skeleton variant="rectangular" sx={{ position: 'absolute', inset: 0, height: '100%' }} />
      </Box>
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
  const go = (i: number) => setIndex(((i % count) + count) % count);

  useEffect(() => {
    if (paused || held || count < 2 || reducedMotion()) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => window.clearTimeout(timer);
  }, [index, paused, held, count]);

  const near = (i: number) => i === index || i === (index + 1) % count || i === (index - 1 + count) % count;
  const nav = { color: '#fff', bgcolor: 'rgba(0,0,0,.55)', '&:hover': { bgcolor: 'rgba(0,0,0,.8)' } };

  return (
    <Box
      component="section"
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
      sx={{ position: 'relative', aspectRatio: frameRatio, overflow: 'hidden', bgcolor: '#0b0b0b', color: '#fff' }}
    >
      <Box aria-live={paused ? 'polite' : 'off'} sx={{ position: 'absolute', inset: 0 }}>
        {slides.map((t, i) => (
          <Slide key={t.id} title={t} active={i === index} loadImages={near(i)} priority={i === 0} label={m.slide(toPersianDigits(i + 1), toPersianDigits(count))} />
        ))}
      </Box>

      {count > 1 && (
        <>
          <IconButton aria-label={m.previous} onClick={() => go(index - 1)} sx={{ ...nav, position: 'absolute', top: '50%', transform: 'translateY(-50%)', insetInlineStart: 12, [mobileMedia]: { display: 'none' } }}>
            <ChevronRightIcon />
          </IconButton>
          <IconButton aria-label={m.next} onClick={() => go(index + 1)} sx={{ ...nav, position: 'absolute', top: '50%', transform: 'translateY(-50%)', insetInlineEnd: 12, [mobileMedia]: { display: 'none' } }}>
            <ChevronLeftIcon />
          </IconButton>
          <Box sx={{ position: 'absolute', bottom: { xs: 6, md: 14 }, insetInline: 0, display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 0.25 }}>
            <IconButton aria-label={paused ? m.play : m.pause} onClick={() => setPaused((p) => !p)} size="small" sx={{ ...nav, width: 28, height: 28, marginInlineEnd: 1 }}>
              {paused ? <PlayArrowIcon fontSize="small" /> : <PauseIcon fontSize="small" />}
            </IconButton>
            {slides.map((t, i) => (
              <Box
                key={t.id}
                component="button"
                type="button"
                aria-label={m.goTo(toPersianDigits(i + 1))}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
                sx={{
                  width: 24,
                  height: 24,
                  p: 0,
                  border: 0,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  '&::after': {
                    content: '""',
                    width: i === index ? 18 : 8,
                    height: 8,
                    borderRadius: 4,
                    bgcolor: i === index ? '#fff' : 'rgba(255,255,255,.55)',
                    transition: 'width .3s',
                  },
                  '&:focus-visible': { outline: '2px solid #fff', borderRadius: 1 },
                }}
              />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

function Slide({ title, active, loadImages, priority, label }: { title: TitleCard; active: boolean; loadImages: boolean; priority: boolean; label: string }) {
  const nameFa = title.titleFa ?? title.titleEn;
  const years = formatYears(title.year, title.endYear, title.type === 'series');
  return (
    <Box
      role="group"
      aria-roledescription="slide"
      aria-label={label}
      aria-hidden={!active}
      inert={!active}
      data-testid="slide"
      data-active={active ? 'true' : undefined}
      sx={{
        position: 'absolute',
        inset: 0,
        opacity: active ? 1 : 0,
        visibility: active ? 'visible' : 'hidden',
        transition: active ? 'opacity .7s ease, visibility 0s' : 'opacity .7s ease, visibility 0s linear .7s',
      }}
    >
      {loadImages && (
        <Box aria-hidden="true" sx={{ position: 'absolute', inset: 0, overflow: 'hidden' }}>
          {/* The poster, blurred and spread wide, stands in for a backdrop. */}
          <Box
            component="img"
            src={title.poster}
            alt=""
            decoding="async"
            loading={priority ? 'eager' : 'lazy'}
            // The first slide's backdrop is the home screen's largest paint.
            fetchPriority={priority ? 'high' : undefined}
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', filter: 'blur(28px) saturate(1.25)', transform: 'scale(1.2)', opacity: 0.75 }}
          />
        </Box>
      )}
      <Box
        aria-hidden="true"
        sx={{
          position: 'absolute',
          inset: 0,
          // Darkest on the text side (the start, right in RTL) and at the bottom. Written
          // left-to-right: the RTL style plugin mirrors "to right" into "to left".
          background: 'linear-gradient(to right, rgba(0,0,0,.85) 0%, rgba(0,0,0,.55) 45%, rgba(0,0,0,.2) 100%), linear-gradient(to top, rgba(0,0,0,.8), transparent 55%)',
        }}
      />
      <Box
        sx={{
          position: 'relative',
          height: '100%',
          maxWidth: 1536,
          mx: 'auto',
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 2, md: 4 },
          px: { xs: 2, sm: 3, md: 10 },
          pb: { xs: 3, md: 4 },
        }}
      >
        <Box
          component={RouterLink}
          to={title.path}
          tabIndex={-1}
          aria-hidden="true"
          sx={{ flexShrink: 0, width: { xs: 118, sm: 150, md: 230 }, borderRadius: 1.5, overflow: 'hidden', boxShadow: 8, display: 'block' }}
        >
          {loadImages && <ArtImage src={title.poster} alt="" priority={priority} />}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography component="h2" sx={{ fontWeight: 800, fontSize: { xs: '1.25rem', sm: '1.6rem', md: '2.4rem' }, lineHeight: 1.35, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {nameFa}
          </Typography>
          {title.titleFa && (
            <EnglishName sx={{ color: 'rgba(255,255,255,.82)', fontFamily: 'Rubik, sans-serif', fontSize: { xs: '0.85rem', md: '1.1rem' }, mt: 0.5, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {title.titleEn}
            </EnglishName>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1, md: 1.5 }, mt: { xs: 1, md: 2 }, fontSize: { xs: '0.8rem', md: '0.95rem' }, color: 'rgba(255,255,255,.9)' }}>
            <ImdbRating rating={title.rating} size="small" />
            <RottenTomatoesBadge rt={title.rottenTomatoes} />
            {years && <span>{years}</span>}
            <Box component="span" sx={{ [mobileMedia]: { display: 'none' } }}>
              {title.genres.slice(0, 3).map((g) => g.titleFa).join('، ')}
            </Box>
            {title.hasDub && (
              <Box component="span" sx={{ bgcolor: '#0b6b62', borderRadius: 1, px: 0.75, fontSize: '0.75rem', fontWeight: 700 }}>
                {m.dubbed}
              </Box>
            )}
          </Box>
          <Button
            component={RouterLink}
            to={title.path}
            variant="contained"
            startIcon={<PlayArrowIcon />}
            sx={{ ...solidAccent, mt: { xs: 1.5, md: 3 }, fontWeight: 700, px: { md: 3 }, [desktopMedia]: { py: 1 } }}
          >
            {m.details}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
