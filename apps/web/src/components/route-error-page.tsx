import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messages } from './messages';
import { GonePage, NotFoundPage, StatusPage } from './status-page';

/**
 * Spec §8: the route error page; a 404 shows the not-found page instead, and a 410 (the server's
 * answer for a title removed from the catalogue, handed over with the page) the page saying so.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    // The server names what was not found (a title, a person…), as the screen would have.
    const said = (error.data as { message?: unknown } | null)?.message;
    return <NotFoundPage body={typeof said === 'string' ? said : undefined} />;
  }
  if (isRouteErrorResponse(error) && error.status === 410) return <GonePage />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <StatusPage
      title={messages.errorTitle}
      body={messages.errorBody}
      actions={
        <button type="button" onClick={() => window.location.reload()} className="p-btn p-btn--contained p-btn--secondary p-btn--lift">
          {messages.retry}
        </button>
      }
    />
  );
}
