import type { AvatarKey } from '@parde/contract';
import { formatJalali, toPersianDigits } from '@parde/persian';

/** Persian text of household profiles: the picker, the PIN, managing, and kids mode. */
export const avatarNames: Record<AvatarKey, string> = {
  sun: 'خورشید',
  moon: 'ماه',
  star: 'ستاره',
  leaf: 'برگ',
  wave: 'موج',
  drop: 'قطره',
  cloud: 'ابر',
  flower: 'گل',
  kite: 'بادبادک',
  fish: 'ماهی',
  bird: 'پرنده',
  cat: 'گربه',
};

export const messages = {
  picker: {
    heading: 'چه کسی تماشا می‌کند؟',
    documentTitle: 'انتخاب نمایه',
    list: 'نمایه‌های حساب',
    manage: 'مدیریت نمایه‌ها',
    current: 'نمایهٔ فعلی',
    hasPin: 'با رمز',
    locked: (until: string) => `قفل تا ${lockTime(until)}`,
    choosePrefix: 'تماشا با نمایهٔ',
  },
  badges: { kids: 'کودک', main: 'اصلی', pin: 'رمز دارد' },
  pin: {
    title: (name: string) => `رمز نمایهٔ «${name}»`,
    intro: 'رمز چهاررقمی این نمایه را وارد کنید.',
    label: 'رمز چهاررقمی',
    submit: 'ورود',
    cancel: 'انصراف',
    wrongLength: 'رمز باید ۴ رقم باشد.',
    locked: (until: string) => `این نمایه به‌خاطر رمزهای نادرست تا ${lockTime(until)} قفل است.`,
    /** In a kids profile the lock is this device's own (the API counts a kids device's tries apart). */
    lockedHere: (until: string) => `به‌خاطر رمزهای نادرست در این دستگاه، رمز این نمایه تا ${lockTime(until)} از این دستگاه پذیرفته نمی‌شود.`,
  },
  exitKids: {
    title: 'خروج از نمایهٔ کودک',
    intro: 'برای رفتن به نمایهٔ بزرگسال، رمز نمایهٔ اصلی یا گذرواژهٔ حساب را وارد کنید.',
  },
  proof: {
    title: 'تأیید صاحب حساب',
    intro: 'برای مدیریت نمایه‌ها، گذرواژهٔ حساب یا رمز نمایهٔ اصلی را وارد کنید.',
    kind: 'روش تأیید',
    password: 'گذرواژهٔ حساب',
    mainPin: 'رمز نمایهٔ اصلی',
    required: 'گذرواژه یا رمز را وارد کنید.',
  },
  manage: {
    heading: 'مدیریت نمایه‌ها',
    intro: (max: number) => `هر حساب تا ${toPersianDigits(max)} نمایه دارد؛ فهرست تماشا، تاریخچه و انتخاب‌های پخش هر نمایه جداست.`,
    add: 'افزودن نمایه',
    full: (max: number) => `حساب به سقف ${toPersianDigits(max)} نمایه رسیده است.`,
    editShort: 'ویرایش',
    removeShort: 'حذف',
    edit: (name: string) => `ویرایش ${name}`,
    remove: (name: string) => `حذف ${name}`,
    back: 'بازگشت به انتخاب نمایه',
    kidsCannotManage: 'نمایهٔ کودک نمی‌تواند نمایه‌ها را مدیریت کند.',
    created: 'نمایه ساخته شد.',
    saved: 'نمایه ذخیره شد.',
    deleted: 'نمایه حذف شد.',
  },
  form: {
    createTitle: 'نمایهٔ تازه',
    editTitle: (name: string) => `ویرایش نمایهٔ «${name}»`,
    name: 'نام',
    avatar: 'تصویر نمایه',
    kids: 'نمایهٔ کودک',
    kidsHint: 'فقط فیلم و سریال‌های مناسب کودکان؛ بدون دیدگاه و خرید.',
    mainNotKids: 'نمایهٔ اصلی نمی‌تواند نمایهٔ کودک باشد.',
    pin: 'رمز (اختیاری)',
    newPin: 'رمز تازه (اختیاری)',
    pinHint: 'چهار رقم؛ برای ورود به این نمایه پرسیده می‌شود.',
    removePin: 'برداشتن رمز',
    save: 'ذخیره',
    create: 'ساختن نمایه',
    cancel: 'انصراف',
    nameRequired: 'نام نمایه را بنویسید.',
    nameTooLong: 'نام نمایه حداکثر ۲۰ نویسه است.',
    pinInvalid: 'رمز باید ۴ رقم باشد.',
  },
  remove: {
    title: (name: string) => `حذف نمایهٔ «${name}»؟`,
    body: 'فهرست تماشا، تاریخچه، امتیازها و انتخاب‌های پخش این نمایه برای همیشه پاک می‌شود.',
    confirm: 'حذف نمایه',
    cancel: 'انصراف',
  },
  menu: {
    button: (name: string) => `نمایهٔ ${name}؛ منوی نمایه`,
    switch: 'تغییر نمایه',
    manage: 'مدیریت نمایه‌ها',
    kidsMode: 'حالت کودک',
  },
  kids: {
    noBuying: 'خرید اشتراک از نمایهٔ کودک ممکن نیست. برای خرید به نمایهٔ بزرگسال بروید.',
    switch: 'تغییر نمایه',
  },
};

/** A lock's end in Tehran time on the Jalali calendar, Persian digits. */
export function lockTime(iso: string): string {
  return formatJalali(iso, 'datetime');
}
