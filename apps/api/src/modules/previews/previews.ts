import type pg from 'pg';
import { PreviewsService, type Preview } from './previews.service';

export type { Preview } from './previews.service';

/**
 * The link preview of a page (a title, a person, a collection), or null when the address names
 * none the visitor may see: for a kids profile's session (`kids`), a grown-up title has none
 * (its page is a 404). A page reached by another address has the preview of its own.
 */
export async function previewFor(pool: pg.Pool, pathname: string, origin: string, kids = false): Promise<Preview | null> {
  const service = new PreviewsService(pool);
  const origins = { site: origin, assets: origin };
  let answer = await service.answer(pathname, origins, kids);
  if (answer.status === 301) answer = await service.answer(answer.location, origins, kids);
  return answer.status === 200 ? answer.preview : null;
}
