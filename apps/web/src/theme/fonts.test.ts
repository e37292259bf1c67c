// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
// @ts-expect-error: no type declarations; convert(font, format) resolves to the converted bytes
import fontverter from 'fontverter';
import { Blob, Buffer as HbBuffer, Face, Font, Variation, shape } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain build script, without type declarations
import { FONTS, FONTS_DIR, WEIGHTS } from '../../build/subset-fonts.mjs';

type FontEntry = { out: string; from: string; codePoints: number[] };
const fonts = FONTS as FontEntry[];
const css = fs.readFileSync(path.join(import.meta.dirname, 'fonts.css'), 'utf8');

async function face(file: string): Promise<Face> {
  const sfnt: Uint8Array = await fontverter.convert(fs.readFileSync(file), 'truetype');
  return new Face(new Blob(sfnt), 0);
}

/** The @font-face rule that loads `file`, as property → value. */
function fontFace(file: string): Record<string, string> {
  const rule = css.split('@font-face').find((r) => r.includes(`./fonts/${file}`));
  if (!rule) throw new Error(`no @font-face loads ${file}`);
  return Object.fromEntries(
    [...rule.matchAll(/([a-z-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
  );
}

function codePointsOf(unicodeRange: string): number[] {
  return unicodeRange.split(',').flatMap((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/, '').split('-');
    const a = parseInt(from!, 16);
    const b = parseInt(to!, 16);
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
}

/** Where each glyph of `text` lands, set in `font` at `weight`: what the reader sees. */
function layout(font: Font, text: string, weight: number) {
  font.setVariations([new Variation('wght', weight)]);
  const buffer = new HbBuffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  shape(font, buffer);
  const positions = buffer.getGlyphPositions();
  return buffer.getGlyphInfos().map(({ cluster }, i) => ({ cluster, ...positions[i]! }));
}

const PERSIAN_TEXT = 'پرده: فیلم‌ها و سریال‌های دوبله، «کاتالوگ» ژانرها؛ امتیاز ۸٫۷ از ۱۰ — ۱٬۲۳۴ رأی؟ ۵۰٪ گچ ئ ؤ إ أ ة ي ك ـ َ ُ ِ ّ ً ۀ';
const LATIN_TEXT = 'The Shawshank Redemption (1994) — Amélie, “Léon”: Ça & Co. 8.7/10…';

describe('the site fonts, cut down to what the site writes with', () => {
  it('every Persian letter, both digit sets and Persian punctuation are in Estedad', async () => {
    const estedad = await face(path.join(FONTS_DIR, 'estedad-persian.woff2'));
    const has = new Set(estedad.collectUnicodes());
    const needed = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیآأإؤئءةيكۀ۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩،؛؟٪٫٬ـ\u200c\u064b\u064e\u064f\u0650\u0651\u0652\u0670 ';
    expect([...needed].filter((c) => !has.has(c.codePointAt(0)!))).toEqual([]);
  });

  it('the English letters and signs are in Rubik', async () => {
    const rubik = await face(path.join(FONTS_DIR, 'rubik-latin.woff2'));
    const has = new Set(rubik.collectUnicodes());
    expect([...LATIN_TEXT].filter((c) => !has.has(c.codePointAt(0)!))).toEqual([]);
  });

  for (const font of fonts) {
    it(`${font.out}: the stylesheet's unicode-range is exactly the characters the file has`, async () => {
      const has = [...(await face(path.join(FONTS_DIR, font.out))).collectUnicodes()].sort((a, b) => a - b);
      expect(codePointsOf(fontFace(font.out)['unicode-range']!)).toEqual(has);
    });

    it(`${font.out}: the stylesheet's weights are the file's`, async () => {
      const axis = (await face(path.join(FONTS_DIR, font.out))).getAxisInfos().wght!;
      expect([axis.min, axis.max]).toEqual([WEIGHTS.min, WEIGHTS.max]);
      expect(fontFace(font.out)['font-weight']).toBe(`${WEIGHTS.min} ${WEIGHTS.max}`);
    });
  }

  it('text is set exactly as the published font sets it, joined letters, marks and all, in every weight', async () => {
    for (const [font, text] of [
      [fonts[0]!, PERSIAN_TEXT],
      [fonts[1]!, LATIN_TEXT],
    ] as const) {
      const cut = new Font(await face(path.join(FONTS_DIR, font.out)));
      const whole = new Font(await face(font.from));
      for (const weight of [400, 500, 600, 700, 800]) {
        const got = layout(cut, text, weight);
        const want = layout(whole, text, weight);
        // The same glyphs in the same order, each placed within two thousandths of an em (limiting
        // the weight axis rounds some variation deltas by a unit or two: a 30th of a pixel at 16 px).
        expect(got.map((g) => g.cluster), `${font.out} at ${weight}`).toEqual(want.map((g) => g.cluster));
        expect(cut.face.upem).toBe(1000);
        const off = Math.max(...got.flatMap((g, i) => [g.xAdvance - want[i]!.xAdvance, g.yAdvance - want[i]!.yAdvance, g.xOffset - want[i]!.xOffset, g.yOffset - want[i]!.yOffset].map(Math.abs)));
        expect(off, `${font.out} at ${weight}`).toBeLessThanOrEqual(2);
      }
    }
  });

  it('the site asks for no weight the files lack', () => {
    const src = path.join(import.meta.dirname, '..');
    const weights = new Set<number>();
    for (const file of fs.readdirSync(src, { recursive: true }).map(String)) {
      if (!/\.(tsx?|css)$/.test(file) || file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      for (const m of text.matchAll(/font-?weight['"]?\s*:\s*['"]?(\d{3})\b/gi)) weights.add(Number(m[1]));
    }
    expect(weights.size).toBeGreaterThan(2);
    expect([...weights].filter((w) => w < WEIGHTS.min || w > WEIGHTS.max)).toEqual([]);
  });
});
