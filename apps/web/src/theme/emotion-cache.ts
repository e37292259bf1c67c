import createCache from '@emotion/cache';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * Emotion flips every left/right rule for the right-to-left layout (spec §1, §9).
 * Emotion prefixes by itself; adding stylis 4.4's `prefixer` here made every MUI text field
 * crash on `::placeholder` (a mismatch with Emotion's bundled stylis 4.2).
 * The server renderer makes one per page with the same key, so the browser's cache adopts the
 * styles the server wrote into the page.
 */
export const createRtlCache = () => createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });

export const rtlCache = createRtlCache();
