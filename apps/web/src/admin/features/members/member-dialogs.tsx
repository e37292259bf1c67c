import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { adminGrantInput, adminMemberReasonInput, roleLabels, type AdminMember, type Role } from '@parde/contract';
import { formatJalali } from '@parde/persian';
import { useRef, useState } from 'react';
import { getErrorMessage, getErrorStatus } from '../../../lib/errors';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { checkForm } from '../../../lib/form-rules';
import { notifySuccess } from '../../../lib/notifications';
import { ActionDialog, formErrorOf } from '../components/action-dialog';
import { ReasonDialog, ReasonField } from '../components/reason-dialog';
import { adminMessages } from '../messages';
import { useChangeRole, useGrantPremium, useSetDisabled, useSignOutEverywhere } from './api';
import { membersMessages as m } from './messages';
import { newRequestId, parseCount } from './shared';

type DialogProps = { member: AdminMember; onClose: () => void };

/** What the server answers when the same grant was just given: the operator is asked before it is given again. */
const isRepeatedGrant = (error: unknown) =>
  getErrorStatus(error) === 409 && (error as { response?: { data?: { code?: unknown } } }).response?.data?.code === 'GRANT_REPEATED';

/**
 * Grant or extend premium: days and a reason. Every send carries an `Idempotency-Key`: one per
 * submission of these values, the same again on a retry (a lost answer, a double click), a new one
 * once the values change. When the same grant was given minutes ago the server refuses it, and
 * the dialog asks whether to give it again.
 */
export function GrantDialog({ member, onClose }: DialogProps) {
  const grant = useGrantPremium(member.id);
  const submission = useRef<{ key: string; days: number; reason: string } | null>(null);
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<Record<string, string | undefined>>({});
  const server = fieldErrorsOf(grant.error);
  const askAgain = isRepeatedGrant(grant.error);

  const send = (confirm: boolean) => {
    // The contract's rules (1 to 3650 days, a reason of 3 to 500 characters), the panel's sentences.
    const check = checkForm(adminGrantInput, { days: parseCount(days), reason }, { days: m.daysProblem, reason: { too_small: adminMessages.reasonTooShort } });
    setLocal(check.errors);
    if (!check.ok) return;
    const values = { days: check.data.days, reason: check.data.reason };
    const last = submission.current;
    if (!last || last.days !== values.days || last.reason !== values.reason) submission.current = { key: newRequestId(), ...values };
    grant.mutate(
      { ...values, key: submission.current!.key, confirm },
      {
        onSuccess: (r) => {
          notifySuccess(r.replayed ? m.grantedAgain : m.granted(r.period.days, formatJalali(r.subscription.premiumUntil ?? r.period.endsAt)));
          onClose();
        },
      },
    );
  };
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    // Changed values are another grant: the repeat question no longer applies to them.
    if (askAgain) grant.reset();
  };

  return (
    <ActionDialog
      open
      title={m.grantTitle}
      text={m.grantText(member.name)}
      confirmLabel={askAgain ? m.grantAgainConfirm : m.grantConfirm}
      pending={grant.isPending}
      error={askAgain ? null : formErrorOf(grant.error, ['days', 'reason'])}
      onClose={onClose}
      onSubmit={() => send(askAgain)}
      testId="admin-grant-dialog"
    >
      {askAgain && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="admin-grant-repeat">
          <AlertTitle>{m.grantAgainQuestion}</AlertTitle>
          {getErrorMessage(grant.error)}
        </Alert>
      )}
      <TextField
        label={m.days}
        value={days}
        onChange={(e) => edit(setDays)(e.target.value)}
        required
        fullWidth
        error={Boolean(local.days ?? server.days)}
        helperText={local.days ?? server.days ?? ' '}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': 'admin-grant-days' } }}
        sx={{ mb: 1 }}
      />
      <ReasonField label={m.reason} value={reason} onChange={edit(setReason)} error={local.reason ?? server.reason} testId="admin-grant-reason" />
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
      schema={adminMemberReasonInput}
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
