import Badge from '@mui/material/Badge';
import type { ReactNode } from 'react';
import { messages } from '../messages';

/** The new-notifications dot (spec §2). Visual only: pair it with `NewNotificationsNote`. */
export function NavBadge({ dot, children }: { dot?: boolean; children: ReactNode }) {
  return (
    <Badge variant="dot" color="error" invisible={!dot} overlap="circular" data-testid={dot ? 'notification-dot' : undefined}>
      {children}
    </Badge>
  );
}

/** What the dot says, for screen readers; placed after the item's label. */
export function NewNotificationsNote({ show }: { show?: boolean }) {
  return show ? <span className="visually-hidden">{` (${messages.newNotifications})`}</span> : null;
}
