import { formatJalali, toPersianDigits } from '@parde/persian';

/** A Tehran calendar day (`2026-11-26`) as the x-axis shows it: `۵ آذر`. */
export function dayLabel(day: string): string {
  const long = formatJalali(day, 'long');
  return long.split(' ').slice(0, 2).join(' ');
}

/** An axis number with Persian digits, thousands as «هزار» and millions as «میلیون» when large. */
export function axisNumber(v: number): string {
  const abs = Math.abs(v);
  if (abs >= 1_000_000) return `${toPersianDigits(String(+(v / 1_000_000).toFixed(1)).replace('.', '٫'))} میلیون`;
  if (abs >= 10_000) return `${toPersianDigits(Math.round(v / 1000))} هزار`;
  return toPersianDigits(v);
}

/** A fresh key for one send of a form (the server sends once per key). */
export const newIdempotencyKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `k${Date.now()}${Math.random().toString(36).slice(2)}`);
