// `npm run fonts -w apps/web`: cuts the two site fonts down to what the site writes with, into
// src/theme/fonts/ (committed). The published files carry whole scripts and every weight from
// 100 to 900: Estedad's Arabic-script file (57 kB) holds Urdu, Sindhi and African letters and
// the presentation forms, and the site sets text in 400 to 800 only. Persian's letters, digits
// and punctuation in those weights are 18 kB, and the page waits for fewer bytes before it
// draws its largest image (docs/decisions/0014). src/theme/fonts.test.ts checks the files
// against these lists and shapes Persian and English text with both, glyph for glyph.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const range = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The weights the site's styles use; one variable font carries them all. */
export const WEIGHTS = { min: 400, max: 800 };

/**
 * Persian as people write it: the Arabic letters (also those that arrive in pasted Arabic text,
 * ة ي ك أ إ ؤ ئ), the Persian letters, the short vowels and marks, both digit sets, the Persian
 * comma, semicolon, question mark, percent and the decimal and thousands separators that
 * Intl's fa-IR numbers use, and the joiners and direction marks.
 */
export const PERSIAN = [
  0x20, 0xa0,
  0x060c, 0x061b, 0x061f,
  ...range(0x0621, 0x063a),
  ...range(0x0640, 0x0655),
  ...range(0x0660, 0x066d),
  0x0670, 0x067e, 0x0686, 0x0698, 0x06a9, 0x06af, 0x06c0, 0x06cc,
  ...range(0x06f0, 0x06f9),
  ...range(0x200c, 0x200f),
];

/** English titles and names: ASCII, Latin-1's letters and signs, dashes, quotes and the ellipsis. */
export const LATIN = [...range(0x20, 0x7e), ...range(0xa0, 0xff), 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x2122];

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = (pkg, file) => createRequire(import.meta.url).resolve(`@fontsource-variable/${pkg}/files/${file}`);

export const FONTS = [
  { out: 'estedad-persian.woff2', from: source('estedad', 'estedad-arabic-wght-normal.woff2'), codePoints: PERSIAN },
  { out: 'rubik-latin.woff2', from: source('rubik', 'rubik-latin-wght-normal.woff2'), codePoints: LATIN },
];

export const FONTS_DIR = path.join(web, 'src', 'theme', 'fonts');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { default: subsetFont } = await import('subset-font');
  for (const font of FONTS) {
    const original = fs.readFileSync(font.from);
    const text = String.fromCodePoint(...font.codePoints);
    const out = await subsetFont(original, text, { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } });
    fs.writeFileSync(path.join(FONTS_DIR, font.out), out);
    console.log(`${font.out}: ${(original.length / 1024).toFixed(1)} kB -> ${(out.length / 1024).toFixed(1)} kB`);
  }
}
