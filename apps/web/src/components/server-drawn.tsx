import { useEffect, useId, useState, type HTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { getFallbackArtUrl } from './art-image';

const ATTR = 'data-server-drawn';

type Props = HTMLAttributes<HTMLUListElement> & {
  /**
   * What the content is drawn from. While none of these changes, a part the server drew is
   * kept as it came; when one does, React draws the part itself.
   */
  deps: readonly unknown[];
  children: ReactNode;
};

/** The element of the part with this id, when the page has it. */
function partElement(id: string): Element | null {
  if (typeof document === 'undefined') return null;
  for (const el of document.querySelectorAll(`[${ATTR}]`)) if (el.getAttribute(ATTR) === id) return el;
  return null;
}

/**
 * A list of a server-rendered page that has nothing to do but be read and followed: a grid or
 * row of cards, each a link with its image. Taking the page over, React keeps this part as the
 * server drew it instead of building it again (hundreds of elements on a list page), and draws
 * it itself only when its content changes (another page of the list, other filters). Until then
 * its links open their pages inside the app, and a broken image shows the default artwork, as
 * they would if React had drawn them (docs/decisions/0013).
 *
 * The part is found by its `useId`, which is the same on the server and while React takes a
 * server-rendered page over; a part mounted later has an id the server never wrote, and is
 * drawn by React at once.
 */
export function ServerDrawn({ deps, children, ...props }: Props) {
  const id = useId();
  const navigate = useNavigate();
  const [kept, setKept] = useState(() => {
    const el = partElement(id);
    return el ? { html: el.innerHTML, deps } : null;
  });
  if (kept && (kept.deps.length !== deps.length || kept.deps.some((d, i) => !Object.is(d, deps[i])))) setKept(null);

  const isKept = kept !== null;
  useEffect(() => {
    const el = isKept ? partElement(id) : null;
    if (!el) return;
    const fail = (img: HTMLImageElement) => {
      // As ArtImage does: the default artwork, and nothing if even that fails.
      if (img.dataset.fallback === 'true') img.remove();
      else {
        img.dataset.fallback = 'true';
        img.src = getFallbackArtUrl();
      }
    };
    const onError = (e: Event) => {
      if (e.target instanceof HTMLImageElement) fail(e.target);
    };
    el.addEventListener('error', onError, true);
    // An image may have failed before the app was there to hear it.
    for (const img of el.querySelectorAll('img')) if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) fail(img);
    return () => el.removeEventListener('error', onError, true);
  }, [isKept, id]);

  if (!kept)
    return (
      <ul key="drawn" {...props} data-server-drawn={id}>
        {children}
      </ul>
    );

  /** A plain click on one of the part's links opens its page inside the app, as a router link does. */
  const followLink = (e: MouseEvent<HTMLUListElement>) => {
    props.onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    const link = e.target instanceof Element ? e.target.closest('a') : null;
    if (!link || !e.currentTarget.contains(link) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    e.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };
  return <ul key="kept" {...props} data-server-drawn={id} onClick={followLink} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: kept.html }} />;
}
