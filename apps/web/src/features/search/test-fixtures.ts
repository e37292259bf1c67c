import type { PersonSearchResult, TitleSearchResult } from '@parde/contract';

/** Search results shaped like the API's, numbered from 1. */
export function titleResults(n: number): TitleSearchResult[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    path: `/titles/${i + 1}/title-${i + 1}`,
    poster: `https://img.example/posters/${i + 1}.jpg`,
    titleEn: `Title ${i + 1}`,
    titleFa: `عنوان ${i + 1}`,
    year: 1970 + i,
    genres: [
      { id: 1, titleFa: 'درام' },
      { id: 2, titleFa: 'جنایی' },
    ],
    rating: 9.2 - i / 10,
    rottenTomatoes: { rtMeter: 97 - i, rtStatus: i % 3 === 0 ? 'certified' : i % 3 === 1 ? 'fresh' : 'rotten' },
  }));
}

export function personResults(n: number): PersonSearchResult[] {
  return Array.from({ length: n }, (_, i) => {
    const director = i % 2 === 1;
    const work = { id: 100 + i, path: `/titles/${100 + i}/work`, titleEn: `Work ${i + 1}`, titleFa: `اثر ${i + 1}`, year: 1990 + i };
    return {
      id: i + 1,
      path: `/people/${director ? 'director' : 'actor'}/${i + 1}/person-${i + 1}`,
      image: `https://img.example/people/${i + 1}.jpg`,
      fullnameEn: `Person ${i + 1}`,
      fullnameFa: `هنرمند ${i + 1}`,
      job: director ? 'director' : 'actor',
      bestStarred: director ? null : work,
      bestDirected: director ? work : null,
    };
  });
}
