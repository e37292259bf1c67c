import createCache from '@emotion/cache';
import { StyleSheet } from '@emotion/sheet';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * Emotion adopts the style elements the server wrote by moving each one to where it keeps its
 * own (`StyleSheet#hydrate` re-inserts them). Every move takes a sheet out of the page and puts
 * it back, and the browser then restyles and lays out the whole page — twice over (the cache's
 * styles, then each global style) while the page is being taken over. The server already wrote
 * them in Emotion's order (global styles first, then the cache's), so they are adopted where
 * they stand; a style element that is not in the page yet is inserted as before.
 */
const insertTag = (sheet: StyleSheet, tag: HTMLStyleElement) =>
  (sheet as unknown as { _insertTag(tag: HTMLStyleElement): void })._insertTag(tag);
StyleSheet.prototype.hydrate = function hydrate(this: StyleSheet, nodes: HTMLStyleElement[]) {
  for (const node of nodes) {
    if (node.isConnected && node.parentNode === this.container) this.tags.push(node);
    else insertTag(this, node);
  }
};

/**
 * Emotion flips every left/right rule for the right-to-left layout (spec §1, §9).
 * Emotion prefixes by itself; adding stylis 4.4's `prefixer` here made every MUI text field
 * crash on `::placeholder` (a mismatch with Emotion's bundled stylis 4.2).
 * The server renderer makes one per page with the same key, so the browser's cache adopts the
 * styles the server wrote into the page.
 */
export const createRtlCache = () => createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] });

export const rtlCache = createRtlCache();
