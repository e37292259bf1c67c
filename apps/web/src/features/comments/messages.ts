/** Persian text of the comment section of the title page. */
export const messages = {
  heading: 'دیدگاه‌ها',
  count: (n: string) => `${n} دیدگاه`,
  empty: 'هنوز دیدگاهی برای این عنوان ثبت نشده است.',
  loadMore: 'دیدگاه‌های بیشتر',
  loadingMore: 'در حال بارگیری…',
  listLabel: 'فهرست دیدگاه‌ها',
  visitor: {
    text: 'برای نوشتن دیدگاه، پاسخ دادن و پسندیدن دیدگاه‌ها وارد حساب خود شوید.',
    link: 'ورود به حساب',
  },
  item: {
    edited: 'ویرایش‌شده',
    you: 'شما',
    spoiler: 'این دیدگاه داستان را لو می‌دهد.',
    showSpoiler: 'نمایش دیدگاه',
    hideSpoiler: 'پنهان کردن دیدگاه',
    likes: (n: string) => `${n} پسند`,
    replies: (name: string) => `پاسخ‌ها به دیدگاه ${name}`,
    moreReplies: (n: string) => `${n} پاسخ قدیمی‌تر اینجا نمایش داده نمی‌شود.`,
  },
} as const;
