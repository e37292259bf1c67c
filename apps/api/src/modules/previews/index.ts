// The previews module's public interface: what the web plugin (plugins/web.ts) draws a page's
// head, the sitemap and robots.txt with. A plugin imports a module only through such a file.
export { PreviewsService, writeHead, type PageAnswer } from './previews.service';
export { robotsTxt } from './robots';
export { Sitemap } from './sitemap';
