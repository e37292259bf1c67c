import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef, useState } from 'react';
import { getApiBase } from '../config/env';

/** Width / height of the three kinds of artwork the API serves. */
export const ART_RATIOS = { poster: '2 / 3', backdrop: '16 / 9', portrait: '1 / 1' } as const;
export type ArtKind = keyof typeof ART_RATIOS;

let fallbackUrl: string | null = null;
/** The API's default artwork, for any image that is missing or fails to load. */
export function getFallbackArtUrl(): string {
  // The server renderer has no address bar; it only meets this for an image the API left out.
  if (typeof window === 'undefined') return '/api/artwork/fallback.svg';
  fallbackUrl ??= `${getApiBase(window.location)}/api/artwork/fallback.svg`;
  return fallbackUrl;
}

type Props = {
  src: string | null | undefined;
  /** Empty when the text beside the image already names it (cards). */
  alt: string;
  kind?: ArtKind;
  /** Overrides the kind's ratio (e.g. a wide hero crop of a backdrop). */
  ratio?: string | Partial<Record<'xs' | 'sm' | 'md' | 'lg', string>>;
  /** The screen's largest image: load at once and first. */
  priority?: boolean;
  /** Above the fold but not the largest (a grid's first row): at once, at normal priority. */
  eager?: boolean;
  sizes?: string;
  sx?: SxProps<Theme>;
  imgSx?: SxProps<Theme>;
};

/**
 * An image in a box of fixed aspect ratio, so nothing moves when it arrives; a missing or
 * broken image shows the default artwork instead.
 */
export function ArtImage({ src, alt, kind = 'poster', ratio, priority = false, eager = false, sizes, sx, imgSx }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [fallbackFailed, setFallbackFailed] = useState(false);
  const usesFallback = !src || failedSrc === src;
  const shown = usesFallback ? getFallbackArtUrl() : src;
  const onError = () => (usesFallback ? setFallbackFailed(true) : setFailedSrc(src ?? null));
  // A server-rendered image may have failed before the app was there to hear it.
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0 && el.getAttribute('src')) onError();
    // Only the image the page started with: later failures arrive through onError.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shownImage = !(usesFallback && fallbackFailed);
  const imgProps = {
    src: shown,
    alt,
    sizes,
    loading: priority || eager ? ('eager' as const) : ('lazy' as const),
    fetchPriority: priority ? ('high' as const) : undefined,
    decoding: 'async' as const,
    'data-fallback': usesFallback ? 'true' : undefined,
    ref: img,
    onError,
  };
  // Most artwork (every card) needs no styles of its own: plain elements and the page's
  // stylesheet (theme/catalogue.css), nothing computed per image.
  if (!sx && !imgSx && typeof ratio !== 'object') {
    return (
      <div className="p-art" style={{ aspectRatio: ratio ?? ART_RATIOS[kind] }}>
        {shownImage && <img {...imgProps} />}
      </div>
    );
  }
  return (
    <Box
      sx={[
        { position: 'relative', aspectRatio: ratio ?? ART_RATIOS[kind], overflow: 'hidden', bgcolor: 'action.hover', width: '100%' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {shownImage && (
        <Box
          component="img"
          {...imgProps}
          sx={[
            { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
            ...(Array.isArray(imgSx) ? imgSx : [imgSx]),
          ]}
        />
      )}
    </Box>
  );
}
