import { z } from 'zod';

const faDigits = (n: number | bigint | string) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

/**
 * Persian messages for every validation failure. zod's own `fa` locale leaks English type
 * names ("number باید >=3 باشد"), so forms get these plain sentences instead.
 */
export const persianErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'این فیلد الزامی است.';
      if (issue.expected === 'number' || issue.expected === 'int') return 'یک عدد وارد کنید.';
      if (issue.expected === 'boolean') return 'مقدار باید درست یا نادرست باشد.';
      if (issue.expected === 'array') return 'مقدار باید یک فهرست باشد.';
      return 'مقدار واردشده معتبر نیست.';
    case 'too_small': {
      const min = faDigits(issue.minimum);
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'این فیلد الزامی است.' : `دست‌کم ${min} نویسه وارد کنید.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `دست‌کم ${min} مورد لازم است.`;
      return issue.inclusive === false ? `عدد باید بیشتر از ${min} باشد.` : `عدد باید دست‌کم ${min} باشد.`;
    }
    case 'too_big': {
      const max = faDigits(issue.maximum);
      if (issue.origin === 'string') return `حداکثر ${max} نویسه مجاز است.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `حداکثر ${max} مورد مجاز است.`;
      return issue.inclusive === false ? `عدد باید کمتر از ${max} باشد.` : `عدد باید حداکثر ${max} باشد.`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'نشانی ایمیل معتبر نیست.';
      if (issue.format === 'url') return 'نشانی اینترنتی معتبر نیست.';
      if (issue.format === 'date' || issue.format === 'datetime') return 'تاریخ معتبر نیست.';
      return 'قالب مقدار واردشده درست نیست.';
    case 'invalid_value':
      return 'مقدار انتخاب‌شده مجاز نیست.';
    case 'not_multiple_of':
      return 'مقدار واردشده معتبر نیست.';
    case 'unrecognized_keys':
      return 'فیلدهای ناشناخته فرستاده شده است.';
    default:
      return 'مقدار واردشده معتبر نیست.';
  }
};

/** Installs the Persian messages globally; both the API and the web app call it once at start. */
export function usePersianErrors(): void {
  z.config({ customError: persianErrorMap });
}
