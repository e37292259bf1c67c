import { useEffect, useRef, useState } from 'react';
import { getApiBase } from '../config/env';

/** Width / height of the three kinds of artwork the API serves (their boxes: .p-art--<kind> in theme/catalogue.css). */
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
  /** Overrides the kind's ratio (one for every width; a class can set it per width instead). */
  ratio?: string;
  /** The screen's largest image: load at once and first. */
  priority?: boolean;
  /** Above the fold but not the largest (a grid's first row): at once, at normal priority. */
  eager?: boolean;
  sizes?: string;
  /** Classes for the box, from theme/catalogue.css (`p-art--fill`, `p-art--avatar`…). */
  className?: string;
};

/**
 * An image in a box of fixed aspect ratio, so nothing moves when it arrives; a missing or
 * broken image shows the default artwork instead. Plain elements styled by the page's
 * stylesheet (theme/catalogue.css): a list shows dozens, nothing is computed per image.
 */
export function ArtImage({ src, alt, kind = 'poster', ratio, priority = false, eager = false, sizes, className }: Props) {
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
  return (
    <div className={`p-art p-art--${kind}${className ? ` ${className}` : ''}`} style={ratio ? { aspectRatio: ratio } : undefined}>
      {shownImage && (
        <img
          src={shown}
          alt={alt}
          sizes={sizes}
          loading={priority || eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          data-fallback={usesFallback ? 'true' : undefined}
          ref={img}
          onError={onError}
        />
      )}
    </div>
  );
}
