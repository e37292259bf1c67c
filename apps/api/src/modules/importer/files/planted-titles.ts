/**
 * Real, well-known titles the synthetic generator always writes, with their real IMDb ids and
 * English and Persian names, so a search benchmark has queries whose right answer is known:
 * search for `titleFa` or `titleEn` and check `tconst` is in the top 3 (recall@3). Votes and
 * ratings are close to IMDb's (late 2025) so they rank as the popular titles they are.
 */
export interface PlantedTitle {
  tconst: string;
  titleType: 'movie' | 'tvSeries' | 'tvMiniSeries';
  titleEn: string;
  /** The original-language title where it is not English. */
  originalTitle?: string;
  /** The name the title goes by in Iran. */
  titleFa: string;
  year: number;
  endYear?: number;
  runtimeMinutes: number;
  genres: string[];
  averageRating: number;
  numVotes: number;
}

type Row = [tconst: string, en: string, fa: string, year: number, runtime: number, genres: string, rating: number, votes: number];

const movies: Row[] = [
  ['tt0034583', 'Casablanca', 'کازابلانکا', 1942, 102, 'Drama,Romance,War', 8.5, 630_000],
  ['tt0050083', '12 Angry Men', 'دوازده مرد خشمگین', 1957, 96, 'Crime,Drama', 9.0, 960_000],
  ['tt0054215', 'Psycho', 'روانی', 1960, 109, 'Horror,Mystery,Thriller', 8.5, 730_000],
  ['tt0060196', 'The Good, the Bad and the Ugly', 'خوب، بد، زشت', 1966, 178, 'Adventure,Drama,Western', 8.8, 850_000],
  ['tt0068646', 'The Godfather', 'پدرخوانده', 1972, 175, 'Crime,Drama', 9.2, 2_100_000],
  ['tt0071562', 'The Godfather Part II', 'پدرخوانده: قسمت دوم', 1974, 202, 'Crime,Drama', 9.0, 1_400_000],
  ['tt0073486', "One Flew Over the Cuckoo's Nest", 'دیوانه از قفس پرید', 1975, 133, 'Drama', 8.7, 1_100_000],
  ['tt0075314', 'Taxi Driver', 'راننده تاکسی', 1976, 114, 'Crime,Drama', 8.2, 950_000],
  ['tt0076759', 'Star Wars', 'جنگ ستارگان', 1977, 121, 'Action,Adventure,Fantasy', 8.6, 1_500_000],
  ['tt0081505', 'The Shining', 'درخشش', 1980, 146, 'Drama,Horror', 8.4, 1_150_000],
  ['tt0088763', 'Back to the Future', 'بازگشت به آینده', 1985, 116, 'Adventure,Comedy,Sci-Fi', 8.5, 1_350_000],
  ['tt0099685', 'Goodfellas', 'رفقای خوب', 1990, 145, 'Biography,Crime,Drama', 8.7, 1_300_000],
  ['tt0102926', 'The Silence of the Lambs', 'سکوت بره‌ها', 1991, 118, 'Crime,Drama,Thriller', 8.6, 1_600_000],
  ['tt0108052', "Schindler's List", 'فهرست شیندلر', 1993, 195, 'Biography,Drama,History', 9.0, 1_500_000],
  ['tt0109830', 'Forrest Gump', 'فارست گامپ', 1994, 142, 'Drama,Romance', 8.8, 2_300_000],
  ['tt0110357', 'The Lion King', 'شیرشاه', 1994, 88, 'Adventure,Animation,Drama', 8.5, 1_200_000],
  ['tt0110413', 'Léon: The Professional', 'لئون: حرفه‌ای', 1994, 110, 'Action,Crime,Drama', 8.5, 1_300_000],
  ['tt0110912', 'Pulp Fiction', 'داستان عامه‌پسند', 1994, 154, 'Crime,Drama', 8.9, 2_300_000],
  ['tt0111161', 'The Shawshank Redemption', 'رستگاری در شاوشنک', 1994, 142, 'Drama', 9.3, 3_000_000],
  ['tt0114369', 'Se7en', 'هفت', 1995, 127, 'Crime,Drama,Mystery', 8.6, 1_900_000],
  ['tt0114814', 'The Usual Suspects', 'مظنونین همیشگی', 1995, 106, 'Crime,Drama,Mystery', 8.5, 1_200_000],
  ['tt0120338', 'Titanic', 'تایتانیک', 1997, 194, 'Drama,Romance', 7.9, 1_400_000],
  ['tt0120382', 'The Truman Show', 'نمایش ترومن', 1998, 103, 'Comedy,Drama', 8.2, 1_250_000],
  ['tt0120689', 'The Green Mile', 'مسیر سبز', 1999, 189, 'Crime,Drama,Fantasy', 8.6, 1_450_000],
  ['tt0120815', 'Saving Private Ryan', 'نجات سرباز رایان', 1998, 169, 'Drama,War', 8.6, 1_550_000],
  ['tt0133093', 'The Matrix', 'ماتریکس', 1999, 136, 'Action,Sci-Fi', 8.7, 2_100_000],
  ['tt0137523', 'Fight Club', 'باشگاه مشت‌زنی', 1999, 139, 'Drama', 8.8, 2_400_000],
  ['tt0172495', 'Gladiator', 'گلادیاتور', 2000, 155, 'Action,Adventure,Drama', 8.5, 1_700_000],
  ['tt0209144', 'Memento', 'ممنتو', 2000, 113, 'Mystery,Thriller', 8.4, 1_350_000],
  ['tt0245429', 'Spirited Away', 'شهر اشباح', 2001, 125, 'Adventure,Animation,Family', 8.6, 900_000],
  ['tt0253474', 'The Pianist', 'پیانیست', 2002, 150, 'Biography,Drama,Music', 8.5, 950_000],
  ['tt0167260', 'The Lord of the Rings: The Return of the King', 'ارباب حلقه‌ها: بازگشت پادشاه', 2003, 201, 'Action,Adventure,Drama', 9.0, 2_000_000],
  ['tt0407887', 'The Departed', 'رفتگان', 2006, 151, 'Crime,Drama,Thriller', 8.5, 1_450_000],
  ['tt0482571', 'The Prestige', 'پرستیژ', 2006, 130, 'Drama,Mystery,Sci-Fi', 8.5, 1_450_000],
  ['tt0468569', 'The Dark Knight', 'شوالیه تاریکی', 2008, 152, 'Action,Crime,Drama', 9.0, 3_000_000],
  ['tt0499549', 'Avatar', 'آواتار', 2009, 162, 'Action,Adventure,Fantasy', 7.9, 1_450_000],
  ['tt1130884', 'Shutter Island', 'جزیره شاتر', 2010, 138, 'Mystery,Thriller', 8.2, 1_500_000],
  ['tt1285016', 'The Social Network', 'شبکه اجتماعی', 2010, 120, 'Biography,Drama', 7.8, 780_000],
  ['tt1375666', 'Inception', 'تلقین', 2010, 148, 'Action,Adventure,Sci-Fi', 8.8, 2_600_000],
  ['tt1853728', 'Django Unchained', 'جانگوی رها از بند', 2012, 165, 'Drama,Western', 8.5, 1_750_000],
  ['tt0816692', 'Interstellar', 'میان‌ستاره‌ای', 2014, 169, 'Adventure,Drama,Sci-Fi', 8.7, 2_300_000],
  ['tt2582802', 'Whiplash', 'ویپلش', 2014, 106, 'Drama,Music', 8.5, 1_000_000],
  ['tt7286456', 'Joker', 'جوکر', 2019, 122, 'Crime,Drama,Thriller', 8.4, 1_500_000],
  ['tt6751668', 'Parasite', 'انگل', 2019, 132, 'Drama,Thriller', 8.5, 1_000_000],
  // Iranian films: the English name is IMDb's primary title, the Persian one the original.
  ['tt0118849', 'Children of Heaven', 'بچه‌های آسمان', 1997, 89, 'Drama,Family,Sport', 8.2, 80_000],
  ['tt1360860', 'About Elly', 'درباره الی', 2009, 119, 'Drama,Mystery', 7.9, 60_000],
  ['tt1832382', 'A Separation', 'جدایی نادر از سیمین', 2011, 123, 'Drama', 8.3, 260_000],
  ['tt5186714', 'The Salesman', 'فروشنده', 2016, 124, 'Drama,Thriller', 7.7, 65_000],
];

const series: Row[] = [
  ['tt0108778', 'Friends', 'دوستان', 1994, 22, 'Comedy,Romance', 8.9, 1_150_000],
  ['tt0141842', 'The Sopranos', 'خانواده سوپرانو', 1999, 55, 'Crime,Drama', 9.2, 500_000],
  ['tt0306414', 'The Wire', 'شنود', 2002, 59, 'Crime,Drama,Thriller', 9.3, 400_000],
  ['tt0411008', 'Lost', 'گمشدگان', 2004, 44, 'Adventure,Drama,Fantasy', 8.3, 600_000],
  ['tt0386676', 'The Office', 'دفتر', 2005, 22, 'Comedy', 9.0, 750_000],
  ['tt0455275', 'Prison Break', 'فرار از زندان', 2005, 44, 'Action,Crime,Drama', 8.3, 600_000],
  ['tt0903747', 'Breaking Bad', 'بریکینگ بد', 2008, 49, 'Crime,Drama,Thriller', 9.5, 2_300_000],
  ['tt1475582', 'Sherlock', 'شرلوک', 2010, 88, 'Crime,Drama,Mystery', 9.0, 1_000_000],
  ['tt0944947', 'Game of Thrones', 'بازی تاج و تخت', 2011, 57, 'Action,Adventure,Drama', 9.2, 2_400_000],
  ['tt4574334', 'Stranger Things', 'چیزهای عجیب', 2016, 51, 'Drama,Fantasy,Horror', 8.6, 1_400_000],
  ['tt7366338', 'Chernobyl', 'چرنوبیل', 2019, 330, 'Drama,History,Thriller', 9.3, 950_000],
];

const endYears: Record<string, number> = {
  tt0108778: 2004,
  tt0141842: 2007,
  tt0306414: 2008,
  tt0411008: 2010,
  tt0386676: 2013,
  tt0455275: 2017,
  tt0903747: 2013,
  tt1475582: 2017,
  tt0944947: 2019,
  tt4574334: 2025,
  tt7366338: 2019,
};

const originalTitles: Record<string, string> = {
  tt0118849: 'Bacheha-Ye aseman',
  tt1360860: 'Darbareye Elly',
  tt1832382: 'Jodaeiye Nader az Simin',
  tt5186714: 'Forushande',
  tt6751668: 'Gisaengchung',
  tt0245429: 'Sen to Chihiro no kamikakushi',
};

const toPlanted =
  (titleType: PlantedTitle['titleType']) =>
  ([tconst, titleEn, titleFa, year, runtimeMinutes, genres, averageRating, numVotes]: Row): PlantedTitle => ({
    tconst,
    titleType: tconst === 'tt7366338' ? 'tvMiniSeries' : titleType,
    titleEn,
    titleFa,
    year,
    runtimeMinutes,
    genres: genres.split(','),
    averageRating,
    numVotes,
    ...(originalTitles[tconst] ? { originalTitle: originalTitles[tconst] } : {}),
    ...(endYears[tconst] ? { endYear: endYears[tconst] } : {}),
  });

/** Sorted by numeric id, the order IMDb's files use. */
export const plantedTitles: readonly PlantedTitle[] = [...movies.map(toPlanted('movie')), ...series.map(toPlanted('tvSeries'))].sort(
  (a, b) => Number(a.tconst.slice(2)) - Number(b.tconst.slice(2)),
);
