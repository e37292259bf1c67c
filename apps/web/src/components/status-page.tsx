import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';
import { messages } from './messages';
import { useDocumentTitle } from './use-document-title';

type Props = { code?: string; title: string; body: string; actions?: ReactNode };

/** The frame of the error and not-found pages. Plain elements styled by theme/catalogue.css. */
export function StatusPage({ code, title, body, actions }: Props) {
  useDocumentTitle(title);
  return (
    <div className="p-container p-container--sm p-status">
      {code && (
        <p aria-hidden="true" className="p-body1 p-status__code">
          {code}
        </p>
      )}
      <h1 className="p-h4 p-status__title">{title}</h1>
      <p className="p-body1 p-muted p-status__body">{body}</p>
      <div className="p-status__actions">
        {actions}
        <RouterLink to={paths.home.getHref()} className="p-btn p-btn--outlined p-btn--inherit p-btn--current">
          {messages.backHome}
        </RouterLink>
      </div>
    </div>
  );
}

export function NotFoundPage({ body }: { body?: string } = {}) {
  return <StatusPage code={messages.notFoundCode} title={messages.notFoundTitle} body={body ?? messages.notFoundBody} />;
}

/** What was at this address was removed for good (the server answered 410). */
export function GonePage() {
  return <StatusPage code={messages.goneCode} title={messages.goneTitle} body={messages.goneBody} />;
}
