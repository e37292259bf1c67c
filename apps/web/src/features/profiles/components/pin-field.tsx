import TextField from '@mui/material/TextField';
import { toPersianDigits } from '@parde/persian';
import { cleanPin } from '../lib/proof';

type Props = {
  label: string;
  /** Latin digits, at most four. */
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  helperText?: string;
  autoFocus?: boolean;
  name?: string;
  disabled?: boolean;
  testId?: string;
  inputRef?: React.Ref<HTMLInputElement>;
};

/**
 * Four digits, shown as Persian digits whatever keyboard typed them (Persian, Arabic or Latin);
 * the value kept is Latin, as the API reads it.
 */
export function PinField({ label, value, onChange, error, helperText, autoFocus, name = 'pin', disabled, testId, inputRef }: Props) {
  return (
    <TextField
      label={label}
      name={name}
      value={toPersianDigits(value)}
      onChange={(e) => onChange(cleanPin(e.target.value))}
      error={Boolean(error)}
      helperText={error || helperText}
      autoFocus={autoFocus}
      disabled={disabled}
      inputRef={inputRef}
      autoComplete="off"
      fullWidth
      margin="normal"
      className="p-pin-input"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': testId ?? `${name}-input` } }}
    />
  );
}
