import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { messages } from '../messages';

type Props = {
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  helperText?: string;
  autoFocus?: boolean;
};

/**
 * One field of an auth form. Its problem (ours, or the server's from a 422) shows under it and
 * is tied to it by `aria-describedby`; emails and passwords are typed left to right.
 */
export function FormField({ name, label, value, error, onChange, type = 'text', autoComplete, helperText, autoFocus }: Props) {
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const ltr = type !== 'text';
  return (
    <TextField
      name={name}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      type={isPassword && shown ? 'text' : type}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      error={Boolean(error)}
      helperText={error ?? helperText ?? ' '}
      required
      fullWidth
      slotProps={{
        htmlInput: { 'data-testid': `field-${name}`, ...(ltr ? { dir: 'ltr', style: { textAlign: 'right' } } : {}), ...(type === 'email' ? { inputMode: 'email' } : {}) },
        formHelperText: { 'data-testid': `field-${name}-help` } as object,
        input: isPassword
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton onClick={() => setShown((s) => !s)} edge="end" aria-label={shown ? messages.fields.hidePassword : messages.fields.showPassword} size="small">
                    {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
                  </IconButton>
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
