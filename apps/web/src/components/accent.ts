import type { Theme } from '@mui/material/styles';

/**
 * Teal text that keeps AA contrast in both schemes: the light shade on dark backgrounds, the
 * dark shade on light ones (the brand teal itself is too dim for small text on either).
 */
export const accentText = (theme: Theme) => ({
  color: theme.vars?.palette.secondary.dark ?? theme.palette.secondary.dark,
  ...theme.applyStyles('dark', { color: theme.vars?.palette.secondary.light ?? theme.palette.secondary.light }),
});

/**
 * The teal for filled controls with white text. The brand teal (#19857b) gives white text
 * 4.48:1, just under AA; this shade of it gives 5.2:1.
 */
export const ACCENT_SOLID = '#167a70';
export const ACCENT_SOLID_HOVER = '#12665e';

/** A filled accent control: contained buttons, pressed toggles, the current page. */
export const solidAccent = {
  bgcolor: ACCENT_SOLID,
  borderColor: ACCENT_SOLID,
  color: '#fff',
  '&:hover': { bgcolor: ACCENT_SOLID_HOVER },
} as const;
