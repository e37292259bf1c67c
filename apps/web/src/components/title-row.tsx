import ChevronLeftIcon from 'plain-icon:ChevronLeft';
import ChevronRightIcon from 'plain-icon:ChevronRight';
import type { CSSProperties, ReactNode } from 'react';
import { useRef } from 'react';
import { messages } from './messages';

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
 */
export function HorizontalRow({ children, label, columns, testId }: { children: ReactNode[]; label: string; columns?: RowColumns; testId?: string }) {
  const ref = useRef<HTMLUListElement>(null);
  const scroll = (forward: boolean) => {
    const el = ref.current;
    if (!el) return;
    // In RTL the row advances towards the left: negative scrollLeft.
    const dir = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollBy({ left: (forward ? 1 : -1) * dir * el.clientWidth * 0.85, behavior: 'smooth' });
  };
  return (
    <div className="p-row">
      <ul ref={ref} aria-label={label} data-testid={testId} className="p-row__list" style={columns ? columnVars(columns) : undefined}>
        {children}
      </ul>
      {children.length > 5 && (
        <>
          <button type="button" aria-label={messages.rowPrevious} onClick={() => scroll(false)} className="p-icon-btn p-row__nav p-row__nav--prev">
            <ChevronRightIcon />
          </button>
          <button type="button" aria-label={messages.rowNext} onClick={() => scroll(true)} className="p-icon-btn p-row__nav p-row__nav--next">
            <ChevronLeftIcon />
          </button>
        </>
      )}
    </div>
  );
}
