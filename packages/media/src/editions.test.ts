import { describe, expect, it } from 'vitest';
import { dubLabel, languageOfTag, originalAudioLabel } from './editions';

describe('audio edition names', () => {
  it('names the original by its language, and says only «صدای اصلی» when that is unknown', () => {
    expect(originalAudioLabel('انگلیسی')).toBe('صدای اصلی — انگلیسی');
    expect(originalAudioLabel(null)).toBe('صدای اصلی');
    expect(originalAudioLabel('  ')).toBe('صدای اصلی');
  });

  it('spells a dub «دوبلهٔ فارسی», with its studio when known', () => {
    expect(dubLabel('سورن')).toBe('دوبلهٔ فارسی — سورن');
    expect(dubLabel(null)).toBe('دوبلهٔ فارسی');
    expect(dubLabel('سورن')).not.toContain('دوبله‌ی');
  });
});

describe('languageOfTag', () => {
  it.each([
    ['eng', 'en'],
    ['EN', 'en'],
    ['en-US', 'en'],
    ['per', 'fa'],
    ['fas', 'fa'],
    ['ger', 'de'],
    ['fre', 'fr'],
  ])('reads %s as %s', (tag, code) => {
    expect(languageOfTag(tag)).toBe(code);
  });

  it.each([undefined, null, '', 'und', 'mul', 'zxx', 'xyz'])('knows no language from %s', (tag) => {
    expect(languageOfTag(tag)).toBeNull();
  });
});
