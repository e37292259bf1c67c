import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/use-document-title';

/**
 * The frame of the premium pages: heading, a line of intro, something on the far side. Plain
 * elements (theme/pages.css), so the server draws the plans without MUI.
 */
export function PremiumPage({ title, intro, action, children, testId, maxWidth = 'lg' }: { title: string; intro?: ReactNode; action?: ReactNode; children: ReactNode; testId?: string; maxWidth?: 'md' | 'lg' }) {
  useDocumentTitle(title);
  return (
    <div className={maxWidth === 'md' ? 'p-container p-page p-page--md' : 'p-container p-page'} data-testid={testId}>
      <div className="p-page__head">
        <div>
          <h1 className="p-page__title">{title}</h1>
          {intro && <p className="p-page__intro">{intro}</p>}
        </div>
        {action}
      </div>
      {children}
    </div>
  );
}
