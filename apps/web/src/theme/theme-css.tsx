import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { renderToString } from 'react-dom/server';
import { createRtlCache } from './emotion-cache';
import { theme } from './theme';

/**
 * The theme's CSS variables (both colour schemes, under `html.dark` / `html.light`) and MUI's
 * baseline, as the stylesheet `theme-vars.css` (docs/decisions/0010). MUI's providers used to
 * write these into the page at run time; as a file, the build inlines them in the page's head,
 * and the shell and public screens need none of MUI's code for them. Run in Node by
 * theme-css.test.ts, which fails when the file and the theme differ and writes the file anew
 * under `npm run theme:css -w apps/web`.
 */
export function themeCss(): string {
  const cache = createRtlCache();
  const html = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme} defaultMode="dark">
        <CssBaseline enableColorScheme />
      </ThemeProvider>
    </CacheProvider>,
  );
  // On the server, Emotion writes global styles as style elements in the markup itself.
  const css = [...html.matchAll(/<style data-emotion="[^"]*">([^<]*)<\/style>/g)].map((m) => m[1]).join('');
  return `/* Written by \`npm run theme:css -w apps/web\` from src/theme/theme.ts: do not edit. */\n${css.replace(/\}/g, '}\n')}`;
}
