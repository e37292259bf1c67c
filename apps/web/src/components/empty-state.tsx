import SentimentDissatisfiedIcon from 'plain-icon:SentimentDissatisfied';
import type { ReactNode } from 'react';

/** Every list's Persian empty state: a sad face, a sentence, and maybe a way out. Styled by theme/catalogue.css. */
export function EmptyState({ message, action, compact = false }: { message: string; action?: ReactNode; compact?: boolean }) {
  return (
    <div role="status" data-testid="empty-state" className={compact ? 'p-empty p-empty--compact' : 'p-empty'}>
      <SentimentDissatisfiedIcon aria-hidden="true" className="p-empty__icon" />
      <p className="p-body1 p-empty__text">{message}</p>
      {action && <div className="p-empty__action">{action}</div>}
    </div>
  );
}
