import crypto from 'node:crypto';

/**
 * Generated artwork: every title and person gets a distinct poster drawn from its own name, so
 * the demo catalogue needs no downloads and a missing image never shows a broken icon.
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function palette(seed: string) {
  const h = crypto.createHash('sha1').update(seed).digest();
  const hue = (h[0]! * 360) / 256;
  const hue2 = (hue + 40 + (h[1]! % 80)) % 360;
  return { a: `hsl(${hue.toFixed(0)} 55% 32%)`, b: `hsl(${hue2.toFixed(0)} 60% 14%)`, accent: `hsl(${hue.toFixed(0)} 70% 70%)`, angle: h[2]! % 180 };
}

/** Splits a name into at most `maxLines` lines of about `width` characters, on word boundaries. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    if ((cur + ' ' + w).trim().length > width && cur) {
      lines.push(cur);
      cur = w;
    } else cur = (cur + ' ' + w).trim();
  }
  if (cur) lines.push(cur);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

const FONT = "Estedad, Vazirmatn, 'Noto Sans Arabic', Tahoma, sans-serif";

export function posterSvg(opts: { seed: string; titleFa: string | null; titleEn: string; year: number | null; wide?: boolean }): string {
  const { a, b, accent, angle } = palette(opts.seed);
  const [w, hgt] = opts.wide ? [1280, 720] : [300, 450];
  const main = opts.titleFa || opts.titleEn;
  const lines = wrap(main, opts.wide ? 24 : 14, 3);
  const size = opts.wide ? 64 : 30;
  const y0 = hgt / 2 - ((lines.length - 1) * size * 1.3) / 2;
  const text = lines
    .map((l, i) => `<text x="${w / 2}" y="${(y0 + i * size * 1.3).toFixed(0)}" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle" direction="rtl">${esc(l)}</text>`)
    .join('');
  const sub = opts.titleFa ? esc(wrap(opts.titleEn, opts.wide ? 48 : 24, 1)[0] ?? '') : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${hgt}" viewBox="0 0 ${w} ${hgt}" font-family="${FONT}">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${w * 0.8}" cy="${hgt * 0.18}" r="${w * 0.35}" fill="${accent}" opacity=".12"/>
<rect x="${w * 0.06}" y="${hgt * 0.06}" width="${w * 0.88}" height="${hgt * 0.88}" fill="none" stroke="#fff" stroke-opacity=".18" rx="8"/>
${text}
${sub ? `<text x="${w / 2}" y="${hgt * 0.82}" font-size="${opts.wide ? 32 : 15}" fill="#fff" fill-opacity=".8" text-anchor="middle" direction="ltr">${sub}</text>` : ''}
${opts.year ? `<text x="${w / 2}" y="${hgt * 0.9}" font-size="${opts.wide ? 28 : 14}" fill="${accent}" text-anchor="middle">${opts.year}</text>` : ''}
</svg>`;
}

export function personSvg(opts: { seed: string; nameFa: string | null; nameEn: string }): string {
  const { a, b, accent } = palette(`p${opts.seed}`);
  const name = opts.nameFa || opts.nameEn;
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((p) => p[0]).join('‌');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300" font-family="${FONT}">
<defs><radialGradient id="g" cx=".3" cy=".3" r="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></radialGradient></defs>
<rect width="300" height="300" fill="url(#g)"/>
<circle cx="150" cy="118" r="54" fill="${accent}" opacity=".25"/>
<path d="M60 270c8-52 46-80 90-80s82 28 90 80z" fill="${accent}" opacity=".25"/>
<text x="150" y="136" font-size="48" font-weight="700" fill="#fff" text-anchor="middle" direction="rtl">${esc(initials)}</text>
</svg>`;
}

export const FALLBACK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450" viewBox="0 0 300 450">
<rect width="300" height="450" fill="#1e1e1e"/><path d="M110 180h80v90h-80z M125 195v60l45-30z" fill="#444" fill-rule="evenodd"/>
</svg>`;
