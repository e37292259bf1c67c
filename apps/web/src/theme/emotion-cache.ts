import createCache from '@emotion/cache';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * Emotion flips every left/right rule for the right-to-left layout (spec §1, §9).
 * Emotion prefixes by itself; adding stylis 4.4's `prefixer` here made every MUI text field
 * crash on `::placeholder` (a mismatch with Emotion's bundled stylis 4.2).
 */
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });
