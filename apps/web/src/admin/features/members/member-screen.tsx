import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { periodStateLabels, roleLabels, type AdminMemberDetail, type AdminPeriod, type PeriodState } from '@parde/contract';
import { formatJalali, toPersianDigits } from '@parde/persian';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { accentText, solidAccent } from '../../../components/accent';
import { ProgressBar } from '../../../components/progress-bar';
import { QueryErrorPage } from '../../../components/query-error';
import { StatusPage } from '../../../components/status-page';
import { paths } from '../../../config/paths';
import { getErrorStatus } from '../../../lib/errors';
import { useAuthStore } from '../../../features/auth';
import { AdminPage } from '../components/admin-page';
import { adminDate, adminDateTime, adminNumber, adminToman } from '../lib/format';
import { adminMessages } from '../messages';
import { useMember } from './api';
import { DisableDialog, GrantDialog, RoleDialog, SignOutDialog } from './member-dialogs';
import { MemberStatus } from './members-screen';
import { membersMessages as m } from './messages';

type Open = 'grant' | 'disable' | 'signout' | 'role' | null;

const stateColor: Record<PeriodState, 'success' | 'info' | 'default' | 'error'> = { running: 'success', waiting: 'info', past: 'default', revoked: 'error' };

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, mb: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography color="text.secondary" sx={{ fontSize: '0.8rem' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{children}</Typography>
    </Box>
  );
}

/** One period on the subscription's timeline: kind, dates, where it came from, and its state. */
function PeriodItem({ p }: { p: AdminPeriod }) {
  const source = p.paymentId ? m.period.payment(p.paymentId) : p.gift ? m.period.gift(p.gift.code) : p.grantedBy ? m.period.grantBy(p.grantedBy.name) : null;
  return (
    <Box
      component="li"
      data-testid="admin-period"
      data-state={p.state}
      sx={{ listStyle: 'none', borderInlineStart: 4, borderColor: p.state === 'running' ? 'success.main' : p.state === 'revoked' ? 'error.main' : p.state === 'waiting' ? 'info.main' : 'divider', pl: 1.5, py: 1, mb: 1 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>{p.kindLabel}</Typography>
        <Typography color="text.secondary">
          {p.planName}، {m.period.days(p.days)}
        </Typography>
        <Chip size="small" color={stateColor[p.state]} variant={p.state === 'past' ? 'outlined' : 'filled'} label={periodStateLabels[p.state]} />
      </Box>
      <Typography sx={{ fontSize: '0.9rem' }}>
        {m.period.from} {adminDate(p.startsAt)} {m.period.to} {adminDate(p.endsAt)}
        {source ? `، ${source}` : ''}
      </Typography>
      {p.reason && (
        <Typography color="text.secondary" sx={{ fontSize: '0.85rem' }}>
          {m.reason}: {p.reason}
        </Typography>
      )}
      {p.revokedAt && (
        <Typography color="error" sx={{ fontSize: '0.85rem' }}>
          {m.period.revoked(adminDateTime(p.revokedAt))}
        </Typography>
      )}
    </Box>
  );
}

function Subscription({ d }: { d: AdminMemberDetail }) {
  const s = d.subscription;
  return (
    <Section title={m.subscription} testId="admin-member-subscription">
      <Typography sx={{ fontWeight: 700, mb: 0.5 }} data-testid="admin-member-premium-state">
        {s.active && s.activeUntil ? m.premiumActive(formatJalali(s.activeUntil), s.daysLeft) : m.premiumInactive}
      </Typography>
      {s.active && s.premiumUntil && s.premiumUntil !== s.activeUntil && <Typography color="text.secondary">{m.premiumTotal(formatJalali(s.premiumUntil))}</Typography>}
      <Typography component="h3" sx={{ fontWeight: 700, mt: 2, mb: 1 }}>
        {m.timeline}
      </Typography>
      {d.periods.length === 0 ? (
        <Typography color="text.secondary">{m.noPeriods}</Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, p: 0 }} aria-label={m.timeline}>
          {d.periods.map((p) => (
            <PeriodItem key={p.id} p={p} />
          ))}
        </Box>
      )}
    </Section>
  );
}

function Payments({ d }: { d: AdminMemberDetail }) {
  const c = m.paymentCols;
  return (
    <Section title={m.payments} testId="admin-member-payments">
      {d.payments.length === 0 ? (
        <Typography color="text.secondary">{m.noPayments}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={m.payments}>
            <TableHead>
              <TableRow>
                <TableCell>{c.id}</TableCell>
                <TableCell>{c.date}</TableCell>
                <TableCell>{c.kind}</TableCell>
                <TableCell>{c.plan}</TableCell>
                <TableCell>{c.amount}</TableCell>
                <TableCell>{c.status}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {d.payments.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`${paths.admin.money.getHref()}?tab=payments&user_id=${d.member.id}&payment=${p.id}`} sx={accentText}>
                      {toPersianDigits(`#${p.id}`)}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{adminDateTime(p.createdAt)}</TableCell>
                  <TableCell>{p.kindLabel}</TableCell>
                  <TableCell>{p.plan.name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{adminToman(p.amount)}</TableCell>
                  <TableCell>
                    <Chip size="small" color={p.refundedAt ? 'warning' : p.status === 'paid' ? 'success' : 'default'} variant="outlined" label={p.statusLabel} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

function Activity({ d }: { d: AdminMemberDetail }) {
  const a = d.activity;
  return (
    <Section title={m.activity} testId="admin-member-activity">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, 1fr)' }, gap: 2, mb: 2 }}>
        <Fact label={m.lastSignIn}>{adminDateTime(a.lastSignInAt)}</Fact>
        <Fact label={m.lastSeen}>{adminDateTime(a.lastSeenAt)}</Fact>
        <Fact label={m.sessions}>{adminNumber(a.sessions)}</Fact>
        <Fact label={m.watchCount}>{adminNumber(a.watchCount)}</Fact>
        <Fact label={m.comments}>{adminNumber(a.comments)}</Fact>
        <Fact label={m.requests}>{adminNumber(a.requests)}</Fact>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 2 }}>
        <Box>
          <Typography component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
            {m.recentWatch}
          </Typography>
          {a.recentWatch.length === 0 ? (
            <Typography color="text.secondary">{adminMessages.empty}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {a.recentWatch.map((w) => (
                <li key={`${w.titleId}-${w.episode?.id ?? 0}`}>
                  {w.title}
                  {w.episode ? ` — ${m.episode(w.episode.season, w.episode.number)}` : ''}، {adminDateTime(w.updatedAt)}
                </li>
              ))}
            </Box>
          )}
        </Box>
        <Box>
          <Typography component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
            {m.recentRequests}
          </Typography>
          {a.recentRequests.length === 0 ? (
            <Typography color="text.secondary">{adminMessages.empty}</Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {a.recentRequests.map((r) => (
                <li key={r.id}>
                  {r.title}، {m.requestStatus[r.status] ?? r.status}، {adminDate(r.createdAt)}
                </li>
              ))}
            </Box>
          )}
        </Box>
      </Box>
    </Section>
  );
}

/** `/admin/members/:id`: the member, their subscription's timeline, payments, activity, and what an admin can do. */
export function MemberScreen() {
  const id = Number(useParams().id);
  const me = useAuthStore((s) => s.user);
  const { data, isPending, isError, error, refetch } = useMember(Number.isInteger(id) && id > 0 ? id : 0);
  const [open, setOpen] = useState<Open>(null);

  if (isError && getErrorStatus(error) === 404) return <StatusPage code="۴۰۴" title={m.heading} body={adminMessages.empty} />;
  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  if (isPending) return <ProgressBar label={adminMessages.loading} />;

  const member = data.member;
  const self = me?.id === member.id;
  const close = () => setOpen(null);
  return (
    <AdminPage
      title={m.memberTitle(member.name)}
      intro={
        <Link component={RouterLink} to={paths.admin.members.getHref()} sx={accentText}>
          {m.back}
        </Link>
      }
      testId="admin-member"
      actions={
        <>
          <Button variant="contained" sx={solidAccent} onClick={() => setOpen('grant')} disabled={Boolean(member.disabledAt)} data-testid="admin-member-grant">
            {m.grant}
          </Button>
          <Button variant="outlined" color="inherit" onClick={() => setOpen('signout')} data-testid="admin-member-signout">
            {m.signOut}
          </Button>
          {!self && (
            <>
              <Button variant="outlined" color="inherit" onClick={() => setOpen('role')} data-testid="admin-member-role">
                {m.changeRole}
              </Button>
              <Button variant="outlined" color={member.disabledAt ? 'success' : 'error'} onClick={() => setOpen('disable')} data-testid={member.disabledAt ? 'admin-member-enable' : 'admin-member-disable'}>
                {member.disabledAt ? m.enable : m.disable}
              </Button>
            </>
          )}
        </>
      }
    >
      {member.disabledAt && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="admin-member-disabled">
          {m.disabledSince(adminDateTime(member.disabledAt), member.disabledReason)} {m.grantDisabled}
        </Alert>
      )}
      {self && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {m.selfNote}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, auto)' }, gap: 2, alignItems: 'start' }}>
        <Fact label={m.id}>{toPersianDigits(member.id)}</Fact>
        <Fact label={m.email}>
          <span dir="ltr">{member.email}</span>
        </Fact>
        <Fact label={m.role}>
          <span data-testid="admin-member-role-label">{roleLabels[member.role]}</span>
        </Fact>
        <Fact label={m.joined}>{adminDate(member.createdAt)}</Fact>
        <Fact label={m.status}>
          <MemberStatus member={member} />
        </Fact>
      </Paper>
      <Subscription d={data} />
      <Payments d={data} />
      <Activity d={data} />
      {open === 'grant' && <GrantDialog member={member} onClose={close} />}
      {open === 'disable' && <DisableDialog member={member} onClose={close} />}
      {open === 'signout' && <SignOutDialog member={member} onClose={close} />}
      {open === 'role' && <RoleDialog member={member} onClose={close} />}
    </AdminPage>
  );
}
