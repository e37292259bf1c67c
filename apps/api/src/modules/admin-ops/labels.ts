import { defineAuditLabels } from '../admin/audit';

/** The Persian names of this area's changes in the audit log. */
defineAuditLabels({
  'request.fulfil': 'انجام درخواست عضو',
  'request.decline': 'رد درخواست عضو',
  'request.reopen': 'بازگشایی درخواست پاسخ‌داده برای اصلاح پاسخ',
  'comment.hide': 'پنهان کردن دیدگاه',
  'comment.delete': 'حذف دیدگاه',
  'comment.restore': 'بازگرداندن دیدگاه',
  'comment.review': 'بررسی گزارش‌های دیدگاه',
  'comment.set_spoiler': 'تغییر برچسب لو دادن داستان',
  'member.mute': 'بستن دیدگاه‌نویسی عضو',
  'member.unmute': 'باز کردن دیدگاه‌نویسی عضو',
  'notification.send': 'ارسال اعلان به اعضا',
});
