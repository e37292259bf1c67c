import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminStats } from '@parde/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { accentText } from '../../../components/accent';
import { ProgressBar } from '../../../components/progress-bar';
import { QueryErrorPage } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notifications';
import { AdminPage } from '../components/admin-page';
import { adminDate, adminNumber, adminToman } from '../lib/format';
import { adminMessages } from '../messages';
import { useRequestFromMiss, useStats } from './api';
import { opsMessages } from './messages';

/** chart.js comes with the dashboard only, after its numbers (docs/decisions/0020). */
const DashboardCharts = lazy(() => import('./dashboard-charts'));

const m = opsMessages.dashboard;
const PERIODS = [7, 30, 90];

function StatCard({ label, value, detail, action, testId }: { label: string; value: string; detail?: string; action?: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }} data-testid={testId}>
      <Typography color="text.secondary" sx={{ fontSize: '0.85rem' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 800, fontSize: { xs: '1.35rem', md: '1.6rem' }, overflowWrap: 'anywhere' }}>{value}</Typography>
      {detail && (
        <Typography color="text.secondary" sx={{ fontSize: '0.8rem' }}>
          {detail}
        </Typography>
      )}
      {action && <Box sx={{ mt: 'auto', pt: 0.5 }}>{action}</Box>}
    </Paper>
  );
}

function Misses({ stats }: { stats: AdminStats }) {
  const ask = useRequestFromMiss();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, borderRadius: 2, minWidth: 0 }} data-testid="admin-dashboard-misses">
      <Typography component="h2" sx={{ fontWeight: 800, fontSize: '1rem' }}>
        {m.misses}
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: '0.85rem', mb: 1 }}>
        {m.missesIntro}
      </Typography>
      {stats.misses.length === 0 ? (
        <Typography color="text.secondary">{m.noMisses}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={m.misses}>
            <TableHead>
              <TableRow>
                <TableCell>{m.missQuery}</TableCell>
                <TableCell>{m.missCount}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{m.missLast}</TableCell>
                <TableCell>{m.missActions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {stats.misses.map((miss) => (
                <TableRow key={miss.query} data-testid="admin-dashboard-miss">
                  <TableCell dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                    {miss.query}
                  </TableCell>
                  <TableCell>{adminNumber(miss.count)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{adminDate(miss.lastDay)}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      <Button
                        size="small"
                        variant="outlined"
                        color="inherit"
                        disabled={ask.isPending}
                        onClick={() => ask.mutate(miss.query, { onSuccess: () => notifySuccess(m.requested(miss.query)) })}
                        data-testid="admin-dashboard-miss-request"
                      >
                        {m.makeRequest}
                      </Button>
                      <Button size="small" component={RouterLink} to={paths.admin.titles.getHref({ q: miss.query })} sx={accentText} data-testid="admin-dashboard-miss-titles">
                        {m.findTitle}
                      </Button>
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

/** `/admin`: the last days in numbers and charts, and what waits for the operators. */
export function DashboardScreen() {
  const [params, setParams] = useSearchParams();
  const days = PERIODS.includes(Number(params.get('days'))) ? Number(params.get('days')) : 30;
  const { data, isPending, isError, error, refetch } = useStats(days);

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  return (
    <AdminPage
      title={m.heading}
      intro={m.intro}
      testId="admin-dashboard"
      actions={
        <TextField select size="small" label={m.period} value={days} onChange={(e) => setParams({ days: String(e.target.value) })} sx={{ minWidth: 130 }} data-testid="admin-dashboard-period">
          {PERIODS.map((p) => (
            <MenuItem key={p} value={p}>
              {m.periods[p]}
            </MenuItem>
          ))}
        </TextField>
      }
    >
      {isPending ? (
        <ProgressBar label={adminMessages.loading} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(auto-fit, minmax(170px, 1fr))' }, gap: { xs: 1, md: 1.5 } }}>
            <StatCard testId="admin-stat-signups" label={m.signups} value={adminNumber(data.totals.signups ?? 0)} />
            <StatCard testId="admin-stat-premium" label={m.premiumNow} value={adminNumber(data.premiumNow)} />
            <StatCard testId="admin-stat-plays" label={m.plays} value={adminNumber(data.totals.plays ?? 0)} />
            <StatCard testId="admin-stat-searches" label={m.searches} value={adminNumber(data.totals.searches ?? 0)} />
            {data.totals.revenue !== null && <StatCard testId="admin-stat-revenue" label={m.revenue} value={adminToman(data.totals.revenue)} detail={m.revenueHint} />}
            <StatCard
              testId="admin-stat-requests"
              label={m.openRequests}
              value={adminNumber(data.openRequests.groups)}
              detail={m.openRequestsDetail(data.openRequests.requests, data.openRequests.groups)}
              action={
                <Button size="small" component={RouterLink} to={paths.admin.requests.getHref()} sx={accentText} data-testid="admin-dashboard-requests-link">
                  {m.toRequests}
                </Button>
              }
            />
            <StatCard
              testId="admin-stat-reported"
              label={m.reported}
              value={adminNumber(data.reportedComments)}
              detail={m.reportedDetail}
              action={
                <Button size="small" component={RouterLink} to={`${paths.admin.comments.getHref()}?filter=reported`} sx={accentText} data-testid="admin-dashboard-comments-link">
                  {m.toComments}
                </Button>
              }
            />
          </Box>
          <Suspense fallback={<ProgressBar label={m.chartLoading} />}>
            <DashboardCharts days={data.days} />
          </Suspense>
          <Misses stats={data} />
        </Box>
      )}
    </AdminPage>
  );
}
