import TextField from '@mui/material/TextField';
import { toGregorian, toLatinDigits, toPersianDigits } from '@parde/persian';

/** A fresh id for one submit of a form: the server does what it asks once, however often it arrives. */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A whole number typed with Persian or Latin digits, or null. */
export function parseCount(text: string): number | null {
  const latin = toLatinDigits(text).replace(/[٬,\s]/g, '');
  return /^\d{1,10}$/.test(latin) ? Number(latin) : null;
}

/** `۱۴۰۵/۰۱/۰۱` (or with Latin digits, or dashes) → `2026-03-21`; null when it is no Jalali day. */
export function jalaliToIso(text: string): string | null {
  const m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(toLatinDigits(text.trim()));
  if (!m) return null;
  try {
    const g = toGregorian(Number(m[1]), Number(m[2]), Number(m[3]));
    return `${g.gy}-${String(g.gm).padStart(2, '0')}-${String(g.gd).padStart(2, '0')}`;
  } catch {
    return null;
  }
}

/** A Jalali day typed as `۱۴۰۵/۰۱/۰۱`: checked as it is typed, handed on as an ISO day. */
export function JalaliDateField({ label, value, onChange, testId, error }: { label: string; value: string; onChange: (text: string) => void; testId: string; error?: string }) {
  const bad = value.trim() !== '' && jalaliToIso(value) === null;
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(toPersianDigits(e.target.value))}
      placeholder="۱۴۰۵/۰۱/۰۱"
      error={bad || Boolean(error)}
      helperText={error ?? (bad ? 'تاریخ را به شکل ۱۴۰۵/۰۱/۰۱ بنویسید.' : undefined)}
      slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': testId } }}
      sx={{ width: 170 }}
    />
  );
}
