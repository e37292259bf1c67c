import { describe, expect, it } from 'vitest';
import { trailerEmbedUrl } from './embed-url';

describe('trailerEmbedUrl', () => {
  it('points at the privacy-enhanced player, autoplaying, in Persian', () => {
    expect(trailerEmbedUrl('YoHD9XEInc0')).toBe('https://www.youtube-nocookie.com/embed/YoHD9XEInc0?autoplay=1&rel=0&hl=fa&cc_lang_pref=fa');
  });

  it('refuses anything that is not a video id', () => {
    for (const bad of ['', 'short', 'YoHD9XEInc0/../x', 'javascript:x', 'YoHD9XEInc0?a=1', 'ابجدهوزحطی']) expect(trailerEmbedUrl(bad)).toBeNull();
  });
});
