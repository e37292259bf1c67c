import ChevronLeftIcon from 'plain-icon:ChevronLeft';
import ChevronRightIcon from 'plain-icon:ChevronRight';
import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { messages } from './messages';
import { ServerDrawn } from './server-drawn';

const BREAKPOINTS = ['xs', 'sm', 'md', 'lg'] as const;
/** The width of one item from each breakpoint up (MUI's: xs 0, sm 600, md 900, lg 1200 px). */
export type RowColumns = Partial<Record<(typeof BREAKPOINTS)[number], string>>;

/** A caller's column widths as the row's CSS variables; a breakpoint left out keeps the one below it. */
function columnVars(columns: RowColumns): CSSProperties {
  const vars: Record<string, string> = {};
  let width: string | undefined;
  for (const bp of BREAKPOINTS) {
    width = columns[bp] ?? width;
    if (width) vars[`--p-row-${bp}`] = width;
  }
  return vars as CSSProperties;
}

/**
 * A horizontal row that scrolls sideways (touch, trackpad, keyboard through its links), with
 * previous/next buttons on desktop. Items snap to the start edge, which is the right in RTL.
 * Plain elements styled by theme/catalogue.css (.p-row); the default columns are set there.
 * With `deps` (what its items are drawn from), a row the server drew is kept as it came while
 * they stay the same (components/server-drawn.tsx).
 */
export function HorizontalRow({
  children,
  label,
  columns,
  testId,
  deps,
}: {
  children: ReactNode[];
  label: string;
  columns?: RowColumns;
  testId?: string;
  deps?: readonly unknown[];
}) {
  const scroll = (e: MouseEvent<HTMLButtonElement>, forward: boolean) => {
    const el = e.currentTarget.parentElement?.querySelector('.p-row__list');
    if (!el) return;
    // In RTL the row advances towards the left: negative scrollLeft.
    const dir = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollBy({ left: (forward ? 1 : -1) * dir * el.clientWidth * 0.85, behavior: 'smooth' });
  };
  const list = { 'aria-label': label, 'data-testid': testId, className: 'p-row__list', style: columns ? columnVars(columns) : undefined };
  return (
    <div className="p-row">
      {deps ? (
        <ServerDrawn deps={deps} {...list}>
          {children}
        </ServerDrawn>
      ) : (
        <ul {...list}>{children}</ul>
      )}
      {children.length > 5 && (
        <>
          <button type="button" aria-label={messages.rowPrevious} onClick={(e) => scroll(e, false)} className="p-icon-btn p-row__nav p-row__nav--prev">
            <ChevronRightIcon />
          </button>
          <button type="button" aria-label={messages.rowNext} onClick={(e) => scroll(e, true)} className="p-icon-btn p-row__nav p-row__nav--next">
            <ChevronLeftIcon />
          </button>
        </>
      )}
    </div>
  );
}
