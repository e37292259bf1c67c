/** Persian text of the collections pages. */
export const messages = {
  heading: 'مجموعه‌ها',
  intro: 'فهرست‌های گزیده از فیلم‌ها و سریال‌ها.',
  count: (n: string) => `${n} عنوان`,
  empty: 'هنوز مجموعه‌ای ساخته نشده است.',
  emptyTitles: 'این مجموعه هنوز عنوانی ندارد.',
  collection: 'مجموعه',
  ranked: 'رتبه‌بندی‌شده',
  pageNote: (page: string, last: string) => `صفحهٔ ${page} از ${last}`,
} as const;
