import WorkspacePremiumIcon from 'plain-icon:WorkspacePremium';
import type { ReactNode } from 'react';

/** A line about the member's running subscription, above what they are about to buy. */
export function ActiveNote({ children, testId = 'active-note' }: { children: ReactNode; testId?: string }) {
  return (
    <div role="status" data-testid={testId} className="p-note">
      <WorkspacePremiumIcon aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
