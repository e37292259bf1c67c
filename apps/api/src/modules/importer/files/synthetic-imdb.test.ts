import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImdbFile, type RowIssue } from './imdb-reader';
import { IMDB_KINDS, type ImdbKind, type RowByKind } from './imdb-rows';
import { plantedTitles } from './planted-titles';
import { generateImdbShaped, IMDB_SIZE, imdbPeopleFor, type ImdbShapeStats } from './synthetic-imdb';

const TITLES = 20_000;
const SEED = 11;
/** A second or two each on an idle machine; the margin is for a busy one. */
const HOOK_TIMEOUT = 60_000;

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parde-synthetic-imdb-'));
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

function hashes(stats: ImdbShapeStats): string[] {
  return IMDB_KINDS.map((kind) => createHash('sha256').update(fs.readFileSync(stats.files[kind])).digest('hex'));
}

/** Data lines of a file (header dropped), as written. */
function lines(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return text.slice(text.indexOf('\n') + 1, -1).split('\n');
}

const key = (line: string) => line.slice(0, line.indexOf('\t'));
const idNumber = (id: string) => Number(id.slice(2));
const countBy = <T>(items: T[], by: (t: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(by(item), (counts.get(by(item)) ?? 0) + 1);
  return counts;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe('generateImdbShaped', () => {
  let stats: ImdbShapeStats;
  const data = {} as { [K in ImdbKind]: RowByKind[K][] };
  const issues = {} as Record<ImdbKind, RowIssue[]>;

  beforeAll(async () => {
    stats = await generateImdbShaped({ titles: TITLES, outDir: path.join(tmp, 'day1'), seed: SEED, parallel: false });
    for (const kind of IMDB_KINDS) {
      const read = await readAll(stats.files[kind], kind);
      (data as Record<ImdbKind, unknown[]>)[kind] = read.rows;
      issues[kind] = read.issues;
    }
  }, HOOK_TIMEOUT);

  it('has IMDb proportions: episodes, people, credits, akas and ratings per title', () => {
    const ratio = (kind: ImdbKind) => stats.rows[kind] / TITLES;
    // The three planted titles these ids reach come on top (below).
    expect(stats.rows['title.basics']).toBe(TITLES + 3);
    expect(stats.rows['title.crew']).toBe(TITLES + 3);
    expect(stats.rows['name.basics']).toBe(imdbPeopleFor(TITLES));
    expect(stats.people / TITLES).toBeCloseTo(IMDB_SIZE.people / IMDB_SIZE.titles, 3);
    expect(stats.episodes / TITLES).toBeCloseTo(IMDB_SIZE.episodes / IMDB_SIZE.titles, 1);
    expect(Math.abs(stats.episodes / TITLES - IMDB_SIZE.episodes / IMDB_SIZE.titles)).toBeLessThan(0.02);
    expect(stats.rows['title.episode']).toBe(stats.episodes);
    expect(Math.abs(ratio('title.principals') / (IMDB_SIZE.principals / IMDB_SIZE.titles) - 1)).toBeLessThan(0.05);
    expect(Math.abs(ratio('title.akas') / (IMDB_SIZE.akas / IMDB_SIZE.titles) - 1)).toBeLessThan(0.08);
    expect(Math.abs(ratio('title.ratings') / (IMDB_SIZE.ratings / IMDB_SIZE.titles) - 1)).toBeLessThan(0.1);
    const types = countBy(data['title.basics'], (t) => t.titleType);
    expect(types.get('tvEpisode')! + types.get('tvSeries')! + types.get('movie')! + types.get('short')!).toBeGreaterThan(0.9 * TITLES);
    expect(types.get('tvSeries')! / TITLES).toBeGreaterThan(0.015);
    expect(types.get('tvSeries')! / TITLES).toBeLessThan(0.035);
    // IMDb lists genres alphabetically.
    expect(data['title.basics'].filter((t) => t.genres.join() !== [...t.genres].sort().join())).toEqual([]);
  });

  it('writes broken rows of the three kinds, and counts exactly the rows the reader skips', () => {
    let total = 0;
    for (const kind of IMDB_KINDS) {
      expect(issues[kind].length, kind).toBe(stats.broken[kind]);
      expect(data[kind].length + stats.broken[kind], kind).toBe(stats.rows[kind]);
      total += stats.broken[kind];
    }
    expect(total).toBeGreaterThan(5);
    const messages = IMDB_KINDS.flatMap((kind) => issues[kind].map((i) => i.message));
    expect(messages.some((m) => /^expected \d+ fields, got \d+$/.test(m))).toBe(true);
    expect(messages.some((m) => /missing|"\\N"/.test(m))).toBe(true);
    expect(messages.some((m) => /out of range|bad /.test(m))).toBe(true);
  });

  it('puts every episode inside a series written before it, a few series long and most short', () => {
    const basics = new Map(data['title.basics'].map((t) => [t.tconst, t]));
    const brokenBasics = stats.broken['title.basics'];
    let episodesWithoutRow = 0;
    const wrong: string[] = [];
    for (const e of data['title.episode']) {
      const parent = basics.get(e.parentTconst);
      if (!/^tv(Mini)?Series$/.test(parent?.titleType ?? '')) wrong.push(`${e.tconst}: parent ${e.parentTconst} is ${parent?.titleType}`);
      if (idNumber(e.parentTconst) >= idNumber(e.tconst)) wrong.push(`${e.tconst}: parent ${e.parentTconst} after it`);
      const own = basics.get(e.tconst);
      if (!own) episodesWithoutRow++;
      else if (own.titleType !== 'tvEpisode') wrong.push(`${e.tconst} is ${own.titleType}`);
    }
    expect(wrong).toEqual([]);
    expect(episodesWithoutRow).toBeLessThanOrEqual(brokenBasics);
    const perSeries = [...countBy(data['title.episode'], (e) => e.parentTconst).values()];
    expect(Math.max(...perSeries)).toBeGreaterThan(250);
    expect(median(perSeries)).toBeLessThan(15);
    // Some episodes have no season and episode number, as in IMDb.
    expect(data['title.episode'].some((e) => e.seasonNumber === null)).toBe(true);
  });

  it('gives a few people hundreds of credits and most people a handful', () => {
    const credits = [...countBy(data['title.principals'], (p) => p.nconst).values()];
    expect(Math.max(...credits)).toBeGreaterThan(300);
    expect(median(credits)).toBeLessThanOrEqual(4);
    const people = new Set(data['name.basics'].map((n) => n.nconst));
    const missing = data['title.principals'].filter((p) => !people.has(p.nconst));
    expect(new Set(missing.map((p) => p.nconst)).size).toBeLessThanOrEqual(stats.broken['name.basics']);
  });

  it('writes Persian akas (IR, fa, Persian script) among many regions', () => {
    const akas = data['title.akas'];
    const persian = akas.filter((a) => a.region === 'IR');
    expect(persian.length / akas.length).toBeGreaterThan(0.01);
    for (const a of persian) {
      expect(a.language).toBe('fa');
      expect(a.title).toMatch(/[\u0600-\u06ff]/);
    }
    expect(new Set(akas.map((a) => a.region)).size).toBeGreaterThan(20);
    expect(akas.some((a) => a.types.length === 2)).toBe(true);
    expect(akas.filter((a) => a.isOriginalTitle).every((a) => a.types[0] === 'original')).toBe(true);
  });

  it('rates a minority of titles, with long-tailed votes', () => {
    const votes = data['title.ratings'].map((r) => r.numVotes);
    expect(Math.min(...votes)).toBeGreaterThanOrEqual(5);
    expect(median(votes)).toBeLessThan(60);
    expect(Math.max(...votes)).toBeGreaterThan(5_000);
    expect(data['title.ratings'].filter((r) => r.averageRating < 1 || r.averageRating > 10)).toEqual([]);
  });

  it('keeps every file sorted by id, ids unique, in IMDb id format', () => {
    for (const kind of ['title.basics', 'title.crew', 'title.episode', 'title.ratings'] as const) {
      const ids = data[kind].map((row) => row.tconst);
      expect(ids.filter((id) => !/^tt\d{7,8}$/.test(id)), kind).toEqual([]);
      const numbers = ids.map(idNumber);
      expect(numbers.every((n, k) => k === 0 || n > numbers[k - 1]!), kind).toBe(true);
    }
    const people = data['name.basics'].map((n) => idNumber(n.nconst));
    expect(people.every((n, k) => k === 0 || n > people[k - 1]!)).toBe(true);
  });

  it('plants the well-known titles its ids reach at their real ids, with their names and votes', () => {
    // 20,000 titles reach ids up to 60,000: Casablanca, 12 Angry Men and Psycho.
    const reached = plantedTitles.filter((t) => idNumber(t.tconst) <= 3 * TITLES);
    expect(reached.map((t) => t.titleEn)).toEqual(['Casablanca', '12 Angry Men', 'Psycho']);
    const basics = new Map(data['title.basics'].map((r) => [r.tconst, r]));
    const ratings = new Map(data['title.ratings'].map((r) => [r.tconst, r]));
    for (const t of reached) {
      expect(basics.get(t.tconst)).toMatchObject({ titleType: t.titleType, primaryTitle: t.titleEn, startYear: t.year, genres: t.genres });
      expect(data['title.akas'].filter((a) => a.titleId === t.tconst && a.region === 'IR').map((a) => a.title)).toEqual([t.titleFa]);
      expect(ratings.get(t.tconst)).toMatchObject({ averageRating: t.averageRating, numVotes: t.numVotes });
      expect(data['title.crew'].some((c) => c.tconst === t.tconst)).toBe(true);
    }
    // Each beside its block's synthetic title (3 ids a title), none lost: ids stay unique and sorted (above).
    expect(stats.rows['title.basics']).toBe(TITLES + reached.length);
  });

  it('is deterministic for a seed, with or without the worker thread', async () => {
    const again = await generateImdbShaped({ titles: TITLES, outDir: path.join(tmp, 'again'), seed: SEED, parallel: true });
    expect(again.parallel).toBe(true);
    expect(hashes(again)).toEqual(hashes(stats));
    expect(again.broken).toEqual(stats.broken);
    const other = await generateImdbShaped({ titles: 2000, outDir: path.join(tmp, 'other'), seed: SEED + 1 });
    const small = await generateImdbShaped({ titles: 2000, outDir: path.join(tmp, 'small'), seed: SEED });
    expect(hashes(other)[0]).not.toBe(hashes(small)[0]);
  }, 30_000);

  describe('the next day', () => {
    let next: ImdbShapeStats;
    beforeAll(async () => {
      next = await generateImdbShaped({ titles: TITLES, outDir: path.join(tmp, 'day2'), seed: SEED, nextDay: true, parallel: false });
    }, HOOK_TIMEOUT);

    /** Lines of a file split by whether their id is in day one, keyed as an importer would. */
    const diff = (kind: ImdbKind) => {
      const before = lines(stats.files[kind]);
      const after = lines(next.files[kind]);
      const beforeKeys = new Set(before.map(key));
      const afterKeys = new Set(after.map(key));
      return {
        before,
        after,
        removed: [...beforeKeys].filter((k) => !afterKeys.has(k)),
        added: [...afterKeys].filter((k) => !beforeKeys.has(k)),
        /** Day one's lines less removed ids, and day two's less added ids. */
        keptBefore: before.filter((l) => afterKeys.has(key(l))),
        keptAfter: after.filter((l) => beforeKeys.has(key(l))),
      };
    };

    it('adds 0.1–0.3% titles and people, with ids above every existing one', () => {
      const c = next.changes!;
      const titles = diff('title.basics');
      expect(titles.added.length).toBe(c.titlesAdded);
      expect(c.titlesAdded).toBeGreaterThanOrEqual(0.001 * TITLES);
      expect(c.titlesAdded).toBeLessThanOrEqual(0.003 * TITLES);
      const maxBefore = Math.max(...titles.before.map((l) => idNumber(key(l))));
      for (const id of titles.added) expect(idNumber(id)).toBeGreaterThan(maxBefore);
      const people = diff('name.basics');
      expect(people.removed).toEqual([]);
      expect(people.added.length).toBe(c.peopleAdded);
      expect(c.peopleAdded / stats.people).toBeGreaterThanOrEqual(0.001);
      expect(c.peopleAdded / stats.people).toBeLessThanOrEqual(0.003);
    });

    it('removes ~0.01% of titles from every file, never a series', () => {
      const c = next.changes!;
      const basics = diff('title.basics');
      expect(basics.removed.length).toBe(c.titlesRemoved);
      expect(c.titlesRemoved).toBeGreaterThan(0);
      expect(c.titlesRemoved).toBeLessThanOrEqual(0.0005 * TITLES);
      const removed = new Set(basics.removed);
      for (const line of basics.before.filter((l) => removed.has(key(l)))) expect(line).not.toMatch(/\ttv(Mini)?Series\t/);
      for (const kind of ['title.akas', 'title.principals', 'title.crew', 'title.episode', 'title.ratings'] as const) {
        expect(diff(kind).removed.filter((id) => !removed.has(id)), kind).toEqual([]);
      }
    });

    it('changes ~0.05% of titles and people and leaves every other row byte-identical', () => {
      const c = next.changes!;
      const basics = diff('title.basics');
      const changed = basics.keptAfter.filter((l, k) => l !== basics.keptBefore[k]);
      expect(basics.keptAfter).toHaveLength(basics.keptBefore.length);
      expect(changed.length).toBe(c.titlesChanged);
      expect(c.titlesChanged).toBeGreaterThan(0);
      expect(c.titlesChanged).toBeLessThanOrEqual(0.002 * TITLES);
      for (const kind of ['title.akas', 'title.principals', 'title.crew', 'title.episode'] as const) {
        const d = diff(kind);
        expect(d.keptAfter, kind).toEqual(d.keptBefore);
      }
      const people = diff('name.basics');
      const changedPeople = people.keptAfter.filter((l, k) => l !== people.keptBefore[k]);
      expect(changedPeople.length).toBe(c.peopleChanged);
      expect(c.peopleChanged).toBeLessThanOrEqual(0.002 * stats.people);
    });

    it('moves votes on 30–60% of rated titles and rates a few more', () => {
      const c = next.changes!;
      const ratings = diff('title.ratings');
      const day1 = new Map(ratings.before.map((l) => [key(l), l]));
      let moved = 0;
      for (const line of ratings.keptAfter) {
        const old = day1.get(key(line))!;
        if (line === old) continue;
        moved++;
        expect(Number(line.split('\t')[2])).toBeGreaterThan(Number(old.split('\t')[2]));
      }
      expect(moved).toBe(c.ratingsMoved);
      expect(moved / ratings.before.length).toBeGreaterThan(0.3);
      expect(moved / ratings.before.length).toBeLessThan(0.6);
      const newTitles = new Set(diff('title.basics').added);
      expect(ratings.added.filter((id) => !newTitles.has(id)).length).toBe(c.ratingsAdded);
    });

    it('keeps the planted titles as they are', () => {
      for (const kind of ['title.basics', 'title.akas', 'title.ratings', 'title.crew'] as const) {
        const planted = (l: string) => plantedTitles.some((t) => key(l) === t.tconst);
        const day1 = diff(kind).before.filter(planted);
        expect(day1.length, kind).toBeGreaterThanOrEqual(3);
        expect(diff(kind).after.filter(planted), kind).toEqual(day1);
      }
    });

    it('is the same next day every time, and its episodes still have their series', async () => {
      const again = await generateImdbShaped({ titles: TITLES, outDir: path.join(tmp, 'day2-again'), seed: SEED, nextDay: true, parallel: false });
      expect(hashes(again)).toEqual(hashes(next));
      const { rows: basics } = await readAll(next.files['title.basics'], 'title.basics');
      const { rows: episodes } = await readAll(next.files['title.episode'], 'title.episode');
      const series = new Set(basics.filter((t) => t.titleType === 'tvSeries' || t.titleType === 'tvMiniSeries').map((t) => t.tconst));
      expect(episodes.filter((e) => !series.has(e.parentTconst))).toEqual([]);
    });
  });
});
