import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { desktopMedia } from '../theme/media';
import { messages } from './messages';

const rowColumns = { xs: '40%', sm: '28%', md: 'calc((100% - 4 * 16px) / 5)', lg: 'calc((100% - 6 * 16px) / 7)' };

/**
 * A horizontal row that scrolls sideways (touch, trackpad, keyboard through its links), with
 * previous/next buttons on desktop. Items snap to the start edge, which is the right in RTL.
 */
export function HorizontalRow({ children, label, columns = rowColumns, testId }: { children: ReactNode[]; label: string; columns?: Record<string, string>; testId?: string }) {
  const ref = useRef<HTMLUListElement>(null);
  const scroll = (forward: boolean) => {
    const el = ref.current;
    if (!el) return;
    // In RTL the row advances towards the left: negative scrollLeft.
    const dir = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollBy({ left: (forward ? 1 : -1) * dir * el.clientWidth * 0.85, behavior: 'smooth' });
  };
  const button = { position: 'absolute', top: 'calc(50% - 40px)', zIndex: 1, bgcolor: 'rgba(0,0,0,.7)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,.85)' }, display: 'none', [desktopMedia]: { display: 'inline-flex' } } as const;
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="ul"
        ref={ref}
        aria-label={label}
        data-testid={testId}
        sx={{
          display: 'grid',
          gridAutoFlow: 'column',
          gridAutoColumns: columns,
          gap: 2,
          overflowX: 'auto',
          overscrollBehaviorX: 'contain',
          scrollSnapType: 'x mandatory',
          scrollPaddingInline: 0,
          listStyle: 'none',
          m: 0,
          p: 0,
          pb: 1,
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
          '& > li': { scrollSnapAlign: 'start', minWidth: 0 },
        }}
      >
        {children}
      </Box>
      {children.length > 5 && (
        <>
          <IconButton aria-label={messages.rowPrevious} onClick={() => scroll(false)} size="small" sx={{ ...button, insetInlineStart: -14 }}>
            <ChevronRightIcon />
          </IconButton>
          <IconButton aria-label={messages.rowNext} onClick={() => scroll(true)} size="small" sx={{ ...button, insetInlineEnd: -14 }}>
            <ChevronLeftIcon />
          </IconButton>
        </>
      )}
    </Box>
  );
}
