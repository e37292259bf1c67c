import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { messages } from '../messages';
import type { ProofKind } from '../lib/proof';
import { PinField } from './pin-field';

const m = messages.proof;

export type ProofValue = { kind: ProofKind; value: string };

type Props = {
  proof: ProofValue;
  onChange: (proof: ProofValue) => void;
  error?: string | null;
  autoFocus?: boolean;
};

/** The account holder's proof: the account's password or the main profile's PIN, the viewer's choice. */
export function ProofFields({ proof, onChange, error, autoFocus }: Props) {
  const legend = useId();
  return (
    <div role="group" aria-labelledby={legend} data-testid="proof-fields">
      <p id={legend} className="p-body2 p-muted" style={{ margin: '8px 0 0' }}>
        {m.kind}
      </p>
      <RadioGroup row value={proof.kind} onChange={(e) => onChange({ kind: e.target.value as ProofKind, value: '' })} aria-labelledby={legend}>
        <FormControlLabel value="password" control={<Radio />} label={m.password} data-testid="proof-password" />
        <FormControlLabel value="main_pin" control={<Radio />} label={m.mainPin} data-testid="proof-main-pin" />
      </RadioGroup>
      {proof.kind === 'password' ? (
        <TextField
          label={m.password}
          name="password"
          type="password"
          autoComplete="current-password"
          value={proof.value}
          onChange={(e) => onChange({ ...proof, value: e.target.value })}
          error={Boolean(error)}
          helperText={error || undefined}
          autoFocus={autoFocus}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { 'data-testid': 'proof-password-input' } }}
        />
      ) : (
        <PinField label={m.mainPin} name="main_pin" value={proof.value} onChange={(value) => onChange({ ...proof, value })} error={error} autoFocus={autoFocus} testId="proof-main-pin-input" />
      )}
    </div>
  );
}
