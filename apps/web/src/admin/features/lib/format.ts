import { formatJalali, toPersianDigits } from '@parde/persian';

/** `۱۴۰۵/۰۹/۰۵ ۱۴:۳۰` in Tehran's time, for tables. */
export const adminDateTime = (iso: string | null | undefined) => (iso ? formatJalali(iso, 'datetime') : '—');
export const adminDate = (iso: string | null | undefined) => (iso ? formatJalali(iso, 'short') : '—');
/** A count with Persian digits and separators. */
export const adminNumber = (n: number) => toPersianDigits(n.toLocaleString('en-US').replace(/,/g, '٬'));
/** Prices are kept in tomans. */
export const adminToman = (toman: number) => `${adminNumber(toman)} تومان`;
