import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { avatarKeys, type Profile } from '@parde/contract';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { solidAccent } from '../../../components/accent';
import { QueryErrorPage } from '../../../components/query-error';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/errors';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { notifySuccess } from '../../../lib/notifications';
import { queryClient } from '../../../lib/query-client';
import { createProfile } from '../api/create-profile';
import { deleteProfile } from '../api/delete-profile';
import { useProfiles } from '../api/get-profiles';
import { profileKeys } from '../api/keys';
import { updateProfile } from '../api/update-profile';
import { isProofRefused } from '../lib/failure';
import { toProfileBody, validateProfileForm, type ProfileFormErrors, type ProfileFormValues } from '../lib/profile-form';
import { isPin, toProof, type HolderProof } from '../lib/proof';
import { messages } from '../messages';
import { useProfileStore } from '../stores/profile-store';
import { ProfileAvatar } from './profile-avatar';
import { ProfileFormDialog } from './profile-form-dialog';
import { ProofFields, type ProofValue } from './proof-fields';
import '../profiles.css';

const m = messages.manage;
const dangerSolid = { bgcolor: '#c62828', color: '#fff', '&:hover': { bgcolor: '#b71c1c' } } as const;

type Form = { editing: Profile | null; errors: ProfileFormErrors; formError: string | null; proofError: string | null };

/** The proof typed in a form, checked before it is sent; null when it is not there yet. */
function readProof(proof: ProofValue): HolderProof | null {
  const value = proof.value.trim();
  if (!value || (proof.kind === 'main_pin' && !isPin(value))) return null;
  return toProof(proof.kind, proof.kind === 'password' ? proof.value : value);
}

/**
 * Managing the household's profiles: add (up to the account's maximum), edit name, avatar, kids
 * and PIN, delete (not the main one) after a confirmation. Each change proves the account holder
 * (the password or the main PIN): asked once on this screen and kept in memory, asked again if
 * the API refuses it.
 */
export function ManageScreen() {
  const profiles = useProfiles();
  const kidsHere = useProfileStore((s) => Boolean(s.profile?.kids));
  const [form, setForm] = useState<Form | null>(null);
  const [removing, setRemoving] = useState<{ profile: Profile; proofError: string | null; error: string | null } | null>(null);
  const [proof, setProof] = useState<HolderProof | null>(null);
  const [pending, setPending] = useState(false);
  const [removeProof, setRemoveProof] = useState<ProofValue>({ kind: 'password', value: '' });
  const removeHeading = useId();
  const removeBody = useId();
  useDocumentTitle(m.heading);

  if (profiles.isError) return <QueryErrorPage error={profiles.error} onRetry={() => void profiles.refetch()} />;
  const data = profiles.data;
  const full = data ? data.profiles.length >= data.max : false;
  const freeAvatar = avatarKeys.find((k) => !data?.profiles.some((p) => p.avatar === k)) ?? avatarKeys[0];

  const afterWrite = (changed: Profile | null, removedId?: number) => {
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    const store = useProfileStore.getState();
    if (changed && store.profile?.id === changed.id && store.userId !== null) store.setProfile(store.userId, changed);
    if (removedId !== undefined && store.profile?.id === removedId) store.requirePick();
  };

  const save = async (values: ProfileFormValues, typed: ProofValue) => {
    if (!form) return;
    const errors = validateProfileForm(values, form.editing);
    const given = proof ?? readProof(typed);
    const proofError = given ? null : messages.proof.required;
    setForm({ ...form, errors, formError: null, proofError });
    if (Object.keys(errors).length > 0 || !given) return;
    setPending(true);
    try {
      const body = toProfileBody(values, form.editing, given);
      const saved = form.editing ? await updateProfile(form.editing.id, body) : await createProfile(body as Parameters<typeof createProfile>[0]);
      setProof(given);
      setForm(null);
      afterWrite(saved);
      notifySuccess(form.editing ? m.saved : m.created);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const refused = isProofRefused(error);
      if (refused) setProof(null);
      const byField: ProfileFormErrors = { name: fields.name, avatar: fields.avatar, kids: fields.kids, pin: fields.pin };
      const said = Object.values(fields).length > 0;
      setForm({
        ...form,
        errors: Object.fromEntries(Object.entries(byField).filter(([, v]) => v)),
        proofError: refused ? (fields.password ?? fields.main_pin ?? getErrorMessage(error)) : null,
        formError: said || refused ? null : getErrorMessage(error),
      });
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    const given = proof ?? readProof(removeProof);
    if (!given) return setRemoving({ ...removing, proofError: messages.proof.required });
    setPending(true);
    try {
      await deleteProfile(removing.profile.id, given);
      setProof(given);
      afterWrite(null, removing.profile.id);
      setRemoving(null);
      notifySuccess(m.deleted);
    } catch (error) {
      const refused = isProofRefused(error);
      if (refused) setProof(null);
      const fields = fieldErrorsOf(error);
      setRemoving({ ...removing, proofError: refused ? (fields.password ?? fields.main_pin ?? getErrorMessage(error)) : null, error: refused ? null : getErrorMessage(error) });
    } finally {
      setPending(false);
    }
  };

  const openForm = (editing: Profile | null) => setForm({ editing, errors: {}, formError: null, proofError: null });

  if (kidsHere) {
    return (
      <section className="p-manage" data-testid="manage-profiles">
        <h1 className="p-h5">{m.heading}</h1>
        <Alert severity="info" sx={{ mt: 2 }}>
          {m.kidsCannotManage}
        </Alert>
        <Button component={RouterLink} to={paths.profiles.picker.getHref()} sx={{ mt: 2 }} color="inherit" variant="outlined">
          {m.back}
        </Button>
      </section>
    );
  }

  return (
    <section className="p-manage" aria-labelledby="manage-heading" data-testid="manage-profiles">
      <div className="p-manage__head">
        <h1 id="manage-heading" className="p-h5">
          {m.heading}
        </h1>
        <Button component={RouterLink} to={paths.profiles.picker.getHref()} color="inherit">
          {m.back}
        </Button>
      </div>
      {data && <p className="p-body2 p-muted">{m.intro(data.max)}</p>}
      {data ? (
        <ul className="p-manage__list">
          {data.profiles.map((p) => (
            <li key={p.id} className="p-manage__row" data-testid="manage-row" data-profile={p.id}>
              <ProfileAvatar avatar={p.avatar} size={56} />
              <div className="p-manage__who">
                <p className="p-manage__name">{p.name}</p>
                <div className="p-manage__badges">
                  {p.main && <span className="p-manage__badge">{messages.badges.main}</span>}
                  {p.kids && <span className="p-kids-badge">{messages.badges.kids}</span>}
                  {p.hasPin && <span className="p-manage__badge">{messages.badges.pin}</span>}
                </div>
              </div>
              <div className="p-manage__actions">
                <Button onClick={() => openForm(p)} color="inherit" variant="outlined" size="small" aria-label={m.edit(p.name)} data-testid="edit-profile">
                  {m.editShort}
                </Button>
                {!p.main && (
                  <Button
                    onClick={() => {
                      setRemoveProof({ kind: 'password', value: '' });
                      setRemoving({ profile: p, proofError: null, error: null });
                    }}
                    color="inherit"
                    variant="outlined"
                    size="small"
                    aria-label={m.remove(p.name)}
                    data-testid="delete-profile"
                  >
                    {m.removeShort}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <span role="progressbar" aria-label={m.heading} className="p-progress">
          <span className="p-progress__bar" />
        </span>
      )}
      {data && (
        <div style={{ marginTop: 24 }}>
          <Button onClick={() => openForm(null)} variant="contained" disabled={full} sx={solidAccent} data-testid="add-profile">
            {m.add}
          </Button>
          {full && (
            <p className="p-body2 p-muted" data-testid="profiles-full">
              {m.full(data.max)}
            </p>
          )}
        </div>
      )}

      {form && (
        <ProfileFormDialog
          editing={form.editing}
          suggestedAvatar={freeAvatar}
          errors={form.errors}
          formError={form.formError}
          askProof={proof === null}
          proofError={form.proofError}
          pending={pending}
          onSubmit={(values, typed) => void save(values, typed)}
          onClose={() => setForm(null)}
        />
      )}

      {removing && (
        <Dialog open onClose={pending ? undefined : () => setRemoving(null)} aria-labelledby={removeHeading} aria-describedby={removeBody} data-testid="delete-profile-dialog">
          <DialogTitle id={removeHeading}>{messages.remove.title(removing.profile.name)}</DialogTitle>
          <DialogContent>
            <DialogContentText id={removeBody}>{messages.remove.body}</DialogContentText>
            {proof === null && <ProofFields proof={removeProof} onChange={setRemoveProof} error={removing.proofError} />}
            {removing.error && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {removing.error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
            <Button onClick={() => setRemoving(null)} color="inherit" variant="outlined" autoFocus disabled={pending}>
              {messages.remove.cancel}
            </Button>
            <Button onClick={() => void remove()} variant="contained" disabled={pending} sx={dangerSolid} data-testid="confirm-delete-profile">
              {messages.remove.confirm}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </section>
  );
}
