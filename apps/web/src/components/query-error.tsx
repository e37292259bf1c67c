import ErrorOutlineIcon from 'plain-icon:ErrorOutlineOutlined';
import { getErrorMessage, getErrorStatus } from '../lib/errors';
import { messages } from './messages';
import { StatusPage } from './status-page';

/** True for the API's 404 `{message, code}`. */
export const isNotFound = (error: unknown) => getErrorStatus(error) === 404;

/**
 * A screen whose main query failed: the not-found page with the server's Persian sentence for
 * a 404, else the error page with a retry.
 */
export function QueryErrorPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isNotFound(error)) {
    return <StatusPage code={messages.notFoundCode} title={messages.notFoundTitle} body={getErrorMessage(error) || messages.notFoundFallback} />;
  }
  return (
    <StatusPage
      title={messages.errorTitle}
      body={getErrorMessage(error)}
      actions={
        <button type="button" onClick={onRetry} className="p-btn p-btn--contained p-btn--lift">
          {messages.retry}
        </button>
      }
    />
  );
}

/**
 * A part of a page that failed to load: a line with a retry, the rest of the page stays.
 * Plain elements styled by theme/catalogue.css: the home page's first load stays light.
 */
export function InlineError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" data-testid="inline-error" className="p-inline-error">
      <ErrorOutlineIcon aria-hidden="true" className="p-inline-error__icon" />
      <span className="p-inline-error__text">{getErrorMessage(error)}</span>
      <button type="button" onClick={onRetry} className="p-btn p-btn--outlined p-btn--small p-btn--inherit p-btn--current">
        {messages.retry}
      </button>
    </div>
  );
}
