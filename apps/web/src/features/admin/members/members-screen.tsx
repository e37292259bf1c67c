import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { roleLabels, type AdminMember, type Role } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { accentText } from '../../../components/accent';
import { EmptyState } from '../../../components/empty-state';
import { ListPagination } from '../../../components/list-pagination';
import { ProgressBar } from '../../../components/progress-bar';
import { QueryErrorPage } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { AdminPage } from '../components/admin-page';
import { adminDate } from '../lib/format';
import { adminMessages } from '../messages';
import { useMembers, type MembersFilter } from './api';
import { membersMessages as m } from './messages';

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);

/** Whether an account works, in one short word (or two). */
export function MemberStatus({ member }: { member: Pick<AdminMember, 'disabledAt' | 'emailVerified'> }) {
  if (member.disabledAt) return <Chip size="small" color="error" label={m.disabled} />;
  if (!member.emailVerified) return <Chip size="small" variant="outlined" label={m.unverified} />;
  return <Chip size="small" color="success" variant="outlined" label={m.active} />;
}

/** `/admin/members`: members, newest first, found by name, email or id and filtered. */
export function MembersScreen() {
  const [params, setParams] = useSearchParams();
  const filter: MembersFilter = {
    page: Number(params.get('page')) || 1,
    q: params.get('q') || undefined,
    premium: pick(params.get('premium'), ['true', 'false'] as const),
    disabled: pick(params.get('disabled'), ['true', 'false'] as const),
    role: pick(params.get('role'), ['member', 'editor', 'admin'] as const),
  };
  const [text, setText] = useState(filter.q ?? '');
  const { data, isPending, isError, error, refetch } = useMembers(filter);

  const set = (key: string, value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
      return next;
    });
  const search = (event: FormEvent) => {
    event.preventDefault();
    set('q', text.trim());
  };
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `${paths.admin.members.getHref()}?${next.toString()}`;
  };

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  return (
    <AdminPage title={m.heading} intro={m.intro} testId="admin-members">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
        <Box component="form" role="search" onSubmit={search} sx={{ display: 'flex', gap: 1 }}>
          <TextField
            size="small"
            label={m.search}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { dir: 'auto', maxLength: 100, 'data-testid': 'admin-members-search' } }}
          />
          <Button type="submit" variant="outlined" color="inherit" data-testid="admin-members-search-button">
            {m.searchButton}
          </Button>
        </Box>
        <TextField select size="small" label={m.premiumFilter} value={filter.premium ?? ''} onChange={(e) => set('premium', e.target.value)} sx={{ minWidth: 150 }} slotProps={{ htmlInput: { 'data-testid': 'admin-members-premium' } }}>
          <MenuItem value="">{m.all}</MenuItem>
          <MenuItem value="true">{m.premiumYes}</MenuItem>
          <MenuItem value="false">{m.premiumNo}</MenuItem>
        </TextField>
        <TextField select size="small" label={m.disabledFilter} value={filter.disabled ?? ''} onChange={(e) => set('disabled', e.target.value)} sx={{ minWidth: 150 }} slotProps={{ htmlInput: { 'data-testid': 'admin-members-disabled' } }}>
          <MenuItem value="">{m.all}</MenuItem>
          <MenuItem value="false">{m.disabledNo}</MenuItem>
          <MenuItem value="true">{m.disabledYes}</MenuItem>
        </TextField>
        <TextField select size="small" label={m.roleFilter} value={filter.role ?? ''} onChange={(e) => set('role', e.target.value)} sx={{ minWidth: 150 }} slotProps={{ htmlInput: { 'data-testid': 'admin-members-role' } }}>
          <MenuItem value="">{m.all}</MenuItem>
          {(Object.keys(roleLabels) as Role[]).map((r) => (
            <MenuItem key={r} value={r}>
              {roleLabels[r]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {isPending ? (
        <ProgressBar label={adminMessages.loading} />
      ) : data.data.length === 0 ? (
        <EmptyState message={adminMessages.empty} compact />
      ) : (
        <>
          <Typography color="text.secondary" sx={{ fontSize: '0.85rem', mb: 1 }} data-testid="admin-members-total">
            {m.total(data.meta.total)}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={m.heading}>
              <TableHead>
                <TableRow>
                  <TableCell>{m.name}</TableCell>
                  <TableCell>{m.email}</TableCell>
                  <TableCell>{m.role}</TableCell>
                  <TableCell>{m.joined}</TableCell>
                  <TableCell>{m.premiumUntil}</TableCell>
                  <TableCell>{m.status}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((row) => (
                  <TableRow key={row.id} data-testid="admin-member-row" hover>
                    <TableCell>
                      <Link component={RouterLink} to={paths.admin.member.getHref(row.id)} underline="hover" sx={(t) => ({ ...accentText(t), fontWeight: 600 })}>
                        {row.name}
                      </Link>
                      <Typography component="span" color="text.secondary" sx={{ fontSize: '0.75rem', marginInlineStart: 1 }}>
                        {toPersianDigits(`#${row.id}`)}
                      </Typography>
                    </TableCell>
                    <TableCell dir="ltr" sx={{ textAlign: 'right' }}>
                      {row.email}
                    </TableCell>
                    <TableCell>{roleLabels[row.role]}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{adminDate(row.createdAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="admin-member-premium">
                      {row.premium.active ? adminDate(row.premium.until) : m.noPremium}
                    </TableCell>
                    <TableCell>
                      <MemberStatus member={row} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      {data && data.meta.lastPage > 1 && <ListPagination page={data.meta.currentPage} lastPage={data.meta.lastPage} hrefFor={hrefFor} />}
    </AdminPage>
  );
}
