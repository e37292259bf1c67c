import type { EmotionCache } from '@emotion/cache';
import { createContext } from 'react';

/**
 * The Emotion cache MUI's parts of the page write their styles to: the server renderer's one per
 * request, or none in the browser (the page's own, theme/emotion-cache.ts, is then used). A
 * context of the app's own, so the app's root need not load Emotion (docs/decisions/0010).
 */
export const EmotionCacheContext = createContext<EmotionCache | null>(null);
