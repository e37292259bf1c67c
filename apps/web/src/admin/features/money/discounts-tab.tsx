import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { adminDiscountInput, adminDiscountUpdate, type AdminDiscount, type DiscountKind } from '@parde/contract';
import { formatJalali, toPersianDigits } from '@parde/persian';
import { useState, type FormEvent } from 'react';
import { accentText, solidAccent } from '../../../components/accent';
import { QueryErrorPage } from '../../../components/query-error';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { formErrors } from '../../../lib/form-rules';
import { notifySuccess } from '../../../lib/notifications';
import { adminDate, adminToman } from '../lib/format';
import { adminMessages } from '../messages';
import { ActionDialog, formErrorOf } from '../components/action-dialog';
import { jalaliToIso, parseCount } from '../members/shared';
import { useDiscounts, useSaveDiscount, type DiscountBody, type DiscountsFilter } from './api';
import { moneyMessages } from './messages';
import { AdminTable } from '../components/admin-table';
import { UrlFilterSelect, useUrlFilter } from '../components/url-filter';
import { paths } from '../../../config/paths';

const m = moneyMessages.discounts;
const FIELDS = ['code', 'kind', 'value', 'expires_at', 'max_uses', 'is_active'];

/** The last instant of a Tehran calendar day (Iran keeps UTC+03:30 all year). */
const endOfTehranDay = (isoDay: string) => new Date(`${isoDay}T23:59:59+03:30`).toISOString();

function DiscountDialog({ discount, onClose }: { discount: AdminDiscount | null; onClose: () => void }) {
  const save = useSaveDiscount();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<DiscountKind>(discount?.kind ?? 'percent');
  const [value, setValue] = useState(discount ? toPersianDigits(discount.value) : '');
  const initialExpires = discount?.expiresAt ? formatJalali(discount.expiresAt, 'short') : '';
  const [expires, setExpires] = useState(initialExpires);
  const [maxUses, setMaxUses] = useState(discount?.maxUses ? toPersianDigits(discount.maxUses) : '');
  const [active, setActive] = useState(discount?.isActive ?? true);
  const [local, setLocal] = useState<Record<string, string | undefined>>({});
  const server = fieldErrorsOf(save.error);
  const err = (f: string) => local[f] ?? server[f];

  const submit = () => {
    const day = expires.trim() === '' ? null : jalaliToIso(expires);
    const body: DiscountBody = {
      kind,
      value: parseCount(value) ?? Number.NaN,
      expires_at: day ? endOfTehranDay(day) : null,
      max_uses: maxUses.trim() === '' ? null : (parseCount(maxUses) ?? Number.NaN),
      is_active: active,
    };
    // The contract's rules (the code's letters, a percent up to 100…); a missing or too small
    // number, or a short code, in the panel's own sentences. The Jalali day is the form's own.
    const number = { invalid_type: m.valueProblem, too_small: m.valueProblem };
    const sentences = { code: { too_small: m.codeProblem }, value: number, max_uses: number };
    const problems = {
      ...(discount ? formErrors(adminDiscountUpdate, body, sentences) : formErrors(adminDiscountInput, { ...body, code }, sentences)),
      ...(expires.trim() !== '' && !day ? { expires_at: m.dateProblem } : {}),
    };
    setLocal(problems);
    if (Object.values(problems).some(Boolean)) return;
    // An unchanged expiry is not sent again: one already past would be refused as a new date.
    const { expires_at: _unchanged, ...withoutExpiry } = body;
    const edit = expires === initialExpires ? withoutExpiry : body;
    save.mutate(
      { id: discount?.id ?? null, body: discount ? edit : { ...body, code: code.trim() } },
      {
        onSuccess: () => {
          notifySuccess(discount ? m.saved : m.created);
          onClose();
        },
      },
    );
  };

  return (
    <ActionDialog
      open
      title={discount ? m.editTitle(discount.code) : m.newTitle}
      text={discount ? m.editText : undefined}
      confirmLabel={m.save}
      pending={save.isPending}
      error={formErrorOf(save.error, FIELDS)}
      onClose={onClose}
      onSubmit={submit}
      testId="admin-discount-dialog"
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
        {!discount && (
          <TextField
            label={m.code}
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            required
            error={Boolean(err('code'))}
            helperText={err('code') ?? ' '}
            slotProps={{ htmlInput: { dir: 'ltr', maxLength: 40, 'data-testid': 'admin-discount-code' } }}
          />
        )}
        <TextField select label={m.kind} value={kind} onChange={(e) => setKind(e.target.value as DiscountKind)} helperText=" " slotProps={{ htmlInput: { 'data-testid': 'admin-discount-kind' } }}>
          <MenuItem value="percent">{m.percent}</MenuItem>
          <MenuItem value="fixed">{m.fixed}</MenuItem>
        </TextField>
        <TextField
          label={m.value}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
          error={Boolean(err('value'))}
          helperText={err('value') ?? (kind === 'percent' ? '۱ تا ۱۰۰' : 'تومان')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'admin-discount-value' } }}
        />
        <TextField
          label={m.expires}
          value={expires}
          onChange={(e) => setExpires(toPersianDigits(e.target.value))}
          placeholder="۱۴۰۵/۰۱/۰۱"
          error={Boolean(err('expires_at'))}
          helperText={err('expires_at') ?? m.expiresHint}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': 'admin-discount-expires' } }}
        />
        <TextField
          label={m.maxUses}
          value={maxUses}
          onChange={(e) => setMaxUses(e.target.value)}
          error={Boolean(err('max_uses'))}
          helperText={err('max_uses') ?? m.maxUsesHint}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'admin-discount-max' } }}
        />
        <FormControlLabel control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />} label={m.onlyActive} />
      </Box>
    </ActionDialog>
  );
}

function ToggleDiscount({ discount, onClose }: { discount: AdminDiscount; onClose: () => void }) {
  const save = useSaveDiscount();
  const on = !discount.isActive;
  return (
    <ActionDialog
      open
      danger={!on}
      title={m.toggleTitle(discount.code, on)}
      text={m.toggleText(on)}
      confirmLabel={on ? m.activate : m.deactivate}
      pending={save.isPending}
      error={formErrorOf(save.error, [])}
      onClose={onClose}
      onSubmit={() =>
        save.mutate(
          { id: discount.id, body: { is_active: on } },
          {
            onSuccess: () => {
              notifySuccess(on ? m.activated : m.deactivated);
              onClose();
            },
          },
        )
      }
      testId="admin-discount-toggle-dialog"
    />
  );
}

export function DiscountsTab() {
  const { get, set, page, hrefFor } = useUrlFilter(paths.admin.money.getHref());
  const filter: DiscountsFilter = { page, q: get('q'), active: get('active') === 'true' || get('active') === 'false' ? (get('active') as 'true' | 'false') : undefined };
  const [text, setText] = useState(filter.q ?? '');
  const { data, isError, error, refetch } = useDiscounts(filter);
  const [editing, setEditing] = useState<AdminDiscount | 'new' | null>(null);
  const [toggling, setToggling] = useState<AdminDiscount | null>(null);
  const search = (e: FormEvent) => {
    e.preventDefault();
    set('q', text.trim());
  };

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  return (
    <Box data-testid="admin-discounts">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2, alignItems: 'flex-start' }}>
        <Box component="form" role="search" onSubmit={search} sx={{ display: 'flex', gap: 1 }}>
          <TextField size="small" label={m.code} value={text} onChange={(e) => setText(e.target.value)} slotProps={{ htmlInput: { dir: 'ltr', maxLength: 40 } }} />
          <Button type="submit" variant="outlined" color="inherit">
            {moneyMessages.search}
          </Button>
        </Box>
        <UrlFilterSelect name="active" label={m.activeFilter} value={filter.active} allLabel={moneyMessages.all} options={{ true: m.onlyActive, false: m.onlyInactive }} minWidth={140} />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" sx={solidAccent} onClick={() => setEditing('new')} data-testid="admin-discount-add">
          {m.add}
        </Button>
      </Box>
      <AdminTable
        label={moneyMessages.tabs.discounts}
        columns={[m.code, m.value, m.expires, m.uses, m.state, adminMessages.audit.details]}
        rows={data?.data}
        meta={data?.meta}
        hrefFor={hrefFor}
      >
        {(rows) =>
          rows.map((d) => (
            <TableRow key={d.id} data-testid="admin-discount-row">
              <TableCell dir="ltr" sx={{ fontFamily: 'monospace', textAlign: 'right' }}>
                {d.code}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.kind === 'percent' ? m.valuePercent(d.value) : adminToman(d.value)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{adminDate(d.expiresAt)}</TableCell>
              <TableCell>{m.usesOf(d.usedCount, d.maxUses, d.paidUses)}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" color={d.usable ? 'success' : 'default'} label={!d.isActive ? m.inactive : d.usable ? m.usable : m.notUsable} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" sx={accentText} onClick={() => setEditing(d)} data-testid="admin-discount-edit">
                  {moneyMessages.edit}
                </Button>
                <Button size="small" color={d.isActive ? 'error' : 'success'} onClick={() => setToggling(d)} data-testid="admin-discount-toggle">
                  {d.isActive ? m.deactivate : m.activate}
                </Button>
              </TableCell>
            </TableRow>
          ))
        }
      </AdminTable>
      {editing && <DiscountDialog discount={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {toggling && <ToggleDiscount discount={toggling} onClose={() => setToggling(null)} />}
    </Box>
  );
}
