import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Member } from '@parde/contract';
import { formatJalali, formatNumber } from '@parde/persian';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { accentText } from '../../../components/accent';
import { EmptyState } from '../../../components/empty-state';
import { InlineError, QueryErrorPage } from '../../../components/query-error';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { useNotifications } from '../api/get-notifications';
import { useProfile } from '../api/get-profile';
import { useRequests } from '../api/get-requests';
import { messages } from '../messages';
import { AccountPage } from './account-page';
import { ContinueWatchingRow } from './continue-watching-row';
import { NotificationItem } from './notification-item';
import { RequestItem } from './request-item';

const m = messages.dashboard;
const card = { p: { xs: 2, md: 2.5 }, borderRadius: 3, height: '100%' } as const;

function SeeAll({ to }: { to: string }) {
  return (
    <Link component={RouterLink} to={to} sx={(t) => ({ ...accentText(t), fontWeight: 600 })}>
      {m.seeAll}
    </Link>
  );
}

function ProfileCard({ member }: { member: Member }) {
  return (
    <Paper variant="outlined" sx={card} data-testid="profile-card">
      <Typography component="h2" sx={{ fontWeight: 800, fontSize: '1.25rem' }}>
        {m.greeting(member.name)}
      </Typography>
      <Box dir="ltr" sx={{ color: 'text.secondary', textAlign: 'right', mt: 0.5, fontFamily: 'Rubik, sans-serif', overflowWrap: 'anywhere' }}>
        {member.email}
      </Box>
      <Typography color="text.secondary" sx={{ fontSize: '0.9rem', mt: 0.5 }}>
        {m.memberSince(formatJalali(member.createdAt, 'long'))}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Button component={RouterLink} to={paths.user.editPassword.getHref()} variant="outlined" color="inherit" size="small" startIcon={<LockResetIcon />}>
          {m.editPassword}
        </Button>
        <Button component={RouterLink} to={paths.auth.logout.getHref()} variant="outlined" color="inherit" size="small" startIcon={<LogoutIcon sx={{ transform: 'scaleX(-1)' }} />} data-testid="dashboard-logout">
          {m.logout}
        </Button>
      </Box>
    </Paper>
  );
}

function Stat({ value, label, to }: { value: number; label: string; to?: string }) {
  const content = (
    <>
      <Box component="span" sx={{ display: 'block', fontSize: { xs: '1.4rem', md: '1.7rem' }, fontWeight: 800 }}>
        {formatNumber(value, 0)}
      </Box>
      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.88rem' }}>
        {label}
      </Box>
    </>
  );
  const sx = { display: 'block', textAlign: 'center', p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', color: 'inherit', textDecoration: 'none' } as const;
  return (
    <li>
      {to ? (
        <Box component={RouterLink} to={to} sx={{ ...sx, '&:hover': { borderColor: 'secondary.main' } }}>
          {content}
        </Box>
      ) : (
        <Box sx={sx}>{content}</Box>
      )}
    </li>
  );
}

function ListPart({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={{ display: 'grid', gap: 1.25, m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

type Props = {
  /** The subscription box, beside the profile (the premium feature's; the app puts it here). */
  premium: ReactNode;
  /** Parts after the member's own lists: the payment history. */
  after?: ReactNode;
};

/**
 * `user/dashboard`: profile, premium status, counts, continue watching, requests, recent
 * notifications, and whatever the app adds after them.
 */
export function DashboardScreen({ premium, after }: Props) {
  const profile = useProfile();
  const requests = useRequests(1, 3);
  const notifications = useNotifications(1, 5);

  if (profile.isError && !profile.data) return <QueryErrorPage error={profile.error} onRetry={() => void profile.refetch()} />;
  const member = profile.data;
  return (
    <AccountPage
      title={m.heading}
      testId="dashboard-screen"
      action={
        member && member.role !== 'member' ? (
          // The panel is an app of its own (admin.html): reached by loading its page, not by the site's router.
          <Button href={paths.admin.root.getHref()} variant="outlined" color="inherit" data-testid="admin-panel-link">
            {m.adminPanel}
          </Button>
        ) : undefined
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        {member ? <ProfileCard member={member} /> : <Skeleton variant="rounded" height={170} />}
        {premium}
      </Box>
      {member && (
        <Box component="ul" aria-label={m.stats} data-testid="stats" sx={{ listStyle: 'none', m: 0, p: 0, mt: 2, display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5 }}>
          <Stat value={member.stats.watchlist} label={m.statWatchlist} to={paths.user.watchlist.getHref()} />
          <Stat value={member.stats.history} label={m.statHistory} to={paths.user.history.getHref()} />
          <Stat value={member.stats.requests} label={m.statRequests} to={paths.user.newRequest.getHref()} />
          <Stat value={member.stats.comments} label={m.statComments} />
        </Box>
      )}
      <ContinueWatchingRow title={m.continueWatching} emptyText={m.continueEmpty} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, columnGap: 3 }}>
        <Section title={m.requests} action={<SeeAll to={paths.user.newRequest.getHref()} />} testId="dashboard-requests">
          {requests.isPending ? (
            <Skeleton variant="rounded" height={80} />
          ) : requests.isError ? (
            <InlineError error={requests.error} onRetry={() => void requests.refetch()} />
          ) : requests.data.data.length === 0 ? (
            <EmptyState
              message={m.requestsEmpty}
              compact
              action={
                <Button component={RouterLink} to={paths.user.newRequest.getHref()} size="small" variant="outlined" color="inherit">
                  {m.newRequest}
                </Button>
              }
            />
          ) : (
            <ListPart>
              {requests.data.data.map((r) => (
                <RequestItem key={r.id} item={r} />
              ))}
            </ListPart>
          )}
        </Section>
        <Section title={m.notifications} action={<SeeAll to={paths.user.notifications.getHref()} />} testId="dashboard-notifications">
          {notifications.isPending ? (
            <Skeleton variant="rounded" height={80} />
          ) : notifications.isError ? (
            <InlineError error={notifications.error} onRetry={() => void notifications.refetch()} />
          ) : notifications.data.data.length === 0 ? (
            <EmptyState message={m.notificationsEmpty} compact />
          ) : (
            <ListPart>
              {notifications.data.data.map((n) => (
                <NotificationItem key={n.id} item={n} isNew={!n.read} />
              ))}
            </ListPart>
          )}
        </Section>
      </Box>
      {after}
    </AccountPage>
  );
}
