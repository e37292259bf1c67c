import type { ReactNode } from 'react';
import { messages } from '../messages';

/**
 * The new-notifications dot (spec §2), on the top start corner of its children. Visual only:
 * pair it with `NewNotificationsNote`. The dot is always there, scaled to nothing when hidden,
 * so it grows in and out as MUI's Badge did (theme/shell.css).
 */
export function NavBadge({ dot, children }: { dot?: boolean; children: ReactNode }) {
  return (
    <span className="p-badge" data-testid={dot ? 'notification-dot' : undefined}>
      {children}
      <span aria-hidden="true" className={dot ? 'p-badge__dot' : 'p-badge__dot p-badge__dot--hidden'} />
    </span>
  );
}

/**
 * What the dot says, for screen readers; placed after the item's label. The space before it
 * keeps the label and the note apart in the accessible name whatever the elements' display
 * (a whitespace-only run in a flex box or at the end of a line takes no room on screen).
 */
export function NewNotificationsNote({ show }: { show?: boolean }) {
  if (!show) return null;
  return (
    <>
      {' '}
      <span className="visually-hidden">{` (${messages.newNotifications})`}</span>
    </>
  );
}
