/**
 * Persian sentences for every failure this package reports. They are short and free of
 * ffmpeg's English on purpose: they may reach an admin screen as they are, while the
 * technical detail travels separately on the error object.
 */
export const mediaMessages = {
  INPUT_NOT_FOUND: 'فایل ورودی پیدا نشد.',
  NO_VIDEO_STREAM: 'در فایل ورودی هیچ تصویری پیدا نشد.',
  NO_AUDIO_STREAM: 'در فایل ورودی هیچ صدایی پیدا نشد.',
  INVALID_OPTIONS: 'تنظیمات پردازش ویدیو نامعتبر است.',
  PROBE_FAILED: 'خواندن مشخصات فایل رسانه ممکن نشد.',
  FFMPEG_FAILED: 'پردازش ویدیو با خطا متوقف شد.',
  FFMPEG_MISSING: 'برنامهٔ ffmpeg روی این دستگاه نصب نیست.',
  ABORTED: 'پردازش ویدیو لغو شد.',
} as const;

/** Stable codes of {@link MediaError}. */
export type MediaErrorCode = keyof typeof mediaMessages;

/** Persian sentences for subtitle failures. */
export const subtitleMessages = {
  SUBTITLE_EMPTY: 'فایل زیرنویس خالی است.',
  SUBTITLE_INVALID: 'فایل زیرنویس قالب معتبری ندارد؛ هیچ زمان‌بندی درستی در آن پیدا نشد.',
} as const;

/** Stable codes of {@link SubtitleError}. */
export type SubtitleErrorCode = keyof typeof subtitleMessages;
