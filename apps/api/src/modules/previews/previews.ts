import type pg from 'pg';
import { kidsAnd } from '../catalogue/kids';

/**
 * Link previews: a link to a title, a person or a collection pasted into a messaging app shows
 * a card with the Persian name, the plot and the poster, because the server fills the page's
 * head in before the app runs (crawlers don't run it).
 */
export interface Preview {
  title: string;
  description: string;
  image: string;
  type: 'video.movie' | 'video.tv_show' | 'profile' | 'website';
  canonicalPath: string;
}

const SITE = 'پرده';
const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
const toFa = (n: number) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

/** The preview of a page; for a kids profile's session (`kids`), a grown-up title has none (its page is a 404). */
export async function previewFor(pool: pg.Pool, pathname: string, origin: string, kids = false): Promise<Preview | null> {
  let m = /^\/titles\/(\d{1,9})(?:\/([^/]*))?\/?$/.exec(pathname);
  if (m && m[2] !== 'files') {
    const { rows } = await pool.query<{ id: number; slug: string; type: string; title_fa: string | null; title_en: string; year: number | null; plot_fa: string | null; plot_en: string | null }>(
      `SELECT t.id, t.slug, t.type, t.title_fa, t.title_en, t.year, t.plot_fa, t.plot_en FROM titles t WHERE t.id = $1 AND t.published${kidsAnd(kids)}`,
      [Number(m[1])],
    );
    const t = rows[0];
    if (!t) return null;
    const name = t.title_fa ? `${t.title_fa} (${t.title_en})` : t.title_en;
    return {
      title: `${name}${t.year ? ` — ${toFa(t.year)}` : ''} | ${SITE}`,
      description: clip(t.plot_fa ?? t.plot_en ?? `${t.type === 'series' ? 'سریال' : 'فیلم'} ${name} در ${SITE}`),
      image: `${origin}/api/artwork/titles/${t.id}/poster.png`,
      type: t.type === 'series' ? 'video.tv_show' : 'video.movie',
      canonicalPath: `/titles/${t.id}/${t.slug}`,
    };
  }
  m = /^\/people\/(actor|director|writer)\/(\d{1,9})(?:\/[^/]*)?\/?$/.exec(pathname);
  if (m) {
    const { rows } = await pool.query<{ id: number; slug: string; name_fa: string | null; name_en: string; bio_fa: string | null }>(
      'SELECT id, slug, name_fa, name_en, bio_fa FROM people WHERE id = $1',
      [Number(m[2])],
    );
    const p = rows[0];
    if (!p) return null;
    const name = p.name_fa ? `${p.name_fa} (${p.name_en})` : p.name_en;
    return {
      title: `${name} | ${SITE}`,
      description: clip(p.bio_fa ?? `فیلم‌ها و سریال‌های ${p.name_fa ?? p.name_en} در ${SITE}`),
      image: `${origin}/api/artwork/people/${p.id}.png`,
      type: 'profile',
      canonicalPath: `/people/${m[1]}/${p.id}/${p.slug}`,
    };
  }
  m = /^\/collections\/(\d{1,9})(?:\/[^/]*)?\/?$/.exec(pathname);
  if (m) {
    const { rows } = await pool.query<{ id: number; slug: string; title_fa: string; description_fa: string | null; first: number | null }>(
      `SELECT c.id, c.slug, c.title_fa, c.description_fa,
              (SELECT ct.title_id FROM collection_titles ct JOIN titles t ON t.id = ct.title_id AND t.published${kidsAnd(kids)}
               WHERE ct.collection_id = c.id ORDER BY ct.position LIMIT 1) AS first
       FROM collections c WHERE c.id = $1`,
      [Number(m[1])],
    );
    const c = rows[0];
    if (!c) return null;
    return {
      title: `${c.title_fa} | ${SITE}`,
      description: clip(c.description_fa ?? `مجموعهٔ ${c.title_fa} در ${SITE}`),
      image: c.first ? `${origin}/api/artwork/titles/${c.first}/poster.png` : `${origin}/pwa-512x512.png`,
      type: 'website',
      canonicalPath: `/collections/${c.id}/${c.slug}`,
    };
  }
  return null;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Writes the preview into the page's head: title, description, Open Graph and Twitter tags. */
export function injectPreview(html: string, p: Preview, origin: string): string {
  const url = `${origin}${p.canonicalPath}`;
  const meta = [
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:locale" content="fa_IR" />`,
    `<meta property="og:type" content="${p.type}" />`,
    `<meta property="og:title" content="${escapeHtml(p.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(p.description)}" />`,
    `<meta property="og:image" content="${escapeHtml(p.image)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(p.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(p.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(p.image)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(p.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(p.description)}" />`)
    .replace('</head>', `    ${meta}\n  </head>`);
}

/**
 * robots.txt: the catalogue is public; members' pages and the API are not for crawlers. The
 * sign-in, sign-up and forgotten-password pages are how a visitor who searches for the site's
 * name gets in, so they may be found; a mailed reset link (its token in the address) and
 * signing out are not pages to find.
 */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /user/', 'Disallow: /auth/reset-password/', 'Disallow: /auth/logout', 'Disallow: /api/', 'Disallow: /gift', 'Disallow: /gopremium', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export const SITEMAP_PAGE = 40_000;

/** A sitemap index over pages of titles (each under the 50,000-URL limit), people and collections. */
export async function sitemapIndex(pool: pg.Pool, origin: string): Promise<string> {
  const { rows } = await pool.query<{ max_title: number | null }>('SELECT max(id) AS max_title FROM titles');
  const pages = Math.max(1, Math.ceil((rows[0]!.max_title ?? 0) / SITEMAP_PAGE));
  const items = Array.from({ length: pages }, (_, i) => `<sitemap><loc>${origin}/sitemaps/titles-${i + 1}.xml</loc></sitemap>`);
  items.push(`<sitemap><loc>${origin}/sitemaps/collections.xml</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export async function sitemapTitles(pool: pg.Pool, origin: string, page: number): Promise<string | null> {
  const from = (page - 1) * SITEMAP_PAGE;
  const { rows } = await pool.query<{ id: number; slug: string; updated: string }>(
    `SELECT id, slug, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS updated FROM titles
     WHERE id > $1 AND id <= $2 AND NOT coming_soon AND published ORDER BY id`,
    [from, from + SITEMAP_PAGE],
  );
  if (rows.length === 0 && page > 1) return null;
  const urls = rows.map((r) => `<url><loc>${origin}/titles/${r.id}/${escapeHtml(r.slug)}</loc><lastmod>${r.updated}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export async function sitemapCollections(pool: pg.Pool, origin: string): Promise<string> {
  const { rows } = await pool.query<{ id: number; slug: string }>('SELECT id, slug FROM collections ORDER BY id');
  const urls = [`<url><loc>${origin}/</loc></url>`, `<url><loc>${origin}/collections</loc></url>`, ...rows.map((r) => `<url><loc>${origin}/collections/${r.id}/${escapeHtml(r.slug)}</loc></url>`)];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
