import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { adminPlanFields, type AdminPlan } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { useState } from 'react';
import { accentText, solidAccent } from '../../../components/accent';
import { QueryErrorPage } from '../../../components/query-error';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { formErrors } from '../../../lib/form-rules';
import { notifySuccess } from '../../../lib/notifications';
import { adminNumber, adminToman } from '../lib/format';
import { adminMessages } from '../messages';
import { ActionDialog, formErrorOf } from '../components/action-dialog';
import { parseCount } from '../members/shared';
import { useDeletePlan, usePlans, useSavePlan, type PlanBody } from './api';
import { moneyMessages } from './messages';
import { AdminTable } from '../components/admin-table';

const m = moneyMessages.plans;
const FIELDS = ['name', 'days', 'price', 'discounted_price', 'features', 'is_active', 'sort_order'];

/** Create or edit a plan: name, days, prices, features (one a line), order, on sale. */
function PlanDialog({ plan, onClose }: { plan: AdminPlan | null; onClose: () => void }) {
  const save = useSavePlan();
  const [name, setName] = useState(plan?.name ?? '');
  const [days, setDays] = useState(plan ? toPersianDigits(plan.days) : '');
  const [price, setPrice] = useState(plan ? toPersianDigits(plan.price) : '');
  const [discounted, setDiscounted] = useState(plan?.discountedPrice ? toPersianDigits(plan.discountedPrice) : '');
  const [features, setFeatures] = useState(plan?.features.join('\n') ?? '');
  const [order, setOrder] = useState(toPersianDigits(plan?.sortOrder ?? 0));
  const [active, setActive] = useState(plan?.isActive ?? true);
  const [local, setLocal] = useState<Record<string, string | undefined>>({});
  const server = fieldErrorsOf(save.error);
  const err = (field: string) => local[field] ?? server[field] ?? (field === 'features' ? Object.entries(server).find(([k]) => k.startsWith('features.'))?.[1] : undefined);

  const submit = () => {
    // A number that is not one (letters, nothing) is NaN: the contract refuses it as no number.
    const count = (text: string) => parseCount(text) ?? Number.NaN;
    const body: PlanBody = {
      name: name.trim(),
      days: count(days),
      price: count(price),
      discounted_price: discounted.trim() === '' ? null : count(discounted),
      features: features
        .split('\n')
        .map((f) => f.trim())
        .filter(Boolean),
      is_active: active,
      sort_order: count(order),
    };
    // The contract's rules for each field; a number's too-small or missing is the panel's sentence.
    const number = { invalid_type: m.numberProblem, too_small: m.numberProblem };
    const problems = formErrors(adminPlanFields, body, { name: { too_small: m.nameProblem }, days: number, price: number, discounted_price: number, sort_order: number });
    setLocal(problems);
    if (Object.values(problems).some(Boolean)) return;
    save.mutate(
      { id: plan?.id ?? null, body },
      {
        onSuccess: () => {
          notifySuccess(plan ? m.saved : m.created);
          onClose();
        },
      },
    );
  };

  const field = (key: string, label: string, value: string, set: (v: string) => void, extra: object = {}) => (
    <TextField
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      fullWidth
      error={Boolean(err(key))}
      helperText={err(key) ?? ' '}
      slotProps={{ htmlInput: { 'data-testid': `admin-plan-${key}`, ...extra } }}
    />
  );

  return (
    <ActionDialog
      open
      title={plan ? m.editTitle(plan.name) : m.newTitle}
      text={plan ? m.editText : undefined}
      confirmLabel={m.save}
      pending={save.isPending}
      error={formErrorOf(save.error, FIELDS)}
      onClose={onClose}
      onSubmit={submit}
      testId="admin-plan-dialog"
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
        {field('name', m.name, name, setName, { maxLength: 60 })}
        {field('days', m.days, days, setDays, { inputMode: 'numeric' })}
        {field('price', `${m.price} (تومان)`, price, setPrice, { inputMode: 'numeric' })}
        {field('discounted_price', `${m.discounted} (تومان، اختیاری)`, discounted, setDiscounted, { inputMode: 'numeric' })}
        {field('sort_order', m.order, order, setOrder, { inputMode: 'numeric' })}
        <FormControlLabel control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} slotProps={{ input: { 'data-testid': 'admin-plan-active' } as object }} />} label={m.active} />
      </Box>
      <TextField
        label={m.features}
        value={features}
        onChange={(e) => setFeatures(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        error={Boolean(err('features'))}
        helperText={err('features') ?? ' '}
        slotProps={{ htmlInput: { dir: 'auto', 'data-testid': 'admin-plan-features' } }}
      />
    </ActionDialog>
  );
}

type Confirm = { kind: 'toggle' | 'delete'; plan: AdminPlan } | null;

/** Confirms taking a plan off sale (or back on), or deleting a plan nobody paid for. */
function ConfirmPlan({ confirm, onClose }: { confirm: NonNullable<Confirm>; onClose: () => void }) {
  const save = useSavePlan();
  const remove = useDeletePlan();
  const { plan, kind } = confirm;
  const pending = save.isPending || remove.isPending;
  if (kind === 'delete') {
    return (
      <ActionDialog
        open
        danger
        title={m.deleteTitle(plan.name)}
        text={m.deleteText}
        confirmLabel={m.delete}
        pending={pending}
        error={formErrorOf(remove.error, [])}
        onClose={onClose}
        onSubmit={() =>
          remove.mutate(plan.id, {
            onSuccess: () => {
              notifySuccess(m.deleted);
              onClose();
            },
          })
        }
        testId="admin-plan-delete-dialog"
      />
    );
  }
  const on = !plan.isActive;
  return (
    <ActionDialog
      open
      danger={!on}
      title={on ? m.activateTitle(plan.name) : m.deactivateTitle(plan.name)}
      text={on ? m.activateText : m.deactivateText}
      confirmLabel={on ? m.activate : m.deactivate}
      pending={pending}
      error={formErrorOf(save.error, [])}
      onClose={onClose}
      onSubmit={() =>
        save.mutate(
          { id: plan.id, body: { is_active: on } },
          {
            onSuccess: () => {
              notifySuccess(on ? m.activated : m.deactivated);
              onClose();
            },
          },
        )
      }
      testId="admin-plan-toggle-dialog"
    />
  );
}

export function PlansTab() {
  const { data, isError, error, refetch } = usePlans();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);

  if (isError && !data) return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  return (
    <Box data-testid="admin-plans">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" sx={solidAccent} onClick={() => setEditing('new')} data-testid="admin-plan-add">
          {m.add}
        </Button>
      </Box>
      <AdminTable
        label={moneyMessages.tabs.plans}
        columns={[m.name, m.days, m.price, m.discounted, m.order, m.sales, m.active, adminMessages.audit.details]}
        rows={data}
      >
        {(rows) =>
          rows.map((p) => (
            <TableRow key={p.id} data-testid="admin-plan-row">
              <TableCell sx={{ fontWeight: 600 }}>{p.name}</TableCell>
              <TableCell>{adminNumber(p.days)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{adminToman(p.price)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.discountedPrice === null ? '—' : adminToman(p.discountedPrice)}</TableCell>
              <TableCell>{adminNumber(p.sortOrder)}</TableCell>
              <TableCell>{m.paidOf(p.paid, p.payments)}</TableCell>
              <TableCell>
                <Chip size="small" color={p.isActive ? 'success' : 'default'} variant="outlined" label={p.isActive ? m.onSale : m.offSale} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" sx={accentText} onClick={() => setEditing(p)} data-testid="admin-plan-edit">
                  {moneyMessages.edit}
                </Button>
                <Button size="small" color={p.isActive ? 'error' : 'success'} onClick={() => setConfirm({ kind: 'toggle', plan: p })} data-testid="admin-plan-toggle">
                  {p.isActive ? m.deactivate : m.activate}
                </Button>
                {p.payments === 0 && (
                  <Button size="small" color="error" onClick={() => setConfirm({ kind: 'delete', plan: p })} data-testid="admin-plan-delete">
                    {m.delete}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))
        }
      </AdminTable>
      {editing && <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {confirm && <ConfirmPlan confirm={confirm} onClose={() => setConfirm(null)} />}
    </Box>
  );
}
