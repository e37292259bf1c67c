import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { roleLabels, type AdminMember, type Role } from '@parde/contract';
import { formatJalali } from '@parde/persian';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notifications';
import { useChangeRole, useGrantPremium, useSetDisabled, useSignOutEverywhere } from './api';
import { membersMessages as m } from './messages';
import { ActionDialog, fieldErrorsOf, firstError, formErrorOf, newRequestId, parseCount, ReasonDialog, ReasonField, reasonProblem } from './shared';

type DialogProps = { member: AdminMember; onClose: () => void };

/** Grant or extend premium: days and a reason; one request id per opening, so a double click grants once. */
export function GrantDialog({ member, onClose }: DialogProps) {
  const grant = useGrantPremium(member.id);
  const [requestId] = useState(newRequestId);
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<Record<string, string | undefined>>({});
  const server = fieldErrorsOf(grant.error);

  const submit = () => {
    const n = parseCount(days);
    const problems = { days: n === null || n < 1 || n > 3650 ? m.daysProblem : undefined, reason: reasonProblem(reason) };
    setLocal(problems);
    if (problems.days || problems.reason) return;
    grant.mutate(
      { days: n!, reason: reason.trim(), requestId },
      {
        onSuccess: (r) => {
          notifySuccess(r.replayed ? m.grantedAgain : m.granted(r.period.days, formatJalali(r.subscription.premiumUntil ?? r.period.endsAt)));
          onClose();
        },
      },
    );
  };

  return (
    <ActionDialog
      open
      title={m.grantTitle}
      text={m.grantText(member.name)}
      confirmLabel={m.grantConfirm}
      pending={grant.isPending}
      error={formErrorOf(grant.error, ['days', 'reason'])}
      onClose={onClose}
      onSubmit={submit}
      testId="admin-grant-dialog"
    >
      <TextField
        label={m.days}
        value={days}
        onChange={(e) => setDays(e.target.value)}
        required
        fullWidth
        error={Boolean(local.days ?? firstError(server, 'days'))}
        helperText={local.days ?? firstError(server, 'days') ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': 'admin-grant-days' } }}
        sx={{ mb: 1 }}
      />
      <ReasonField label={m.reason} value={reason} onChange={setReason} error={local.reason ?? firstError(server, 'reason')} testId="admin-grant-reason" />
    </ActionDialog>
  );
}

/** Disable (or enable) the account, with a reason. */
export function DisableDialog({ member, onClose }: DialogProps) {
  const change = useSetDisabled(member.id);
  const disabling = !member.disabledAt;
  return (
    <ReasonDialog
      danger={disabling}
      title={disabling ? m.disableTitle : m.enableTitle}
      text={disabling ? m.disableText(member.name) : m.enableText(member.name)}
      confirmLabel={disabling ? m.disableConfirm : m.enableConfirm}
      reasonLabel={m.reason}
      testId="admin-disable-dialog"
      reasonTestId="admin-disable-reason"
      pending={change.isPending}
      error={change.error}
      onClose={onClose}
      onConfirm={(reason) =>
        change.mutate(
          { disabled: disabling, reason },
          {
            onSuccess: () => {
              notifySuccess(disabling ? m.disabledDone : m.enabledDone);
              onClose();
            },
          },
        )
      }
    />
  );
}

/** Sign the member out on every device. */
export function SignOutDialog({ member, onClose }: DialogProps) {
  const signOut = useSignOutEverywhere(member.id);
  return (
    <ActionDialog
      open
      title={m.signOutTitle}
      text={m.signOutText(member.name)}
      confirmLabel={m.signOutConfirm}
      pending={signOut.isPending}
      error={formErrorOf(signOut.error, [])}
      onClose={onClose}
      onSubmit={() =>
        signOut.mutate(undefined, {
          onSuccess: (r) => {
            notifySuccess(m.signedOut(r.signedOut));
            onClose();
          },
        })
      }
      testId="admin-signout-dialog"
      danger
    />
  );
}

/** Change the role: member, editor or admin. */
export function RoleDialog({ member, onClose }: DialogProps) {
  const change = useChangeRole(member.id);
  const [role, setRole] = useState<Role>(member.role);
  return (
    <ActionDialog
      open
      title={m.roleTitle}
      text={m.roleText}
      confirmLabel={m.roleConfirm}
      pending={change.isPending}
      error={formErrorOf(change.error, ['role'])}
      onClose={onClose}
      onSubmit={() =>
        change.mutate(role, {
          onSuccess: (r) => {
            notifySuccess(m.roleDone(roleLabels[r.role]));
            onClose();
          },
        })
      }
      testId="admin-role-dialog"
    >
      <TextField select label={m.newRole} value={role} onChange={(e) => setRole(e.target.value as Role)} fullWidth slotProps={{ htmlInput: { 'data-testid': 'admin-role-select' } }}>
        {(Object.keys(roleLabels) as Role[]).map((r) => (
          <MenuItem key={r} value={r} data-testid={`admin-role-${r}`}>
            {roleLabels[r]}
          </MenuItem>
        ))}
      </TextField>
    </ActionDialog>
  );
}
