import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { formatJalaliInput, parseJalaliInput } from '../lib/jalali-input';

const invalid = 'تاریخ را به شکل ۱۴۰۵/۰۹/۰۵ بنویسید.';

/**
 * A Jalali date typed as people write it (`۱۴۰۵/۰۹/۰۵`); reports the Gregorian `YYYY-MM-DD` the
 * API takes, or '' when emptied. A half-typed or impossible day shows why and reports nothing.
 */
export function JalaliDateField({
  label,
  value,
  onChange,
  testId,
  error: serverError,
  fullWidth = false,
  name,
}: {
  label: string;
  value: string | undefined;
  onChange: (isoDate: string) => void;
  testId?: string;
  /** The API's message for the field (a 422). */
  error?: string;
  fullWidth?: boolean;
  name?: string;
}) {
  const [text, setText] = useState(() => formatJalaliInput(value));
  const [error, setError] = useState(false);
  const commit = () => {
    if (text.trim() === '') {
      setError(false);
      if (value) onChange('');
      return;
    }
    const iso = parseJalaliInput(text);
    setError(iso === null);
    if (iso && iso !== value) onChange(iso);
  };
  return (
    <TextField
      size="small"
      label={label}
      placeholder="۱۴۰۵/۰۹/۰۵"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      name={name}
      error={error || Boolean(serverError)}
      helperText={error ? invalid : serverError}
      fullWidth={fullWidth}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': testId }, inputLabel: { shrink: true } }}
      sx={fullWidth ? undefined : { width: 170 }}
    />
  );
}
