import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogue, type ImportReport } from '../src/modules/importer/import-catalogue';
import { demoCatalogue } from '../src/seed';
import { createTestApp, type TestContext } from './helpers/app';

// The committed demo catalogue, loaded through the importer exactly as `npm start` does.
let ctx: TestContext;
let report: ImportReport;
beforeAll(async () => {
  ctx = await createTestApp();
  report = await importCatalogue({ database: ctx.database, ...demoCatalogue });
});
afterAll(async () => {
  await ctx?.close();
});

const q = async (sql: string) => (await ctx.database.pool.query(sql)).rows[0];

describe('the demo catalogue', () => {
  it('loads without a single row or supplement issue', () => {
    expect(report.issues).toEqual([]);
    expect(report.supplementIssues).toEqual([]);
  });

  it('has at least 300 movies, 40 series with their episodes, and 10 collections', async () => {
    expect((await q(`SELECT count(*)::int n FROM titles WHERE type = 'movie'`)).n).toBeGreaterThanOrEqual(300);
    expect((await q(`SELECT count(*)::int n FROM titles WHERE type = 'series'`)).n).toBeGreaterThanOrEqual(40);
    expect((await q(`SELECT count(DISTINCT title_id)::int n FROM episodes`)).n).toBeGreaterThanOrEqual(40);
    expect((await q(`SELECT count(*)::int n FROM collections`)).n).toBeGreaterThanOrEqual(10);
    expect((await q(`SELECT count(*)::int n FROM titles WHERE coming_soon`)).n).toBeGreaterThan(0);
    expect((await q(`SELECT count(*)::int n FROM titles WHERE has_dub`)).n).toBeGreaterThan(0);
  });

  it('gives every title a Persian name and plot, and every person a Persian name', async () => {
    expect((await q(`SELECT count(*)::int n FROM titles WHERE title_fa IS NULL OR plot_fa IS NULL`)).n).toBe(0);
    expect((await q(`SELECT count(*)::int n FROM people WHERE name_fa IS NULL`)).n).toBe(0);
    // Persian letters, never the Arabic forms.
    expect((await q(`SELECT count(*)::int n FROM titles WHERE title_fa ~ '[يك]' OR plot_fa ~ '[يك]'`)).n).toBe(0);
  });

  it('answers search for well-known titles in both scripts', async () => {
    for (const [query, expected] of [
      ['پدرخوانده', 'The Godfather'],
      ['رستگاری در شاوشنک', 'The Shawshank Redemption'],
      ['breaking bad', 'Breaking Bad'],
      ['جدایی نادر از سیمین', 'A Separation'],
    ]) {
      const res = await ctx.app.inject({ url: `/api/titles/search?q=${encodeURIComponent(query!)}` });
      expect(res.json().data[0]?.titleEn, query).toBe(expected);
    }
  });
});
