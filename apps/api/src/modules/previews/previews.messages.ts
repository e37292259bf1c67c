/**
 * Persian words of the server-drawn pages' heads and structured data. The not-found and gone
 * pages' texts are the web app's own (apps/web/src/components/messages.ts), so the title the
 * server writes is the one the app shows.
 */
export const messages = {
  site: 'پرده',
  home: 'خانه',
  series: 'سریال‌ها',
  collections: 'مجموعه‌ها',
  movie: 'فیلم',
  seriesOne: 'سریال',
  season: (n: string) => `فصل ${n}`,
  episode: (n: string) => `قسمت ${n}`,
  trailerOf: (name: string) => `تریلر ${name}`,
  watchFree: (name: string) => `تماشای رایگان ${name} در پرده`,
  titleOnSite: (kind: string, name: string) => `${kind} ${name} در پرده`,
  personOnSite: (name: string) => `فیلم‌ها و سریال‌های ${name} در پرده`,
  collectionOnSite: (name: string) => `مجموعهٔ ${name} در پرده`,
  jobs: { actor: 'بازیگر', director: 'کارگردان', writer: 'نویسنده' },
  notFound: { title: 'صفحه پیدا نشد', description: 'صفحه‌ای که دنبالش بودید وجود ندارد یا جابه‌جا شده است.' },
  // What the address names but the catalogue does not have, as the screen would say it from the API.
  titleNotFound: 'فیلم یا سریالی با این نشانی پیدا نشد.',
  personNotFound: 'هنرمندی با این نشانی پیدا نشد.',
  collectionNotFound: 'مجموعه‌ای با این نشانی پیدا نشد.',
  planNotFound: 'طرح اشتراکی با این نشانی پیدا نشد یا دیگر فروخته نمی‌شود.',
  gone: { title: 'این صفحه دیگر در پرده نیست', description: 'آنچه دنبالش بودید از پرده برداشته شده است و دیگر برنمی‌گردد.' },
} as const;
