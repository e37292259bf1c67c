/**
 * A movie's detail as the API returns it (The Matrix), for the title screen's tests; `origin`
 * is where its artwork is served from.
 */
export function matrixDetail(origin: string) {
  return {
    id: 7,
    path: '/titles/7/the-matrix',
    slug: 'the-matrix',
    poster: `${origin}/p.svg`,
    backdrop: `${origin}/b.svg`,
    titleEn: 'The Matrix',
    titleFa: 'ماتریکس',
    titleOriginal: null,
    year: 1999,
    endYear: null,
    type: 'movie',
    votes: 2_100_000,
    rating: 8.7,
    rottenTomatoes: { rtMeter: 83, rtStatus: 'certified' },
    genres: [{ id: 1, titleFa: 'علمی‌تخیلی' }],
    hasDub: true,
    isFree: false,
    comingSoon: false,
    expectedDate: null,
    imdbId: 'tt0133093',
    runtime: 136,
    plotFa: 'برنامه‌نویسی درمی‌یابد که جهان یک شبیه‌سازی است.',
    plotEn: null,
    ageRating: 'R',
    releaseDate: '1999-03-31',
    countries: [{ code: 'US', nameFa: 'آمریکا' }],
    languages: [{ code: 'en', nameFa: 'انگلیسی' }],
    trailer: { youtubeId: null, durationSec: 120, path: '/watch/trailer/tt0133093' },
    cast: [{ id: 3, path: '/people/actor/3/keanu-reeves', image: `${origin}/k.svg`, fullnameEn: 'Keanu Reeves', fullnameFa: 'کیانو ریوز', character: 'Neo' }],
    directors: [],
    writers: [],
    seasons: [],
    dubs: [{ id: 1, studio: 'گلوری', language: 'fa' }],
    screenshots: [],
    filesPath: '/titles/7/files',
    fileCount: 4,
  };
}
