import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { ACCENT_SOLID } from './accent';

type Props = {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  'data-testid'?: string;
};

/**
 * A rounded toggle in a row of choices (seasons, a person's roles): the chosen one filled with
 * the accessible teal, the others outlined. `aria-pressed` tells assistive technology which.
 */
export function PillButton({ pressed, onClick, children, 'data-testid': testId }: Props) {
  return (
    <Box
      component="button"
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      data-testid={testId}
      sx={{
        flexShrink: 0,
        font: 'inherit',
        fontSize: '0.9rem',
        fontWeight: pressed ? 700 : 500,
        cursor: 'pointer',
        px: 2,
        height: 38,
        borderRadius: 5,
        border: 1,
        borderColor: pressed ? ACCENT_SOLID : 'divider',
        bgcolor: pressed ? ACCENT_SOLID : 'transparent',
        color: pressed ? '#fff' : 'text.primary',
      }}
    >
      {children}
    </Box>
  );
}
