import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../components/use-document-title';

/** The frame of every auth screen: one narrow card with the page's heading (plain elements, theme/pages.css). */
export function AuthCard({ title, intro, children, footer, testId }: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode; testId?: string }) {
  useDocumentTitle(title);
  return (
    <div className="p-auth" data-testid={testId}>
      <div className="p-sheet p-auth__card">
        <h1 className="p-auth__title">{title}</h1>
        {intro && <p className="p-auth__intro">{intro}</p>}
        {children}
      </div>
      {footer && <div className="p-auth__footer">{footer}</div>}
    </div>
  );
}
