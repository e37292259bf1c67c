import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { useContext, type ComponentType, type ReactNode } from 'react';
import { rtlCache } from '../theme/emotion-cache';
import { EmotionCacheContext } from '../theme/emotion-context';
import { theme } from '../theme/theme';

/**
 * What MUI's components need around them: the right-to-left Emotion cache and the theme.
 * The theme's CSS variables and baseline are a stylesheet of the page (theme/theme-vars.css) and
 * the colour scheme is the site's own (theme/color-scheme.ts), so this provider writes no styles
 * and leaves `<html>`'s class alone; several can stand in one page (docs/decisions/0010).
 */
export function MuiScope({ children }: { children: ReactNode }) {
  const cache = useContext(EmotionCacheContext) ?? rtlCache;
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme} defaultMode="dark" disableStyleSheetGeneration colorSchemeNode={null} storageManager={null}>
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/**
 * A screen or lazily loaded part that still uses MUI's components, in its own `MuiScope`: the
 * shell and public screens around it load none of MUI's code (docs/decisions/0010).
 */
export function withMui<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithMui(props: P) {
    return (
      <MuiScope>
        <Component {...props} />
      </MuiScope>
    );
  }
  WithMui.displayName = `WithMui(${Component.displayName ?? Component.name})`;
  return WithMui;
}
