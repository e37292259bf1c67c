import { formatJalali, formatRelative } from '@parde/persian';

const WEEK = 7 * 24 * 60 * 60 * 1000;

export type CommentDate = {
  /** What the line shows: "۳ روز پیش" within a week, else the Jalali date ("۲ آذر ۱۴۰۵"). */
  text: string;
  /** The exact Jalali date and Tehran time, for the tooltip and screen readers. */
  full: string;
};

/**
 * When a comment was written, in Persian: relative while it is recent, the date once it is not.
 * A date the browser cannot read gives empty strings rather than breaking the list.
 */
export function commentDate(iso: string, now: number = Date.now()): CommentDate {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return { text: '', full: '' };
  // A clock a little behind the server's must not print "in 2 minutes".
  const text = now - at < WEEK ? formatRelative(Math.min(at, now), now) : formatJalali(at, 'long');
  return { text, full: formatJalali(at, 'datetime') };
}
