import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImdbFile, type RowIssue } from './imdb-reader';
import { IMDB_KINDS, type ImdbKind, type RowByKind } from './imdb-rows';
import { generateSynthetic, plantedTitles, type SyntheticStats } from './synthetic';

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-synthetic-'));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function readAll<K extends ImdbKind>(file: string, kind: K) {
  const issues: RowIssue[] = [];
  const rows: RowByKind[K][] = [];
  for await (const batch of readImdbFile(file, kind, { onIssue: (i) => issues.push(i) })) rows.push(...batch);
  return { rows, issues };
}

function hashes(stats: SyntheticStats): string[] {
  return IMDB_KINDS.map((kind) => createHash('sha256').update(fs.readFileSync(stats.files[kind])).digest('hex'));
}

describe('generateSynthetic', () => {
  let stats: SyntheticStats;
  const data = {} as { [K in ImdbKind]: RowByKind[K][] };

  beforeAll(async () => {
    stats = await generateSynthetic({ titles: 3000, people: 5000, outDir: path.join(tmp, 'a'), seed: 7 });
    for (const kind of IMDB_KINDS) {
      const { rows, issues } = await readAll(stats.files[kind], kind);
      expect(issues, kind).toEqual([]);
      (data as Record<ImdbKind, unknown[]>)[kind] = rows;
    }
  });

  it('writes files the reader reads back without a single issue, with the counts it reports', () => {
    for (const kind of IMDB_KINDS) expect(data[kind].length, kind).toBe(stats.rows[kind]);
    expect(stats.titles).toBe(3000 + plantedTitles.length);
    expect(data['name.basics']).toHaveLength(5000);
    expect(data['title.basics']).toHaveLength(stats.titles + stats.episodes);
    expect(data['title.episode']).toHaveLength(stats.episodes);
    expect(data['title.crew']).toHaveLength(stats.titles + stats.episodes);
  });

  it('makes about 85% movies and 15% series, each series with a few episodes', () => {
    const top = data['title.basics'].filter((r) => r.titleType !== 'tvEpisode');
    const series = top.filter((r) => r.titleType === 'tvSeries' || r.titleType === 'tvMiniSeries');
    expect(top).toHaveLength(stats.titles);
    expect(series.length / top.length).toBeGreaterThan(0.12);
    expect(series.length / top.length).toBeLessThan(0.18);
    const perSeries = new Map<string, number>();
    for (const e of data['title.episode']) perSeries.set(e.parentTconst, (perSeries.get(e.parentTconst) ?? 0) + 1);
    expect(perSeries.size).toBe(series.length);
    for (const n of perSeries.values()) expect(n).toBeGreaterThanOrEqual(2);
    for (const n of perSeries.values()) expect(n).toBeLessThanOrEqual(7);
  });

  it('keeps ids unique, sorted, and every reference pointing at something written', () => {
    const ids = data['title.basics'].map((r) => Number(r.tconst.slice(2)));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const titles = new Set(data['title.basics'].map((r) => r.tconst));
    const people = new Set(data['name.basics'].map((r) => r.nconst));
    for (const p of data['title.principals']) {
      expect(titles.has(p.tconst)).toBe(true);
      expect(people.has(p.nconst)).toBe(true);
    }
    for (const e of data['title.episode']) expect(titles.has(e.parentTconst) && titles.has(e.tconst)).toBe(true);
    for (const n of data['name.basics']) for (const t of n.knownForTitles) expect(titles.has(t)).toBe(true);
  });

  it('credits every person at least once, so the importer keeps all of them', () => {
    const credited = new Set(data['title.principals'].map((p) => p.nconst));
    const missing = data['name.basics'].filter((n) => !credited.has(n.nconst));
    expect(missing).toEqual([]);
  });

  it('gives each title 2–6 principals with one director, and parses their characters', () => {
    const perTitle = new Map<string, number>();
    for (const p of data['title.principals']) perTitle.set(p.tconst, (perTitle.get(p.tconst) ?? 0) + 1);
    expect(perTitle.size).toBe(stats.titles);
    for (const n of perTitle.values()) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(6);
    }
    const actors = data['title.principals'].filter((p) => p.category === 'actor' || p.category === 'actress');
    expect(actors.every((p) => p.characters.length >= 1)).toBe(true);
    expect(data['title.crew'].filter((c) => c.directors.length === 1)).toHaveLength(stats.titles);
  });

  it('gives most titles a Persian aka from IR in fa', () => {
    const fa = data['title.akas'].filter((a) => a.region === 'IR' && a.language === 'fa');
    expect(fa.length / stats.titles).toBeGreaterThan(0.85);
    expect(fa.every((a) => /[\u0600-\u06ff]/.test(a.title))).toBe(true);
  });

  it('has heavy-tailed votes: a few titles far more popular than the median', () => {
    const votes = data['title.ratings'].map((r) => r.numVotes).sort((a, b) => a - b);
    const median = votes[votes.length >> 1]!;
    expect(median).toBeLessThan(50);
    expect(votes.filter((v) => v >= 10_000).length).toBeGreaterThan(5);
    const ratings = data['title.ratings'].map((r) => r.averageRating);
    expect(Math.min(...ratings)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...ratings)).toBeLessThanOrEqual(10);
  });

  it('always includes the planted titles, with their Persian names and top votes', () => {
    const basics = new Map(data['title.basics'].map((r) => [r.tconst, r]));
    const votes = new Map(data['title.ratings'].map((r) => [r.tconst, r.numVotes]));
    const fa = new Set(data['title.akas'].filter((a) => a.region === 'IR').map((a) => `${a.titleId} ${a.title}`));
    expect(plantedTitles.length).toBeGreaterThanOrEqual(45);
    for (const p of plantedTitles) {
      expect(basics.get(p.tconst)).toMatchObject({ primaryTitle: p.titleEn, startYear: p.year });
      expect(fa.has(`${p.tconst} ${p.titleFa}`), p.titleEn).toBe(true);
      expect(votes.get(p.tconst)).toBe(p.numVotes);
    }
    expect(basics.get('tt0111161')?.primaryTitle).toBe('The Shawshank Redemption');
  });

  it('is deterministic for a seed', async () => {
    const again = await generateSynthetic({ titles: 3000, people: 5000, outDir: path.join(tmp, 'b'), seed: 7, parallel: false });
    expect(hashes(again)).toEqual(hashes(stats));
    const other = await generateSynthetic({ titles: 3000, people: 5000, outDir: path.join(tmp, 'c'), seed: 8 });
    expect(hashes(other)[0]).not.toBe(hashes(stats)[0]);
  });
});

describe('generateSynthetic with a worker thread', () => {
  it('writes the same files as one thread, plain and gzipped', async () => {
    const opts = { titles: 20_000, people: 30_000, seed: 3 };
    const one = await generateSynthetic({ ...opts, outDir: path.join(tmp, 'one'), parallel: false });
    const two = await generateSynthetic({ ...opts, outDir: path.join(tmp, 'two'), parallel: true });
    expect(one.parallel).toBe(false);
    expect(two.parallel).toBe(true);
    expect(hashes(two)).toEqual(hashes(one));
    expect(two.rows).toEqual(one.rows);
    expect(two.episodes).toBe(one.episodes);
    expect(fs.readdirSync(path.join(tmp, 'two')).sort()).toEqual(IMDB_KINDS.map((k) => `${k}.tsv`).sort());

    const gz = await generateSynthetic({ ...opts, outDir: path.join(tmp, 'gz'), gzip: true, parallel: true });
    expect(gz.parallel).toBe(true);
    for (const kind of IMDB_KINDS) {
      const { rows, issues } = await readAll(gz.files[kind], kind);
      expect(issues).toEqual([]);
      expect(rows).toHaveLength(one.rows[kind]);
    }
  }, 60_000);
});
