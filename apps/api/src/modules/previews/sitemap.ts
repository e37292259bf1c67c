import type pg from 'pg';
import { Lru } from '../../lib/lru';
import { PreviewsRepository } from './previews.repository';

/**
 * The sitemap: an index of files of at most SITEMAP_PAGE addresses each (the protocol's limit
 * is 50,000), by ranges of ids so a file's addresses stay where they are as the catalogue
 * grows: released titles, the people credited in them, and the site's lists with the
 * collections. Every address and every file carries its time of last change.
 */
export const SITEMAP_PAGE = 40_000;

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const urlset = (urls: { loc: string; lastmod: string | null }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;

/** The lists the site is made of, beside the catalogue's own pages. */
const LISTS = ['/', '/tv', '/collections', '/categories', '/comingsoon'];

export class Sitemap {
  private readonly repo: PreviewsRepository;
  /** Kept until the catalogue changes (the caller clears it then): at a million titles a file is a scan. */
  private readonly kept = new Lru<string>(200, 60 * 60_000);

  constructor(pool: pg.Pool) {
    this.repo = new PreviewsRepository(pool);
  }

  forget(): void {
    this.kept.clear();
  }

  private async keep(key: string, make: () => Promise<string | null>): Promise<string | null> {
    const found = this.kept.get(key);
    if (found !== undefined) return found;
    const made = await make();
    if (made !== null) this.kept.set(key, made);
    return made;
  }

  index(origin: string): Promise<string | null> {
    return this.keep(`${origin}|index`, async () => {
      const [titles, people, changed] = await Promise.all([this.repo.titlePages(SITEMAP_PAGE), this.repo.peoplePages(SITEMAP_PAGE), this.repo.catalogueChangedAt()]);
      const files = [
        ...titles.map((p) => ({ loc: `${origin}/sitemaps/titles-${p.page}.xml`, lastmod: p.lastmod })),
        ...people.map((p) => ({ loc: `${origin}/sitemaps/people-${p.page}.xml`, lastmod: p.lastmod })),
        { loc: `${origin}/sitemaps/collections.xml`, lastmod: changed },
      ];
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
        .map((f) => `<sitemap><loc>${escapeXml(f.loc)}</loc>${f.lastmod ? `<lastmod>${f.lastmod}</lastmod>` : ''}</sitemap>`)
        .join('\n')}\n</sitemapindex>\n`;
    });
  }

  /** A file of titles; null for a page past the catalogue's end or without any (a 404). */
  titles(origin: string, page: number): Promise<string | null> {
    return this.keep(`${origin}|titles-${page}`, async () => {
      const rows = await this.repo.titlesPage(page, SITEMAP_PAGE);
      if (rows.length === 0) return null;
      return urlset(rows.map((r) => ({ loc: `${origin}/titles/${r.id}/${r.slug}`, lastmod: r.lastmod })));
    });
  }

  people(origin: string, page: number): Promise<string | null> {
    return this.keep(`${origin}|people-${page}`, async () => {
      const rows = await this.repo.peoplePage(page, SITEMAP_PAGE);
      if (rows.length === 0) return null;
      return urlset(rows.map((r) => ({ loc: `${origin}/people/${r.role}/${r.id}/${r.slug}`, lastmod: r.lastmod })));
    });
  }

  /** The site's lists (their time: the catalogue's last change) and every collection. */
  collections(origin: string): Promise<string | null> {
    return this.keep(`${origin}|collections`, async () => {
      const [rows, changed] = await Promise.all([this.repo.collectionsWithTimes(), this.repo.catalogueChangedAt()]);
      return urlset([
        ...LISTS.map((path) => ({ loc: `${origin}${path}`, lastmod: changed })),
        ...rows.map((r) => ({ loc: `${origin}/collections/${r.id}/${r.slug}`, lastmod: r.lastmod })),
      ]);
    });
  }
}
