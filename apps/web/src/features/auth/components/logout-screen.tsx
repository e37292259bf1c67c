import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { getCookie } from '../../../lib/cookies';
import { solidAccent } from '../../../components/accent';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notifications';
import { logout } from '../api/logout';
import { decideGuard, REF_COOKIE } from '../lib/guard';
import { useAuthStore } from '../stores/auth-store';
import { messages } from '../messages';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-parts';

const m = messages.logout;

/** `auth/logout`: signs out on arrival and goes home; a failure stays here with a retry. */
export function LogoutScreen() {
  const location = useLocation();
  // Decided once on arrival: a visitor is guarded like any login-required page (spec §2).
  const [arrivedSignedIn] = useState(() => Boolean(useAuthStore.getState().token));
  if (!arrivedSignedIn) {
    const visitor = { token: null, user: null, isLoading: false, hasTriedFetchingUser: true };
    const decision = decideGuard(visitor, getCookie(REF_COOKIE), location.pathname);
    return <Navigate to={decision.type === 'redirect' ? decision.to : paths.home.getHref()} replace />;
  }
  return <SigningOut />;
}

function SigningOut() {
  const navigate = useNavigate();
  const [state, setState] = useState<'working' | 'failed'>('working');
  const started = useRef(false);

  const run = useCallback(async () => {
    setState('working');
    if (await logout()) {
      notifySuccess(m.done);
      navigate(paths.home.getHref(), { replace: true });
    } else setState('failed');
  }, [navigate]);

  useEffect(() => {
    // Once per visit, even when development mode mounts twice.
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);

  return (
    <AuthCard title={m.heading} testId="logout-screen">
      {state === 'working' ? (
        <Box role="status">
          <Box sx={{ mb: 2 }}>{m.working}</Box>
          <LinearProgress aria-label={m.working} />
        </Box>
      ) : (
        <>
          <FormAlert message={m.failed} />
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => void run()} sx={solidAccent}>
              {m.retry}
            </Button>
            <Button component={RouterLink} to={paths.user.dashboard.getHref()} variant="outlined" color="inherit">
              {m.back}
            </Button>
          </Box>
        </>
      )}
    </AuthCard>
  );
}
