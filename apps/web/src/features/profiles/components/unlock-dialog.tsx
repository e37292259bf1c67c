import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Profile, SelectProfileInput } from '@parde/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { solidAccent } from '../../../components/accent';
import { messages } from '../messages';
import { isPin, toProof } from '../lib/proof';
import { PinField } from './pin-field';
import { ProofFields, type ProofValue } from './proof-fields';

export type UnlockKind = 'pin' | 'exit' | 'locked';

type Props = {
  profile: Profile;
  kind: UnlockKind;
  /** The server's sentence for the last try (tries left, the lock's time), or ours. */
  error: string | null;
  pending: boolean;
  onSubmit: (body: SelectProfileInput) => void;
  onClose: () => void;
};

/**
 * Entering a profile with a PIN (`pin`), leaving a kids profile for a grown-up one that has none
 * (`exit`: the main PIN or the account's password), or a profile locked by wrong tries (`locked`).
 */
export function UnlockDialog({ profile, kind, error, pending, onSubmit, onClose }: Props) {
  const headingId = useId();
  const introId = useId();
  const [pin, setPin] = useState('');
  const [proof, setProof] = useState<ProofValue>({ kind: 'main_pin', value: '' });
  const [local, setLocal] = useState<string | null>(null);
  const shown = local ?? error;
  // A refused try empties the field for the next one.
  const [seenError, setSeenError] = useState(error);
  if (error !== seenError) {
    setSeenError(error);
    setPin('');
  }

  // A try disables the field while it is on its way, and the browser takes the focus from a
  // disabled field: once the answer is in, the focus goes back, so the next PIN typed straight
  // after a refusal lands in the field instead of nowhere.
  const pinRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (kind === 'pin' && !pending) pinRef.current?.focus();
  }, [kind, pending]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (kind === 'locked') return;
    if (kind === 'pin') {
      if (!isPin(pin)) return setLocal(messages.pin.wrongLength);
      setLocal(null);
      return onSubmit({ pin });
    }
    const value = proof.value.trim();
    if (!value || (proof.kind === 'main_pin' && !isPin(value))) return setLocal(proof.kind === 'main_pin' ? messages.pin.wrongLength : messages.proof.required);
    setLocal(null);
    onSubmit(toProof(proof.kind, proof.kind === 'password' ? proof.value : value));
  };

  const title = kind === 'exit' ? messages.exitKids.title : messages.pin.title(profile.name);
  const intro = kind === 'exit' ? messages.exitKids.intro : kind === 'pin' ? messages.pin.intro : null;
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={headingId} aria-describedby={intro ? introId : undefined} fullWidth maxWidth="xs" data-testid="unlock-dialog" data-kind={kind}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={headingId}>{title}</DialogTitle>
        <DialogContent>
          {intro && <DialogContentText id={introId}>{intro}</DialogContentText>}
          {kind === 'pin' && <PinField label={messages.pin.label} value={pin} onChange={setPin} error={shown} autoFocus disabled={pending} inputRef={pinRef} />}
          {kind === 'exit' && <ProofFields proof={proof} onChange={setProof} error={shown} autoFocus />}
          {kind === 'locked' && (
            <Alert severity="warning" role="alert" data-testid="profile-locked">
              {shown}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={onClose} color="inherit" variant="outlined" disabled={pending}>
            {messages.pin.cancel}
          </Button>
          {kind !== 'locked' && (
            <Button type="submit" variant="contained" disabled={pending} sx={solidAccent} data-testid="unlock-submit">
              {messages.pin.submit}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
