import type { PaymentKind, PaymentStatus } from '@parde/contract';
import type { FailureCode } from '../gateways/gateway';

/** Persian words of payments, receipts and discount codes. */
export const paymentMessages = {
  discountInvalid: 'کد تخفیف معتبر نیست.',
  discountExpired: 'مهلت استفاده از این کد تخفیف به پایان رسیده است.',
  discountUsedUp: 'ظرفیت استفاده از این کد تخفیف تمام شده است.',
  discountAlreadyUsed: 'شما پیش‌تر از این کد تخفیف استفاده کرده‌اید.',
  pending: 'پرداخت شما هنوز در حال بررسی است. چند لحظه بعد این صفحه را دوباره باز کنید.',
  successJoin: (until: string) => `پرداخت با موفقیت انجام شد. اشتراک ویژهٔ شما تا ${until} فعال است.`,
  successReserve: (start: string, until: string) => `پرداخت با موفقیت انجام شد. طرح رزروشدهٔ شما از ${start} آغاز می‌شود و تا ${until} ادامه دارد.`,
  successGift: (code: string) => `پرداخت با موفقیت انجام شد. کد هدیهٔ شما: ${code}`,
  retry: 'می‌توانید دوباره تلاش کنید.',
  refunded: 'این پرداخت بازپرداخت شده است و روزهایی که خریده بود به پایان رسیده است.',
  description: (kind: PaymentKind, planName: string, days: string) =>
    `${kind === 'gift' ? 'هدیهٔ اشتراک ویژهٔ پرده' : 'اشتراک ویژهٔ پرده'} — طرح ${planName} (${days} روز)`,
};

export const failureReasons: Record<FailureCode, string> = {
  CANCELLED_BY_PAYER: 'پرداخت در درگاه بانک لغو شد و مبلغی از حسابتان کم نشد.',
  NOT_VERIFIED: 'بانک این پرداخت را تأیید نکرد. اگر مبلغی از حسابتان کم شده باشد، حداکثر تا ۷۲ ساعت به حسابتان بازمی‌گردد.',
  AMOUNT_MISMATCH: 'مبلغ پرداخت با مبلغ سفارش یکسان نبود و پرداخت پذیرفته نشد. اگر مبلغی از حسابتان کم شده باشد، حداکثر تا ۷۲ ساعت به حسابتان بازمی‌گردد.',
  ORDER_MISMATCH: 'این پرداخت با سفارش شما جور نبود و پذیرفته نشد. اگر مبلغی از حسابتان کم شده باشد، حداکثر تا ۷۲ ساعت به حسابتان بازمی‌گردد.',
  GATEWAY_ERROR: 'درگاه پرداخت پاسخ درستی نداد و پرداخت انجام نشد. اگر مبلغی از حسابتان کم شده باشد، حداکثر تا ۷۲ ساعت به حسابتان بازمی‌گردد.',
  EXPIRED: 'مهلت پرداخت به پایان رسید و پرداختی انجام نشد.',
  SUPERSEDED: 'این پرداخت کنار گذاشته شد، چون پرداخت تازه‌تری با همین کد تخفیف آغاز کردید.',
};

export const statusLabels: Record<PaymentStatus, string> = {
  pending: 'در انتظار پرداخت',
  verifying: 'در حال بررسی',
  paid: 'پرداخت‌شده',
  failed: 'ناموفق',
  cancelled: 'لغوشده',
  expired: 'منقضی‌شده',
};

/** A paid payment an operator marked refunded. */
export const refundedLabel = 'بازپرداخت‌شده';

export const kindLabels: Record<PaymentKind, string> = {
  join: 'خرید اشتراک',
  reserve: 'رزرو اشتراک',
  gift: 'خرید هدیه',
};
