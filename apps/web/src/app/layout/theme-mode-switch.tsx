import { Suspense, useId, useState } from 'react';
import { lazyComponent } from '../../lib/lazy-route';
import { setThemeMode, useThemeMode } from '../../theme/color-scheme';
import { messages } from '../messages';
import { themeModeOptions } from './theme-mode-options';

// The menu (Popover, Modal) is fetched on first use, not on the first page load.
const ThemeModeMenu = lazyComponent(() => import('./theme-mode-menu'));

/**
 * The new colours at once, with no element fading between the schemes. Done here rather than
 * by the theme provider's `disableTransitionOnChange`, which also fires (forcing a restyle of
 * the whole page) when a server-rendered page is taken over.
 */
function withoutTransitions(change: () => void) {
  const style = document.createElement('style');
  style.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.appendChild(style);
  change();
  requestAnimationFrame(() => requestAnimationFrame(() => style.remove()));
}

/**
 * Light, dark or system (spec §4). The choice is kept in localStorage and switches the CSS
 * variables' class on `<html>` (theme/color-scheme.ts), so nothing re-renders.
 */
export function ThemeModeSwitch() {
  const mode = useThemeMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const current = themeModeOptions.find((o) => o.mode === mode) ?? themeModeOptions[0]!;
  return (
    <>
      <button
        type="button"
        // As MUI's ButtonBase: Safari's Tab then reaches it too.
        tabIndex={0}
        className="p-icon-btn p-shell-icon-btn"
        aria-label={`${messages.theme.label}: ${current.label}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="theme-mode-button"
        onClick={(e) => {
          setUsed(true);
          setAnchor(e.currentTarget);
        }}
      >
        {current.icon}
      </button>
      {used && (
        <Suspense fallback={null}>
          <ThemeModeMenu
            id={menuId}
            anchor={anchor}
            current={current.mode}
            onClose={() => setAnchor(null)}
            onSelect={(m) => {
              withoutTransitions(() => setThemeMode(m));
              setAnchor(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
