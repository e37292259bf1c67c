#!/usr/bin/env node
// Validates the demo catalogue seed: apps/api/seed/imdb/*.tsv + apps/api/seed/supplement.json.
// Plain Node, no dependencies.   node apps/api/seed/check-seed.mjs
// Exits 1 (after listing every problem) when anything is wrong; prints the counts when all is well.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const imdbDir = join(here, 'imdb');
const errors = [];
const err = (msg) => {
  if (errors.length < 200) errors.push(msg);
  else if (errors.length === 200) errors.push('… more errors suppressed');
};

const HEADERS = {
  'title.basics.tsv': ['tconst', 'titleType', 'primaryTitle', 'originalTitle', 'isAdult', 'startYear', 'endYear', 'runtimeMinutes', 'genres'],
  'title.akas.tsv': ['titleId', 'ordering', 'title', 'region', 'language', 'types', 'attributes', 'isOriginalTitle'],
  'title.ratings.tsv': ['tconst', 'averageRating', 'numVotes'],
  'title.principals.tsv': ['tconst', 'ordering', 'nconst', 'category', 'job', 'characters'],
  'title.crew.tsv': ['tconst', 'directors', 'writers'],
  'title.episode.tsv': ['tconst', 'parentTconst', 'seasonNumber', 'episodeNumber'],
  'name.basics.tsv': ['nconst', 'primaryName', 'birthYear', 'deathYear', 'primaryProfession', 'knownForTitles'],
};
const N = '\\N';
const IMDB_GENRES = new Set(
  'Action Adult Adventure Animation Biography Comedy Crime Documentary Drama Family Fantasy Film-Noir Game-Show History Horror Music Musical Mystery News Reality-TV Romance Sci-Fi Short Sport Talk-Show Thriller War Western'.split(' '),
);
const TCONST = /^tt\d{7,9}$/;
const NCONST = /^nm\d{7,8}$/;
const YEAR = /^\d{4}$/;
const INT = /^\d+$/;

function readTsv(file) {
  const path = join(imdbDir, file);
  if (!existsSync(path)) {
    err(`${file}: missing`);
    return [];
  }
  const buf = readFileSync(path);
  const text = buf.toString('utf8');
  if (Buffer.compare(Buffer.from(text, 'utf8'), buf) !== 0) err(`${file}: not valid UTF-8`);
  if (text.includes('\r')) err(`${file}: contains CR characters (must use Unix newlines)`);
  if (!text.endsWith('\n')) err(`${file}: does not end with a newline`);
  const lines = text.split('\n');
  lines.pop();
  const header = lines[0].split('\t');
  const want = HEADERS[file];
  if (header.join('\t') !== want.join('\t')) err(`${file}: header is "${header.join(' ')}", expected "${want.join(' ')}"`);
  const rows = [];
  lines.slice(1).forEach((line, i) => {
    const cols = line.split('\t');
    if (cols.length !== want.length) {
      err(`${file}:${i + 2}: ${cols.length} columns, expected ${want.length}`);
      return;
    }
    cols.forEach((c, j) => {
      if (c === '') err(`${file}:${i + 2}: empty field ${want[j]} (use \\N)`);
    });
    rows.push(Object.fromEntries(want.map((h, j) => [h, cols[j]])));
  });
  return rows;
}

const basics = readTsv('title.basics.tsv');
const akas = readTsv('title.akas.tsv');
const ratings = readTsv('title.ratings.tsv');
const principals = readTsv('title.principals.tsv');
const crew = readTsv('title.crew.tsv');
const episodes = readTsv('title.episode.tsv');
const names = readTsv('name.basics.tsv');

// ---------------------------------------------------------------- title.basics
const titles = new Map();
for (const r of basics) {
  if (!TCONST.test(r.tconst)) err(`basics: bad tconst ${r.tconst}`);
  if (titles.has(r.tconst)) err(`basics: duplicate tconst ${r.tconst}`);
  titles.set(r.tconst, r);
  if (!['movie', 'tvSeries', 'tvMiniSeries', 'tvEpisode'].includes(r.titleType)) err(`basics ${r.tconst}: titleType ${r.titleType}`);
  if (r.isAdult !== '0' && r.isAdult !== '1') err(`basics ${r.tconst}: isAdult ${r.isAdult}`);
  if (!YEAR.test(r.startYear)) err(`basics ${r.tconst}: startYear ${r.startYear}`);
  if (r.endYear !== N && !YEAR.test(r.endYear)) err(`basics ${r.tconst}: endYear ${r.endYear}`);
  if (r.endYear !== N && r.endYear < r.startYear) err(`basics ${r.tconst}: endYear before startYear`);
  if (r.runtimeMinutes !== N && !INT.test(r.runtimeMinutes)) err(`basics ${r.tconst}: runtime ${r.runtimeMinutes}`);
  if (r.genres !== N) {
    const gs = r.genres.split(',');
    if (gs.length > 3) err(`basics ${r.tconst}: more than 3 genres`);
    for (const g of gs) if (!IMDB_GENRES.has(g)) err(`basics ${r.tconst}: genre "${g}" is not in IMDb's vocabulary`);
  }
}
const isMain = (t) => t && (t.titleType === 'movie' || t.titleType === 'tvSeries' || t.titleType === 'tvMiniSeries');
const isSeries = (t) => t && (t.titleType === 'tvSeries' || t.titleType === 'tvMiniSeries');
const mains = [...titles.values()].filter(isMain);

// ---------------------------------------------------------------- title.akas
const akaKeys = new Set();
const irAka = new Map();
for (const r of akas) {
  const key = `${r.titleId}#${r.ordering}`;
  if (akaKeys.has(key)) err(`akas: duplicate (titleId, ordering) ${key}`);
  akaKeys.add(key);
  if (!titles.has(r.titleId)) err(`akas: unknown titleId ${r.titleId}`);
  if (!INT.test(r.ordering)) err(`akas ${r.titleId}: ordering ${r.ordering}`);
  if (r.isOriginalTitle !== '0' && r.isOriginalTitle !== '1') err(`akas ${r.titleId}: isOriginalTitle ${r.isOriginalTitle}`);
  if (r.region === 'IR' && r.language === 'fa') irAka.set(r.titleId, r.title);
}
for (const t of mains) {
  if (!irAka.has(t.tconst)) err(`${t.tconst} (${t.primaryTitle}): no IR/fa aka`);
  if (!akas.some((a) => a.titleId === t.tconst && a.isOriginalTitle === '1')) err(`${t.tconst}: no original-title aka`);
}

// ---------------------------------------------------------------- title.ratings
const rated = new Set();
for (const r of ratings) {
  if (rated.has(r.tconst)) err(`ratings: duplicate ${r.tconst}`);
  rated.add(r.tconst);
  if (!titles.has(r.tconst)) err(`ratings: unknown tconst ${r.tconst}`);
  const v = Number(r.averageRating);
  if (!/^\d{1,2}\.\d$/.test(r.averageRating) || v < 1 || v > 10) err(`ratings ${r.tconst}: averageRating ${r.averageRating}`);
  if (!INT.test(r.numVotes)) err(`ratings ${r.tconst}: numVotes ${r.numVotes}`);
}

// ---------------------------------------------------------------- name.basics
const people = new Map();
for (const r of names) {
  if (!NCONST.test(r.nconst)) err(`names: bad nconst ${r.nconst}`);
  if (people.has(r.nconst)) err(`names: duplicate nconst ${r.nconst}`);
  people.set(r.nconst, r);
  if (r.birthYear !== N && !YEAR.test(r.birthYear)) err(`names ${r.nconst}: birthYear ${r.birthYear}`);
  if (r.deathYear !== N && !YEAR.test(r.deathYear)) err(`names ${r.nconst}: deathYear ${r.deathYear}`);
  if (r.knownForTitles !== N) for (const t of r.knownForTitles.split(',')) if (!titles.has(t)) err(`names ${r.nconst}: knownForTitles ${t} unknown`);
}

// ---------------------------------------------------------------- principals & crew
const principalKeys = new Set();
const referenced = new Set();
for (const r of principals) {
  const key = `${r.tconst}#${r.ordering}`;
  if (principalKeys.has(key)) err(`principals: duplicate (tconst, ordering) ${key}`);
  principalKeys.add(key);
  if (!titles.has(r.tconst)) err(`principals: unknown tconst ${r.tconst}`);
  if (!people.has(r.nconst)) err(`principals ${r.tconst}: unknown nconst ${r.nconst}`);
  referenced.add(r.nconst);
  if (!['actor', 'actress', 'director', 'writer', 'producer', 'composer', 'cinematographer', 'editor', 'self'].includes(r.category))
    err(`principals ${r.tconst}: category ${r.category}`);
  if (r.characters !== N) {
    try {
      const c = JSON.parse(r.characters);
      if (!Array.isArray(c) || !c.every((x) => typeof x === 'string' && x.trim())) throw new Error('not a string array');
    } catch {
      err(`principals ${r.tconst}#${r.ordering}: characters not a JSON string array: ${r.characters}`);
    }
  }
}
const crewSeen = new Set();
for (const r of crew) {
  if (crewSeen.has(r.tconst)) err(`crew: duplicate ${r.tconst}`);
  crewSeen.add(r.tconst);
  if (!titles.has(r.tconst)) err(`crew: unknown tconst ${r.tconst}`);
  for (const col of ['directors', 'writers'])
    if (r[col] !== N)
      for (const n of r[col].split(',')) {
        if (!people.has(n)) err(`crew ${r.tconst}: unknown ${col} ${n}`);
        referenced.add(n);
        const cat = col === 'directors' ? 'director' : 'writer';
        if (!principals.some((p) => p.tconst === r.tconst && p.nconst === n && p.category === cat)) err(`crew ${r.tconst}: ${n} not in principals as ${cat}`);
      }
}
for (const t of mains) if (!crewSeen.has(t.tconst)) err(`${t.tconst}: no title.crew row`);
for (const n of people.keys()) if (!referenced.has(n)) err(`names: ${n} is not referenced by any principal/crew row`);

// ---------------------------------------------------------------- episodes
const epSeen = new Set();
const epSlot = new Set();
const seriesWithEpisodes = new Set();
for (const r of episodes) {
  if (epSeen.has(r.tconst)) err(`episode: duplicate ${r.tconst}`);
  epSeen.add(r.tconst);
  const t = titles.get(r.tconst);
  if (!t) err(`episode: unknown tconst ${r.tconst}`);
  else if (t.titleType !== 'tvEpisode') err(`episode ${r.tconst}: titleType is ${t.titleType}`);
  if (!isSeries(titles.get(r.parentTconst))) err(`episode ${r.tconst}: parent ${r.parentTconst} is not a series in basics`);
  if (!INT.test(r.seasonNumber) || !INT.test(r.episodeNumber)) err(`episode ${r.tconst}: bad season/episode number`);
  const slot = `${r.parentTconst}S${r.seasonNumber}E${r.episodeNumber}`;
  if (epSlot.has(slot)) err(`episode: duplicate slot ${slot}`);
  epSlot.add(slot);
  seriesWithEpisodes.add(r.parentTconst);
}
for (const t of titles.values()) if (t.titleType === 'tvEpisode' && !epSeen.has(t.tconst)) err(`${t.tconst}: tvEpisode without title.episode row`);
for (const t of mains) if (isSeries(t) && !seriesWithEpisodes.has(t.tconst)) err(`${t.tconst} (${t.primaryTitle}): series without episodes`);

// ---------------------------------------------------------------- supplement.json
const supPath = join(here, 'supplement.json');
let sup = {};
try {
  sup = JSON.parse(readFileSync(supPath, 'utf8'));
} catch (e) {
  err(`supplement.json: ${e.message}`);
}
const ARABIC = /[يكىۀة]/; // Arabic Yeh/Kaf/Alef Maksura and friends must not appear in Persian text
const LATIN = /[A-Za-z]/;
const faFields = [];
const faCheck = (where, s, { allowLatin = false } = {}) => {
  if (typeof s !== 'string' || !s.trim()) return err(`${where}: empty Persian text`);
  faFields.push(s);
  if (ARABIC.test(s)) err(`${where}: Arabic ي/ك (use Persian ی/ک): ${s}`);
  if (!allowLatin && LATIN.test(s)) err(`${where}: Latin letters in Persian text: ${s}`);
  if (/\s\u200c|\u200c\s|\u200c\u200c/.test(s)) err(`${where}: misplaced ZWNJ`);
};
if (sup.version !== 1) err('supplement: version must be 1');
for (const k of ['genres', 'countries', 'languages', 'titles', 'people']) if (typeof sup[k] !== 'object' || !sup[k]) err(`supplement: ${k} missing`);
for (const [g, v] of Object.entries(sup.genres || {})) {
  if (!IMDB_GENRES.has(g)) err(`supplement.genres: "${g}" is not an IMDb genre`);
  faCheck(`genres.${g}.titleFa`, v.titleFa);
  if (!/^[a-z0-9-]+$/.test(v.slug || '')) err(`genres.${g}: bad slug`);
}
for (const [c, v] of Object.entries(sup.countries || {})) {
  if (!/^[A-Z]{2}$/.test(c)) err(`countries: bad code ${c}`);
  faCheck(`countries.${c}.nameFa`, v.nameFa);
  if (!v.nameEn) err(`countries.${c}: nameEn missing`);
}
for (const [c, v] of Object.entries(sup.languages || {})) {
  if (!/^[a-z]{2}$/.test(c)) err(`languages: bad code ${c}`);
  faCheck(`languages.${c}.nameFa`, v.nameFa);
  if (!v.nameEn) err(`languages.${c}: nameEn missing`);
}
const slugs = new Set(Object.values(sup.genres || {}).map((v) => v.slug));
if (slugs.size !== Object.keys(sup.genres || {}).length) err('genres: duplicate slugs');
for (const t of mains)
  if (t.genres !== N) for (const g of t.genres.split(',')) if (!sup.genres?.[g]) err(`${t.tconst}: genre ${g} missing from supplement.genres`);

const AGE = new Set(['G', 'PG', 'PG-13', 'R', 'NC-17', 'TV-Y', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s) => DATE.test(s) && !Number.isNaN(Date.parse(s + 'T00:00:00Z')) && new Date(s + 'T00:00:00Z').toISOString().startsWith(s);
let dubbed = 0;
let free = 0;
let coming = 0;
let withFiles = 0;
for (const [id, e] of Object.entries(sup.titles || {})) {
  const t = titles.get(id);
  if (!isMain(t)) {
    err(`supplement.titles: ${id} is not a movie/series in title.basics`);
    continue;
  }
  if (e.titleFa !== undefined) faCheck(`titles.${id}.titleFa`, e.titleFa);
  faCheck(`titles.${id}.plotFa`, e.plotFa);
  if (typeof e.plotEn !== 'string' || !e.plotEn.trim()) err(`titles.${id}: plotEn missing`);
  if (e.ageRating !== undefined && !AGE.has(e.ageRating)) err(`titles.${id}: ageRating ${e.ageRating}`);
  for (const k of ['countries', 'languages']) if (!Array.isArray(e[k]) || !e[k].length) err(`titles.${id}: ${k} missing`);
  for (const c of e.countries || []) if (!sup.countries?.[c]) err(`titles.${id}: country ${c} not in countries map`);
  for (const l of e.languages || []) if (!sup.languages?.[l]) err(`titles.${id}: language ${l} not in languages map`);
  if (e.releaseDate !== undefined && !validDate(e.releaseDate)) err(`titles.${id}: releaseDate ${e.releaseDate}`);
  if (e.rottenTomatoes) {
    const { meter, status } = e.rottenTomatoes;
    if (!Number.isInteger(meter) || meter < 0 || meter > 100) err(`titles.${id}: RT meter ${meter}`);
    if (!['fresh', 'rotten', 'certified'].includes(status)) err(`titles.${id}: RT status ${status}`);
  }
  const studios = new Set();
  if (e.dubs) {
    dubbed++;
    for (const d of e.dubs) {
      faCheck(`titles.${id}.dubs.studio`, d.studio);
      if (d.language !== 'fa') err(`titles.${id}: dub language ${d.language}`);
      studios.add(d.studio);
    }
  }
  if (e.free !== undefined) {
    if (e.free !== true) err(`titles.${id}: free must be true when present`);
    else free++;
  }
  if (e.comingSoon) {
    coming++;
    const d = e.comingSoon.expectedDate;
    if (!validDate(d) || d <= '2026-11-22') err(`titles.${id}: comingSoon.expectedDate ${d} must be a date after 2026-11-22`);
    if (e.files) err(`titles.${id}: coming-soon title has files`);
    if (rated.has(id)) err(`titles.${id}: coming-soon title has a rating`);
  }
  if (e.slideshow) for (const s of e.slideshow) if (!['all', 'movie', 'series'].includes(s)) err(`titles.${id}: slideshow ${s}`);
  if (e.trailer) {
    if (!Number.isInteger(e.trailer.durationSec) || e.trailer.durationSec <= 0) err(`titles.${id}: trailer.durationSec`);
    if (e.trailer.youtubeId !== undefined && !/^[A-Za-z0-9_-]{11}$/.test(e.trailer.youtubeId)) err(`titles.${id}: trailer.youtubeId`);
  }
  if (e.files) {
    withFiles++;
    for (const f of e.files) {
      if (!['480p', '720p', '1080p', '2160p'].includes(f.quality)) err(`titles.${id}: file quality ${f.quality}`);
      if (!['x264', 'x265', 'AV1'].includes(f.codec)) err(`titles.${id}: file codec ${f.codec}`);
      if (!['BluRay', 'WEB-DL', 'WEBRip'].includes(f.source)) err(`titles.${id}: file source ${f.source}`);
      if (!(Number.isInteger(f.sizeMb) && f.sizeMb > 0)) err(`titles.${id}: file sizeMb`);
      if (!(Number.isInteger(f.durationSec) && f.durationSec > 0)) err(`titles.${id}: file durationSec`);
      if (f.audio !== 'original' && !(f.audio.startsWith('dub:') && studios.has(f.audio.slice(4)))) err(`titles.${id}: file audio ${f.audio} has no matching dub`);
      if (!Array.isArray(f.subtitles)) err(`titles.${id}: file subtitles`);
      if (isSeries(t)) {
        if (!epSlot.has(`${id}S${f.season}E${f.episode}`)) err(`titles.${id}: file for unknown episode S${f.season}E${f.episode}`);
      } else if (f.season !== undefined || f.episode !== undefined) err(`titles.${id}: movie file with season/episode`);
    }
  }
}
for (const t of mains) if (!sup.titles?.[t.tconst]) err(`${t.tconst} (${t.primaryTitle}): no supplement.titles entry`);

for (const [n, p] of Object.entries(sup.people || {})) {
  if (!people.has(n)) err(`supplement.people: ${n} not in name.basics`);
  faCheck(`people.${n}.fullnameFa`, p.fullnameFa);
  if (p.bioFa !== undefined) faCheck(`people.${n}.bioFa`, p.bioFa);
  if ((p.bioFa === undefined) !== (p.bioEn === undefined)) err(`people.${n}: bioFa and bioEn must come together`);
}
for (const n of people.keys()) if (!sup.people?.[n]?.fullnameFa) err(`${n}: no fullnameFa`);

const collSlugs = new Set();
for (const c of sup.collections || []) {
  if (collSlugs.has(c.slug)) err(`collections: duplicate slug ${c.slug}`);
  collSlugs.add(c.slug);
  if (!/^[a-z0-9-]+$/.test(c.slug || '')) err(`collections: bad slug ${c.slug}`);
  faCheck(`collections.${c.slug}.titleFa`, c.titleFa);
  faCheck(`collections.${c.slug}.descriptionFa`, c.descriptionFa);
  if (!c.titleEn) err(`collections.${c.slug}: titleEn missing`);
  if (!['grid', 'ranked'].includes(c.listing)) err(`collections.${c.slug}: listing ${c.listing}`);
  if (!Array.isArray(c.titles) || c.titles.length < 8 || c.titles.length > 30) err(`collections.${c.slug}: ${c.titles?.length} titles (need 8–30)`);
  if (new Set(c.titles).size !== c.titles.length) err(`collections.${c.slug}: duplicate titles`);
  for (const id of c.titles || []) if (!sup.titles?.[id]) err(`collections.${c.slug}: unknown title ${id}`);
}
for (const [id, fa] of irAka) faCheck(`akas ${id} IR/fa`, fa);

// ---------------------------------------------------------------- counts
const movies = mains.filter((t) => t.titleType === 'movie').length;
const series = mains.filter(isSeries).length;
const collections = (sup.collections || []).length;
if (movies < 300) err(`only ${movies} movies (need ≥300)`);
if (series < 40) err(`only ${series} series (need ≥40)`);
if (collections < 12) err(`only ${collections} collections (need ≥12)`);

const counts = {
  movies,
  series,
  episodes: episodes.length,
  people: people.size,
  collections,
  dubbed,
  free,
  comingSoon: coming,
  titlesWithFiles: withFiles,
  ratings: ratings.length,
  principals: principals.length,
};
if (errors.length) {
  console.error(`check-seed: ${errors.length} problem(s)`);
  for (const e of errors) console.error('  - ' + e);
  process.exit(1);
}
console.log('check-seed: OK');
for (const [k, v] of Object.entries(counts)) console.log(`  ${k.padEnd(16)} ${v}`);
