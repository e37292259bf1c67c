import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

type Props = {
  id: string;
  href: string;
  active: boolean;
  onSelect: () => void;
  onHover: () => void;
  children: ReactNode;
};

/**
 * One result: an option of the listbox, and a real link so a click, a middle-click or "open in
 * new tab" all work. Out of the tab order: the field keeps focus and points at it with
 * `aria-activedescendant` (the ARIA combobox pattern).
 */
export function ResultOption({ id, href, active, onSelect, onHover, children }: Props) {
  return (
    <Box
      component={RouterLink}
      to={href}
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      onClick={onSelect}
      onMouseMove={onHover}
      data-active={active ? 'true' : undefined}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 1.5,
        py: 1,
        color: 'text.primary',
        textDecoration: 'none',
        borderInlineStart: 3,
        borderColor: active ? 'secondary.main' : 'transparent',
        bgcolor: active ? 'action.selected' : 'transparent',
        '&:hover': { bgcolor: 'action.hover' },
        outline: 'none',
      }}
    >
      {children}
    </Box>
  );
}

type LineProps = { children: ReactNode; secondary?: boolean; strong?: boolean; wrap?: boolean };

/** One line of a result; long text ends in an ellipsis unless it may `wrap`. */
export function Line({ children, secondary = false, strong = false, wrap = false }: LineProps) {
  return (
    <Box
      component="span"
      sx={{
        display: 'block',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: wrap ? 'normal' : 'nowrap',
        fontSize: strong ? '0.95rem' : '0.8rem',
        fontWeight: strong ? 700 : 400,
        lineHeight: 1.6,
        color: secondary ? 'text.secondary' : 'text.primary',
      }}
    >
      {children}
    </Box>
  );
}

/** English text inside the right-to-left page: isolated and laid out left to right. */
export function English({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" lang="en">
      {children}
    </bdi>
  );
}
