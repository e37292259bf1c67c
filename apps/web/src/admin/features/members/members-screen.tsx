import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { roleLabels, type AdminMember } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { accentText } from '../../../components/accent';
import { QueryErrorPage } from '../../../components/query-error';
import { paths } from '../../../config/paths';
import { AdminPage } from '../components/admin-page';
import { adminDate } from '../lib/format';
import { useMembers, type MembersFilter } from './api';
import { membersMessages as m } from './messages';
import { AdminTable } from '../components/admin-table';
import { UrlFilterSelect, useUrlFilter } from '../components/url-filter';

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined => (allowed.includes(value as T) ? (value as T) : undefined);

/** Whether an account works, in one short word (or two). */
export function MemberStatus({ member }: { member: Pick<AdminMember, 'disabledAt' | 'emailVerified'> }) {
  if (member.disabledAt) return <Chip size="small" color="error" label={m.disabled} />;
  if (!member.emailVerified) return <Chip size="small" variant="outlined" label={m.unverified} />;
  return <Chip size="small" color="success" variant="outlined" label={m.active} />;
}

/** `/admin/members`: members, newest first, found by name, email or id and filtered. */
export function MembersScreen() {
  const { params, set, hrefFor } = useUrlFilter(paths.admin.members.getHref());
  const filter: MembersFilter = {
    page: Number(params.get('page')) || 1,
    q: params.get('q') || undefined,
    premium: pick(params.get('premium'), ['true', 'false'] as const),
    disabled: pick(params.get('disabled'), ['true', 'false'] as const),
    role: pick(params.get('role'), ['member', 'editor', 'admin'] as const),
  };
  const [text, setText] = useState(filter.q ?? '');
  const { data, isError, error, refetch } = useMembers(filter);
  const search = (event: FormEvent) => {
    event.preventDefault();
    set('q', text.trim());
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
        <UrlFilterSelect name="premium" label={m.premiumFilter} value={filter.premium} allLabel={m.all} options={{ true: m.premiumYes, false: m.premiumNo }} minWidth={150} inputTestId="admin-members-premium" />
        <UrlFilterSelect name="disabled" label={m.disabledFilter} value={filter.disabled} allLabel={m.all} options={{ false: m.disabledNo, true: m.disabledYes }} minWidth={150} inputTestId="admin-members-disabled" />
        <UrlFilterSelect name="role" label={m.roleFilter} value={filter.role} allLabel={m.all} options={roleLabels} minWidth={150} inputTestId="admin-members-role" />
      </Box>
      <AdminTable
        label={m.heading}
        columns={[m.name, m.email, m.role, m.joined, m.premiumUntil, m.status]}
        rows={data?.data}
        above={
          data && (
            <Typography color="text.secondary" sx={{ fontSize: '0.85rem', mb: 1 }} data-testid="admin-members-total">
              {m.total(data.meta.total)}
            </Typography>
          )
        }
        meta={data?.meta}
        hrefFor={hrefFor}
      >
        {(rows) =>
          rows.map((row) => (
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
          ))
        }
      </AdminTable>
    </AdminPage>
  );
}
