import { toPersianDigits } from '@parde/persian';

/** `۲٫۵ گیگابایت` */
export function persianBytes(bytes: number): string {
  const units = ['بایت', 'کیلوبایت', 'مگابایت', 'گیگابایت', 'ترابایت'];
  let n = Math.max(0, bytes);
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  const text = u === 0 ? String(Math.round(n)) : n.toFixed(n < 10 ? 1 : 0).replace(/\.0$/, '');
  return `${toPersianDigits(text).replace('.', '٫')} ${units[u]}`;
}

/** `۴۵٪` (whole percents, never 100 before the end). */
export function persianPercent(part: number, whole: number): string {
  const p = whole > 0 ? Math.floor((part * 100) / whole) : 0;
  return `${toPersianDigits(Math.min(100, Math.max(0, p)))}٪`;
}

/** `۱:۲۳:۰۵` or `۴:۰۵` */
export function persianDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return toPersianDigits(h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`);
}
