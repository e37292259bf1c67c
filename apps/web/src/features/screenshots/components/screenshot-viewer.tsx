import ChevronLeftIcon from 'plain-icon:ChevronLeft';
import ChevronRightIcon from 'plain-icon:ChevronRight';
import CloseIcon from 'plain-icon:Close';
import { toPersianDigits } from '@parde/persian';
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import type { Screenshot } from '../api/get-screenshots';
import { messages } from '../messages';

type Props = {
  shots: Screenshot[];
  /** The screenshot shown, from 0. */
  index: number;
  /** The dialog's name for assistive technology. */
  label: string;
  onNavigate: (index: number) => void;
  onClose: () => void;
};

/**
 * One screenshot large, over the page: a modal dialog with a counter, previous and next, and
 * close. Right to left, the next image lies to the left: ArrowLeft goes forward, ArrowRight
 * back, and the buttons sit on those sides. The rest of the page is inert while it is open and
 * does not scroll; the caller puts focus back when it closes.
 */
export function ScreenshotViewer({ shots, index, label, onNavigate, onClose }: Props) {
  const dialog = useRef<HTMLDivElement>(null);
  const total = shots.length;
  const shot = shots[index];
  const go = (step: number) => onNavigate((index + step + total) % total);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    // Everything beside the dialog is out of reach (focus, clicks, screen readers) until it closes.
    const others = Array.from(document.body.children).filter((c) => c !== el && !c.hasAttribute('inert'));
    for (const other of others) other.setAttribute('inert', '');
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    el.focus();
    return () => {
      for (const other of others) other.removeAttribute('inert');
      root.style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return; // the browser's own shortcuts (Alt+← is "back")
    if (e.key === 'Escape') onClose();
    else if (e.key === 'ArrowLeft' && total > 1) go(1);
    else if (e.key === 'ArrowRight' && total > 1) go(-1);
    else return;
    // Handled here: the page's own Escape (the search panel's) leaves it alone.
    e.preventDefault();
    e.stopPropagation();
  };
  // A click on the dark area around the image closes, as in most viewers.
  const onBackdrop = (e: MouseEvent) => {
    if (e.target === e.currentTarget) onClose();
  };

  if (!shot) return null;
  const n = toPersianDigits(index + 1);
  const of = toPersianDigits(total);
  return createPortal(
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      tabIndex={-1}
      className="p-shot-viewer"
      data-testid="screenshot-viewer"
      onKeyDown={onKeyDown}
      onClick={onBackdrop}
    >
      <div className="p-shot-viewer__bar">
        <p className="p-shot-viewer__counter" aria-live="polite" data-testid="screenshot-counter">
          {messages.counter(n, of)}
        </p>
        <button type="button" className="p-icon-btn p-shot-viewer__close" aria-label={messages.close} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="p-shot-viewer__stage" onClick={onBackdrop}>
        <figure className="p-shot-viewer__frame">
          {/* Keyed: the next image does not show the previous one while it loads. */}
          <img key={shot.url} src={shot.url} alt={messages.shot(n, of)} decoding="async" />
        </figure>
        {total > 1 && (
          <>
            <button type="button" className="p-icon-btn p-shot-viewer__nav p-shot-viewer__nav--prev" aria-label={messages.previous} onClick={() => go(-1)}>
              <ChevronRightIcon />
            </button>
            <button type="button" className="p-icon-btn p-shot-viewer__nav p-shot-viewer__nav--next" aria-label={messages.next} onClick={() => go(1)}>
              <ChevronLeftIcon />
            </button>
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}
