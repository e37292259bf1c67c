import { MAX_PROFILES } from '@parde/contract';
import { formatJalali, toPersianDigits } from '@parde/persian';
import { PIN_TRIES } from './profiles.repository';

/** Persian sentences of the profile answers (errors keep their codes in errors/messages.ts). */
export const profileMessages = {
  limit: `هر حساب حداکثر ${toPersianDigits(MAX_PROFILES)} نمایه دارد. برای نمایهٔ تازه، یکی از نمایه‌ها را حذف کنید.`,
  nameTaken: 'نمایهٔ دیگری در این حساب همین نام را دارد.',
  wrongPassword: 'گذرواژهٔ حساب درست نیست.',
  mainKids: 'نمایهٔ اصلی حساب نمی‌تواند نمایهٔ کودک باشد.',
  wrongPin: (left: number) => `رمز درست نیست. ${toPersianDigits(left)} بار دیگر می‌توانید امتحان کنید.`,
  locked: (until: Date | string) => `به دلیل ${toPersianDigits(PIN_TRIES)} بار رمز نادرست، این نمایه تا ${formatJalali(new Date(until), 'datetime')} قفل است.`,
  /** A kids profile's session that guessed five times: only this device waits, the profile stays open elsewhere. */
  sessionLocked: (until: Date | string) =>
    `به دلیل ${toPersianDigits(PIN_TRIES)} بار رمز نادرست در این دستگاه، رمز این نمایه تا ${formatJalali(new Date(until), 'datetime')} از این دستگاه پذیرفته نمی‌شود.`,
};
