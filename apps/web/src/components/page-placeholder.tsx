import { messages } from './messages';
import { useDocumentTitle } from './use-document-title';

/** Stands in for a screen until its own issue lands: the page's name as its heading. */
export function PagePlaceholder({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <div className="p-container p-placeholder">
      <h1 className="p-h4 p-placeholder__title">{title}</h1>
      <p className="p-body1 p-muted">{messages.comingSoonNote}</p>
    </div>
  );
}
