import { toPersianDigits } from '@parde/persian';
import type pg from 'pg';
import { messages } from './previews.messages';
import { PreviewsRepository, type PageTitleRow } from './previews.repository';
import { isImdbId, matchSitePage, pageId } from './site-pages';
import { collectionStructuredData, jsonLdTag, personStructuredData, titleStructuredData, type JsonLd } from './structured-data';

/**
 * What the server answers for an address of the web app, before the app runs: the status
 * (a page that is not there is a 404, a title deleted from the catalogue a 410, never the app
 * with a 200 that crawlers would index), the one true address of a page reached by another,
 * and the head: the link preview that messaging apps show and the structured data that search
 * engines read.
 */

/** A link preview: a link to a title, a person or a collection shows a card with the Persian name, the plot and the picture. */
export interface Preview {
  title: string;
  description: string;
  image: string;
  type: 'video.movie' | 'video.tv_show' | 'profile' | 'website';
  canonicalPath: string;
}

export type PageStatus = 200 | 404 | 410;

export type PageAnswer =
  | { status: 301; location: string }
  | { status: PageStatus; preview: Preview | null; structuredData: JsonLd[]; /** A 404's own sentence: what was not found. */ message?: string };

/** Where the page's own addresses point (the site) and where its pictures do (the API's public URL, or the site). */
export interface Origins {
  site: string;
  assets: string;
}

const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

const notFound: PageAnswer = { status: 404, preview: null, structuredData: [] };
const notFoundMessages: Partial<Record<string, string>> = {
  title: messages.titleNotFound,
  titleFiles: messages.titleNotFound,
  watch: messages.titleNotFound,
  trailer: messages.titleNotFound,
  person: messages.personNotFound,
  collection: messages.collectionNotFound,
  plan: messages.planNotFound,
};
const gone: PageAnswer = { status: 410, preview: null, structuredData: [] };
const plain: PageAnswer = { status: 200, preview: null, structuredData: [] };

export class PreviewsService {
  private readonly repo: PreviewsRepository;

  constructor(pool: pg.Pool) {
    this.repo = new PreviewsRepository(pool);
  }

  /**
   * The answer for `pathname` (decoded, without the query). `kids`: a kids profile's session,
   * for which a grown-up title is not found (decision 21). A hidden title is not found for
   * everyone, operators too: the public pages never show it (the panel does), and a hidden title
   * may come back, so it is a 404, not a 410 (decision 28).
   */
  async answer(pathname: string, origins: Origins, kids = false): Promise<PageAnswer> {
    const answer = await this.answerPage(pathname, origins, kids);
    if (answer.status !== 404) return answer;
    // The not-found page says what was not found, as the screen itself would from the API's answer.
    const page = /^\/titles\/\d/.test(pathname) ? 'title' : matchSitePage(pathname)?.page;
    const message = page ? notFoundMessages[page] : undefined;
    return message ? { ...answer, message } : answer;
  }

  private async answerPage(pathname: string, origins: Origins, kids: boolean): Promise<PageAnswer> {
    // `/titles/{id}` alone is a title's short address: it leads to the one with the slug.
    const short = /^\/titles\/(\d{1,10})\/?$/.exec(pathname);
    if (short) return this.titlePage(pageId(short[1]), pathname, origins, kids);
    const match = matchSitePage(pathname);
    if (!match) return notFound;
    const { params } = match;
    switch (match.page) {
      case 'title':
        return this.titlePage(pageId(params.id), pathname, origins, kids);
      case 'titleFiles': {
        const id = pageId(params.id);
        if (id === null) return notFound;
        if (await this.repo.title(id, kids)) return plain;
        return (await this.repo.titleRemoved({ id })) ? gone : notFound;
      }
      case 'watch': {
        const id = pageId(params.id);
        if (id === null || !isImdbId(params.imdb)) return notFound;
        if (await this.repo.titleWatchable(id, params.imdb!, kids)) return plain;
        return (await this.repo.titleRemoved({ id, imdbId: params.imdb })) ? gone : notFound;
      }
      case 'trailer': {
        if (!isImdbId(params.imdb)) return notFound;
        if (await this.repo.titleByImdb(params.imdb!, kids)) return plain;
        return (await this.repo.titleRemoved({ imdbId: params.imdb! })) ? gone : notFound;
      }
      case 'person':
        return this.personPage(params.role!, pageId(params.id), pathname, origins);
      case 'collection':
        return this.collectionPage(pageId(params.id), pathname, origins, kids);
      case 'plan': {
        const id = pageId(params.id);
        return id !== null && (await this.repo.planOnSale(id)) ? plain : notFound;
      }
      case 'screenshots':
      case 'join':
        // A member's pages: what they name is checked by the screens themselves, with the session.
        return pageId(params.id) === null ? notFound : plain;
      default:
        return plain;
    }
  }

  private async titlePage(id: number | null, pathname: string, origins: Origins, kids: boolean): Promise<PageAnswer> {
    if (id === null) return notFound;
    const t = await this.repo.title(id, kids);
    if (!t) return (await this.repo.titleRemoved({ id })) ? gone : notFound;
    const path = `/titles/${t.id}/${t.slug}`;
    if (pathname !== path) return { status: 301, location: path };
    const poster = `${origins.assets}/api/artwork/titles/${t.id}/poster.png`;
    const extras = await this.repo.titleExtras(t);
    return {
      status: 200,
      preview: titlePreview(t, poster, path),
      structuredData: titleStructuredData({ origin: origins.site, path, poster, title: t, extras }),
    };
  }

  private async personPage(role: string, id: number | null, pathname: string, origins: Origins): Promise<PageAnswer> {
    if (id === null || !['actor', 'director', 'writer'].includes(role.toLowerCase())) return notFound;
    const p = await this.repo.person(id);
    if (!p) return notFound;
    const path = `/people/${role.toLowerCase()}/${p.id}/${p.slug}`;
    if (pathname !== path) return { status: 301, location: path };
    const name = p.name_fa ? `${p.name_fa} (${p.name_en})` : p.name_en;
    const image = `${origins.assets}/api/artwork/people/${p.id}.png`;
    return {
      status: 200,
      preview: {
        title: `${name} | ${messages.site}`,
        description: clip(p.bio_fa ?? messages.personOnSite(p.name_fa ?? p.name_en)),
        image,
        type: 'profile',
        canonicalPath: path,
      },
      structuredData: personStructuredData(origins.site, path, image, p),
    };
  }

  private async collectionPage(id: number | null, pathname: string, origins: Origins, kids: boolean): Promise<PageAnswer> {
    if (id === null) return notFound;
    const c = await this.repo.collection(id, kids);
    if (!c) return notFound;
    const path = `/collections/${c.id}/${c.slug}`;
    if (pathname !== path) return { status: 301, location: path };
    return {
      status: 200,
      preview: {
        title: `${c.title_fa} | ${messages.site}`,
        description: clip(c.description_fa ?? messages.collectionOnSite(c.title_fa)),
        image: c.first ? `${origins.assets}/api/artwork/titles/${c.first}/poster.png` : `${origins.site}/pwa-512x512.png`,
        type: 'website',
        canonicalPath: path,
      },
      structuredData: collectionStructuredData(origins.site, path, c),
    };
  }
}

function titlePreview(t: PageTitleRow, poster: string, path: string): Preview {
  const name = t.title_fa ? `${t.title_fa} (${t.title_en})` : t.title_en;
  return {
    title: `${name}${t.year ? ` — ${toPersianDigits(t.year)}` : ''} | ${messages.site}`,
    description: clip(t.plot_fa ?? t.plot_en ?? messages.titleOnSite(t.type === 'series' ? messages.seriesOne : messages.movie, name)),
    image: poster,
    type: t.type === 'series' ? 'video.tv_show' : 'video.movie',
    canonicalPath: path,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const setTitle = (html: string, title: string) => html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
const setDescription = (html: string, description: string) =>
  html.replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(description)}" />`);
const addToHead = (html: string, tags: string[]) => (tags.length ? html.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`) : html);

/**
 * Writes the answer into the page's head: for a page, its title, description, Open Graph and
 * Twitter tags and structured data; for a page that is not there, the not-found (or gone) title
 * and a `noindex`, so the address leaves search results.
 */
export function writeHead(html: string, answer: Exclude<PageAnswer, { status: 301 }>, siteOrigin: string): string {
  if (answer.status !== 200) {
    const text = answer.status === 410 ? messages.gone : messages.notFound;
    return addToHead(setDescription(setTitle(html, `${text.title} | ${messages.site}`), text.description), ['<meta name="robots" content="noindex" />']);
  }
  const tags: string[] = [];
  const p = answer.preview;
  if (p) {
    const url = `${siteOrigin}${p.canonicalPath}`;
    html = setDescription(setTitle(html, p.title), p.description);
    tags.push(
      `<meta property="og:site_name" content="${messages.site}" />`,
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
    );
  }
  tags.push(...answer.structuredData.map(jsonLdTag));
  return addToHead(html, tags);
}
