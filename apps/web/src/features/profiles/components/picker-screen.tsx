import Button from '@mui/material/Button';
import type { Profile, SelectProfileInput } from '@parde/contract';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { QueryErrorPage } from '../../../components/query-error';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { queryClient } from '../../../lib/query-client';
import { getRedirectTarget } from '../../auth/lib/guard';
import { useAuthStore } from '../../auth';
import { useProfiles } from '../api/get-profiles';
import { selectProfile } from '../api/select-profile';
import { readSelectFailure } from '../lib/failure';
import { messages } from '../messages';
import { useProfileStore } from '../stores/profile-store';
import { ProfileAvatar } from './profile-avatar';
import { UnlockDialog, type UnlockKind } from './unlock-dialog';
import '../profiles.css';

const m = messages.picker;

type Asking = { profile: Profile; kind: UnlockKind; error: string | null };

const isLocked = (p: Profile, now = Date.now()) => p.lockedUntil !== null && Date.parse(p.lockedUntil) > now;

/**
 * "Who is watching?": every profile of the account as a large avatar; choosing one makes it the
 * session's (this device's) and goes back to `redirect`. A PIN is asked first; leaving a kids
 * profile for a grown-up one without a PIN asks for the main PIN or the password. On a phone it
 * covers the whole screen; on a desktop it is a centred grid.
 */
export function PickerScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const profiles = useProfiles();
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(m.documentTitle);

  if (profiles.isError) return <QueryErrorPage error={profiles.error} onRetry={() => void profiles.refetch()} />;
  const data = profiles.data;
  const current = data?.profiles.find((p) => p.id === data.currentId) ?? null;

  const done = (chosen: Profile) => {
    if (userId === null) return;
    const changed = chosen.id !== useProfileStore.getState().profile?.id || chosen.id !== data?.currentId;
    useProfileStore.getState().setProfile(userId, chosen);
    if (changed) {
      // Every list, the continue-watching row and even the catalogue (kids) belong to the profile.
      queryClient.clear();
      void useAuthStore.getState().refreshUser();
    }
    void navigate(getRedirectTarget(params) ?? paths.home.getHref(), { replace: true });
  };

  const trySelect = async (profile: Profile, body: SelectProfileInput = {}) => {
    setPending(true);
    setFailure(null);
    try {
      const chosen = await selectProfile(profile.id, body);
      setAsking(null);
      done(chosen);
    } catch (error) {
      const f = readSelectFailure(error);
      if (f.next === 'error') {
        setAsking(null);
        setFailure(f.message);
      } else {
        setAsking({ profile, kind: f.next, error: f.message || null });
        if (f.next === 'locked') void profiles.refetch();
      }
    } finally {
      setPending(false);
    }
  };

  const choose = (profile: Profile) => {
    setFailure(null);
    // Already the session's: nothing to prove, nothing to ask the API.
    if (profile.id === data?.currentId) return done(profile);
    if (isLocked(profile)) return setAsking({ profile, kind: 'locked', error: (current?.kids ? messages.pin.lockedHere : messages.pin.locked)(profile.lockedUntil!) });
    if (profile.hasPin) return setAsking({ profile, kind: 'pin', error: null });
    if (current?.kids && !profile.kids) return setAsking({ profile, kind: 'exit', error: null });
    void trySelect(profile);
  };

  return (
    <section className="p-picker" aria-labelledby="picker-heading" data-testid="profile-picker">
      <h1 id="picker-heading" className="p-picker__heading">
        {m.heading}
      </h1>
      {data ? (
        <ul className="p-picker__grid" aria-label={m.list}>
          {data.profiles.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="p-bare-btn p-picker__item"
                onClick={() => choose(p)}
                disabled={pending}
                aria-current={p.id === data.currentId ? 'true' : undefined}
                data-testid="profile-choice"
                data-profile={p.id}
              >
                <ProfileAvatar avatar={p.avatar} size={140} />
                <span className="p-picker__name">
                  <span className="visually-hidden">{m.choosePrefix}</span> {p.name}
                </span>{' '}
                <span className="p-picker__meta">
                  {p.kids && <span className="p-kids-badge">{messages.badges.kids}</span>}{' '}
                  {p.hasPin && <span>{m.hasPin}</span>}{' '}
                  {isLocked(p) && <span>{m.locked(p.lockedUntil!)}</span>}{' '}
                  {p.id === data.currentId && <span>{m.current}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <span role="progressbar" aria-label={m.documentTitle} className="p-progress" style={{ width: 200 }}>
          <span className="p-progress__bar" />
        </span>
      )}
      {failure && (
        <p role="alert" className="p-body2" style={{ color: 'var(--mui-palette-error-light)', margin: 0 }}>
          {failure}
        </p>
      )}
      {data && !current?.kids && (
        <div className="p-picker__actions">
          <Button component={RouterLink} to={paths.profiles.manage.getHref()} variant="outlined" color="inherit" data-testid="to-manage">
            {m.manage}
          </Button>
        </div>
      )}
      {asking && (
        <UnlockDialog
          key={`${asking.profile.id}:${asking.kind}`}
          profile={asking.profile}
          kind={asking.kind}
          error={asking.error}
          pending={pending}
          onSubmit={(body) => void trySelect(asking.profile, body)}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}
