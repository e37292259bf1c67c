import type {} from '@mui/material/themeCssVarsAugmentation';
import { red } from '@mui/material/colors';
import { createTheme } from '@mui/material/styles';
import { persianLocale } from './locale';
import { FONT_FAMILY } from './media';

const brand = {
  primary: { main: '#606060' },
  secondary: { main: '#19857b' },
  error: { main: red.A400 },
};

/**
 * Spec §9: dark by default, RTL, Estedad + Rubik, MUI's default breakpoints, 8 px spacing,
 * radius 4. Colours are CSS variables so the light/dark/system switch needs no re-render.
 */
export const theme = createTheme(
  {
    direction: 'rtl',
    cssVariables: { colorSchemeSelector: 'class' },
    defaultColorScheme: 'dark',
    colorSchemes: {
      dark: {
        palette: {
          ...brand,
          background: { default: '#121212', paper: '#1b1b1b' },
          text: { primary: '#f2f2f2', secondary: '#b8b8b8' },
        },
      },
      light: {
        palette: {
          ...brand,
          background: { default: '#f6f6f6', paper: '#ffffff' },
        },
      },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    spacing: 8,
    shape: { borderRadius: 4 },
    typography: {
      fontFamily: FONT_FAMILY,
      button: { textTransform: 'none' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { textRendering: 'optimizeLegibility' },
          // Hidden-but-readable text for screen readers (badges, icon-only links).
          '.visually-hidden': {
            position: 'absolute',
            width: 1,
            height: 1,
            margin: -1,
            padding: 0,
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
            border: 0,
          },
        },
      },
      // Spec §9: the autocomplete keeps left-to-right text. A string, because only a CSS
      // comment can tell the RTL plugin not to flip this one declaration.
      MuiAutocomplete: { styleOverrides: { root: '/* @noflip */ direction: ltr;' } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  },
  persianLocale,
);
