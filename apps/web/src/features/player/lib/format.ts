import { toPersianDigits } from '@parde/persian';

/** 5025 → «۱:۲۳:۴۵», 83 → «۱:۲۳»: the player's clock, in Persian digits. */
export function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor(s / 60) % 60;
  const sec = String(s % 60).padStart(2, '0');
  return toPersianDigits(h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`);
}

/** Bytes as people read data plans: «۲۳۱ مگابایت», «۱٫۱ گیگابایت». */
export function dataAmount(bytes: number): string {
  if (bytes >= 1e9) return `${toPersianDigits((Math.round(bytes / 1e8) / 10).toString().replace('.', '٫'))} گیگابایت`;
  return `${toPersianDigits(Math.max(1, Math.round(bytes / 1e6)))} مگابایت`;
}

/** «۷۲۰p»: a quality label with its number in Persian digits. */
export const qualityLabel = (label: string) => toPersianDigits(label);
