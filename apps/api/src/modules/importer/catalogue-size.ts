/**
 * The embedded database's limit (decision 35): an import that would leave more IMDb titles in it
 * than it holds well is refused before it reads a row, with what to do instead. The size is
 * title.basics' rows (episodes included: they are most of IMDb's rows and of the database's
 * weight), counted without decoding, or the catalogue's titles and episodes when it already
 * holds more (an import keeps every title it had: a removed one is hidden, not deleted).
 */
import { formatNumber } from '@parde/persian';
import type { Database } from '../../db/client';
import { countDataRows } from './files/imdb-reader';
import { ImporterRepository } from './importer.repository';

const repo = new ImporterRepository();

export class CatalogueTooLargeError extends Error {
  constructor(
    /** Titles the catalogue would hold after the import; counted, or estimated when `exact` is false. */
    readonly found: number,
    readonly exact: boolean,
    readonly limit: number,
  ) {
    const n = (x: number) => x.toLocaleString('en-US');
    const size = `${exact ? '' : 'about '}${n(found)} titles, past the embedded database's limit of ${n(limit)}`;
    super(`${size}: nothing was imported. Use PostgreSQL: move the site with \`npm run db:export -- --to postgres://…\`, set DATABASE_URL, and import again.`);
    this.size = size;
  }

  /** The size found against the limit, in English. */
  readonly size: string;

  /** The same in Persian, for the panel and beside the command's English line. */
  get persian(): string {
    const about = this.exact ? '' : 'حدود ';
    return (
      `این ورود ${about}${formatNumber(this.found)} عنوان دارد و از سقف ${formatNumber(this.limit)} عنوانِ پایگاه دادهٔ درونی بیشتر است؛ چیزی وارد نشد. ` +
      'برای کاتالوگی به این بزرگی از PostgreSQL استفاده کنید: سایت را با npm run db:export -- --to postgres://… به آن ببرید، DATABASE_URL را تنظیم کنید و ورود را دوباره آغاز کنید.'
    );
  }
}

/**
 * Throws CatalogueTooLargeError when the import of `basicsFile` would take the embedded database
 * past `limit` titles, or, with `force`, tells it that and lets the import go on; PostgreSQL has
 * no such limit. Reads only the file's bytes and one count.
 */
export async function refuseOverEmbeddedLimit(database: Database, basicsFile: string, limit: number, force?: (past: CatalogueTooLargeError) => void): Promise<void> {
  if (database.kind !== 'pglite') return;
  const file = await countDataRows(basicsFile, limit);
  const held = await repo.catalogueRows(database.db);
  const past = file.rows > limit ? new CatalogueTooLargeError(file.rows, file.exact, limit) : held > limit ? new CatalogueTooLargeError(held, true, limit) : null;
  if (!past) return;
  if (!force) throw past;
  force(past);
}
