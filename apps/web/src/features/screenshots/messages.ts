/** Every word of the screenshots page. Numbers arrive already in Persian digits. */
export const messages = {
  heading: (name: string) => `تصاویر ${name}`,
  headingFallback: 'تصاویر عنوان',
  count: (n: string) => `${n} تصویر`,
  back: 'بازگشت به صفحهٔ عنوان',
  loading: 'در حال بارگذاری تصاویر…',
  empty: 'هنوز تصویری برای این عنوان ثبت نشده است.',
  /** A screenshot's alt text, in the grid and in the large view: «تصویر ۳ از ۶». */
  shot: (n: string, total: string) => `تصویر ${n} از ${total}`,
  /** The large view's counter: «۳ از ۶». */
  counter: (n: string, total: string) => `${n} از ${total}`,
  viewer: (name: string) => `نمای بزرگ تصاویر ${name}`,
  viewerFallback: 'نمای بزرگ تصاویر',
  previous: 'تصویر قبلی',
  next: 'تصویر بعدی',
  close: 'بستن',
};
