/**
 * Persian text of what a member does with comments (the forms, the actions, the dialogs): loaded
 * with the member's part only (components/comment-member.tsx).
 */
export const memberMessages = {
  form: {
    newLabel: 'دیدگاه شما',
    newPlaceholder: 'دربارهٔ این عنوان چه فکر می‌کنید؟',
    replyLabel: (name: string) => `پاسخ به ${name}`,
    editLabel: 'متن دیدگاه',
    counter: (n: string, max: string) => `${n} از ${max} نویسه`,
    spoiler: 'داستان را لو می‌دهد',
    submit: 'ارسال دیدگاه',
    reply: 'ارسال پاسخ',
    save: 'ذخیرهٔ تغییرها',
    cancel: 'انصراف',
    sending: 'در حال ارسال…',
    posted: 'دیدگاه شما ثبت شد.',
    replied: 'پاسخ شما ثبت شد.',
    saved: 'دیدگاه ویرایش شد.',
  },
  validation: {
    required: 'متن دیدگاه را وارد کنید.',
    min: (n: string) => `دست‌کم ${n} نویسه وارد کنید.`,
    max: (n: string) => `حداکثر ${n} نویسه مجاز است.`,
  },
  item: {
    like: (name: string) => `پسندیدن دیدگاه ${name}`,
    reply: 'پاسخ',
    replyTo: (name: string) => `پاسخ به دیدگاه ${name}`,
    edit: 'ویرایش',
    editOf: 'ویرایش دیدگاه خودتان',
    remove: 'حذف',
    removeOf: 'حذف دیدگاه خودتان',
    report: 'گزارش',
    reportOf: (name: string) => `گزارش دیدگاه ${name}`,
  },
  remove: {
    title: 'حذف دیدگاه',
    body: 'این دیدگاه برای همیشه حذف می‌شود.',
    withReplies: 'پاسخ‌های آن هم حذف می‌شوند.',
    confirm: 'حذف شود',
    cancel: 'انصراف',
    done: 'دیدگاه حذف شد.',
  },
  report: {
    title: 'گزارش دیدگاه',
    intro: 'چه مشکلی در این دیدگاه هست؟ گزارش شما به همکاران ما می‌رسد.',
    reasonsLabel: 'دلیل گزارش',
    reasons: {
      spoiler: 'داستان را بدون هشدار لو داده است',
      abuse: 'توهین یا بی‌احترامی',
      spam: 'تبلیغ یا هرزنامه',
      other: 'دلیل دیگر',
    },
    chooseReason: 'یکی از دلیل‌ها را انتخاب کنید.',
    details: 'توضیح (اختیاری)',
    submit: 'ارسال گزارش',
    cancel: 'انصراف',
    done: 'گزارش شما ثبت شد؛ همکاران ما آن را بررسی می‌کنند.',
  },
} as const;
