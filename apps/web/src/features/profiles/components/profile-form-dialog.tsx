import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { avatarKeys, type Profile } from '@parde/contract';
import { useId, useState } from 'react';
import { solidAccent } from '../../../components/accent';
import { avatarNames, messages } from '../messages';
import type { ProfileFormErrors, ProfileFormValues } from '../lib/profile-form';
import { PinField } from './pin-field';
import { ProfileAvatar } from './profile-avatar';
import { ProofFields, type ProofValue } from './proof-fields';

const m = messages.form;

type Props = {
  editing: Profile | null;
  /** The next free avatar, for a new profile. */
  suggestedAvatar: ProfileFormValues['avatar'];
  errors: ProfileFormErrors;
  formError: string | null;
  /** Shown when the account holder's proof is still to be given (or was refused: `proofError`). */
  askProof: boolean;
  proofError: string | null;
  pending: boolean;
  onSubmit: (values: ProfileFormValues, proof: ProofValue) => void;
  onClose: () => void;
};

/** A new profile or an edit: name, avatar, kids, PIN, and the holder's proof when not yet given. */
export function ProfileFormDialog({ editing, suggestedAvatar, errors, formError, askProof, proofError, pending, onSubmit, onClose }: Props) {
  const headingId = useId();
  const avatarLegend = useId();
  const [values, setValues] = useState<ProfileFormValues>({
    name: editing?.name ?? '',
    avatar: editing?.avatar ?? suggestedAvatar,
    kids: editing?.kids ?? false,
    pin: '',
    removePin: false,
  });
  const [proof, setProof] = useState<ProofValue>({ kind: 'password', value: '' });
  const set = (patch: Partial<ProfileFormValues>) => setValues((v) => ({ ...v, ...patch }));

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={headingId} fullWidth maxWidth="sm" data-testid="profile-form">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(values, proof);
        }}
      >
        <DialogTitle id={headingId}>{editing ? m.editTitle(editing.name) : m.createTitle}</DialogTitle>
        <DialogContent>
          <TextField
            label={m.name}
            name="name"
            value={values.name}
            onChange={(e) => set({ name: e.target.value })}
            error={Boolean(errors.name)}
            helperText={errors.name}
            autoFocus
            required
            fullWidth
            margin="normal"
            slotProps={{ htmlInput: { maxLength: 20, 'data-testid': 'profile-name-input' } }}
          />
          <fieldset className="p-avatar-choices" aria-labelledby={avatarLegend} style={{ marginTop: 8 }}>
            <legend id={avatarLegend} className="p-body2 p-muted" style={{ gridColumn: '1 / -1', marginBottom: 4 }}>
              {m.avatar}
            </legend>
            {avatarKeys.map((key) => (
              <label key={key} className="p-avatar-choice" data-testid={`avatar-${key}`}>
                <input type="radio" name="avatar" value={key} checked={values.avatar === key} onChange={() => set({ avatar: key })} />
                <ProfileAvatar avatar={key} size={48} />
                <span>{avatarNames[key]}</span>
              </label>
            ))}
          </fieldset>
          <FormControlLabel
            sx={{ mt: 2, display: 'flex' }}
            control={<Switch checked={values.kids} onChange={(e) => set({ kids: e.target.checked })} disabled={editing?.main} slotProps={{ input: { 'aria-describedby': `${headingId}-kids` } }} data-testid="kids-switch" />}
            label={m.kids}
          />
          <FormHelperText id={`${headingId}-kids`} error={Boolean(errors.kids)} sx={{ mt: 0 }}>
            {errors.kids ?? (editing?.main ? m.mainNotKids : m.kidsHint)}
          </FormHelperText>
          {!values.removePin && (
            <PinField label={editing?.hasPin ? m.newPin : m.pin} value={values.pin} onChange={(pin) => set({ pin })} error={errors.pin} helperText={m.pinHint} testId="profile-pin-input" />
          )}
          {editing?.hasPin && (
            <FormControlLabel control={<Checkbox checked={values.removePin} onChange={(e) => set({ removePin: e.target.checked, pin: '' })} data-testid="remove-pin" />} label={m.removePin} />
          )}
          {askProof && (
            <>
              <p className="p-body2" style={{ margin: '16px 0 0' }}>
                {messages.proof.intro}
              </p>
              <ProofFields proof={proof} onChange={setProof} error={proofError} />
            </>
          )}
          {formError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {formError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
          <Button onClick={onClose} color="inherit" variant="outlined" disabled={pending}>
            {m.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} sx={solidAccent} data-testid="profile-save">
            {editing ? m.save : m.create}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
