/** Persian sentences for every stable error code the API can answer with. */
export const errorMessages = {
  BAD_REQUEST: 'درخواست نامعتبر است.',
  UNAUTHENTICATED: 'برای ادامه وارد حساب کاربری خود شوید.',
  FORBIDDEN: 'اجازهٔ انجام این کار را ندارید.',
  SUBSCRIPTION_REQUIRED: 'برای تماشای این محتوا اشتراک ویژه لازم است.',
  NOT_FOUND: 'موردی که دنبالش بودید پیدا نشد.',
  ROUTE_NOT_FOUND: 'نشانی درخواستی در سرور وجود ندارد.',
  METHOD_NOT_ALLOWED: 'این روش درخواست برای این نشانی پشتیبانی نمی‌شود.',
  CONFLICT: 'این درخواست با وضعیت فعلی سازگار نیست.',
  CSRF_MISMATCH: 'نشست شما منقضی شده است. صفحه را دوباره بارگذاری کنید و دوباره تلاش کنید.',
  PAYLOAD_TOO_LARGE: 'حجم اطلاعات فرستاده‌شده بیش از حد مجاز است.',
  UNSUPPORTED_MEDIA_TYPE: 'قالب اطلاعات فرستاده‌شده پشتیبانی نمی‌شود.',
  VALIDATION_FAILED: 'اطلاعات واردشده معتبر نیست.',
  TOO_MANY_REQUESTS: 'تعداد درخواست‌ها بیش از حد مجاز است.',
  ALREADY_REPORTED: 'این دیدگاه را پیش‌تر گزارش کرده‌اید.',
  DUPLICATE_REQUEST: 'این عنوان را پیش‌تر درخواست کرده‌اید و درخواستتان در حال بررسی است.',
  ALREADY_ANSWERED: 'به این درخواست پیش‌تر پاسخ داده شده است.',
  PLAN_NOT_FOUND: 'طرح اشتراکی با این شناسه پیدا نشد یا دیگر فروخته نمی‌شود.',
  PAYMENT_NOT_FOUND: 'پرداختی با این شناسه پیدا نشد.',
  PAYMENT_IN_PROGRESS: 'پرداخت قبلی شما با همین کد تخفیف در حال بررسی است. چند لحظه بعد دوباره تلاش کنید.',
  GATEWAY_UNAVAILABLE: 'درگاه پرداخت در دسترس نیست. چند دقیقهٔ دیگر دوباره تلاش کنید؛ مبلغی از حسابتان کم نشده است.',
  GIFT_NOT_FOUND: 'کد هدیه معتبر نیست. آن را دوباره بررسی کنید.',
  GIFT_ALREADY_REDEEMED: 'این کد هدیه پیش‌تر استفاده شده است.',
  SERVICE_UNAVAILABLE: 'سرویس موقتاً در دسترس نیست. کمی بعد دوباره تلاش کنید.',
  INTERNAL: 'خطایی در سرور رخ داد. لطفاً کمی بعد دوباره تلاش کنید.',
} as const;

export type ErrorCode = keyof typeof errorMessages;
